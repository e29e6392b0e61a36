import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataNeed } from '../../client/ssr/page-data';
import type { ServerRender } from '../../client/ssr/initial-data';
import { createPostAs } from '../test/blog';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { createUserAndLogin } from '../test/users';
import { createPageRenderer } from './render-page';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUserAndLogin(t, { role: 'admin' })).token;
});
afterAll(() => t.close());

/** A stand-in for the server bundle that records what it was asked to render. */
function fakeEntry(needs: (pathname: string) => DataNeed[] | null, render: (url: string, server: ServerRender) => string = (_, s) => `<p>${JSON.stringify(s.data)}</p>`) {
  const calls: { url: string; data: ServerRender['data'] }[] = [];
  return {
    calls,
    entry: {
      dataNeeds: (pathname: string) => needs(pathname),
      render: async (url: string, server: ServerRender) => {
        calls.push({ url, data: server.data });
        return render(url, server);
      },
    },
  };
}

const dataOf = (script: string) => JSON.parse(script.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, ''));

describe(`server render of public pages on ${TEST_DB_KIND}`, () => {
  it('renders with what the API answers, reuses the markup while that stays the same, and renders again when it changes', async () => {
    const { entry, calls } = fakeEntry((p) => (p === '/list' ? [{ key: 'list', path: '/blog/posts?page=1', pick: (d) => (d as { posts: { slug: string }[] }).posts.map((x) => x.slug) }] : null));
    const renderPage = createPageRenderer(t.app, entry);
    const first = await createPostAs(t, admin, { title: 'First </script><script>alert(1)</script>' });

    const one = await renderPage('/list');
    expect(calls).toHaveLength(1);
    expect(calls[0].data.list).toEqual((await t.call('GET', '/api/v1/blog/posts?page=1')).json().data.posts.map((x: { slug: string }) => x.slug));
    expect(calls[0].data.list).toContain(first.slug);
    expect(dataOf(one!.dataScript)).toMatchObject({ list: calls[0].data.list, renderedAt: expect.any(Number) });

    const again = await renderPage('/list');
    expect(calls).toHaveLength(1);
    expect(again).toEqual(one);

    const second = await createPostAs(t, admin);
    await renderPage('/list');
    expect(calls).toHaveLength(2);
    expect(calls[1].data.list).toEqual([second.slug, ...(calls[0].data.list as string[])].slice(0, 6));
  });

  it('keeps the data script inert whatever the data holds', async () => {
    const hostile = await createPostAs(t, admin, { title: 'Evil </script><script>alert(1)</script> \u2028 title' });
    const { entry } = fakeEntry(() => [{ key: 'post', path: `/blog/posts/${hostile.slug}`, pick: (d) => d }]);
    const page = await createPageRenderer(t.app, entry)('/post');
    expect(page!.dataScript.slice(0, -'</script>'.length)).not.toMatch(/<\/|<!--|\u2028/);
    expect(dataOf(page!.dataScript).post.post.title).toBe(hostile.title);
  });

  it('leaves out data the API refuses, and renders nothing for pages it does not render', async () => {
    const { entry, calls } = fakeEntry((p) => (p === '/missing' ? [{ key: 'post', path: '/blog/posts/no-such-post' }] : null));
    const renderPage = createPageRenderer(t.app, entry);
    const page = await renderPage('/missing');
    expect(Object.keys(calls[0].data)).toEqual(['renderedAt']);
    expect(dataOf(page!.dataScript)).toEqual({ renderedAt: calls[0].data.renderedAt });
    expect(await renderPage('/dashboard')).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('answers a failed render with null, so the page is sent for the browser to draw', async () => {
    const { entry } = fakeEntry(
      () => [],
      () => {
        throw new Error('render broke');
      },
    );
    const errors: unknown[] = [];
    const original = t.app.log.error.bind(t.app.log);
    t.app.log.error = ((obj: unknown) => void errors.push(obj)) as typeof t.app.log.error;
    try {
      expect(await createPageRenderer(t.app, entry)('/broken')).toBeNull();
    } finally {
      t.app.log.error = original;
    }
    expect(errors).toHaveLength(1);
  });
});
