import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerRender } from '../../client/ssr/initial-data';
import { queryKeyId } from '../../shared/pages';
import { createPostAs } from '../test/blog';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { createUserAndLogin } from '../test/users';
import { readPage } from './read-page';
import { createPageRenderer } from './render-page';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUserAndLogin(t, { role: 'admin' })).token;
});
afterAll(() => t.close());

/** A stand-in for the server bundle that records what it was asked to render. */
function fakeEntry(render: (url: string, server: ServerRender) => string = (_, s) => `<p>${JSON.stringify(s.data)}</p>`) {
  const calls: { url: string; data: ServerRender['data'] }[] = [];
  return {
    calls,
    entry: {
      render: async (url: string, server: ServerRender) => {
        calls.push({ url, data: server.data });
        return render(url, server);
      },
    },
  };
}

const dataOf = (script: string) => JSON.parse(script.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, ''));

describe(`server render of public pages on ${TEST_DB_KIND}`, () => {
  it('renders with the answers its page read, reuses the markup while they stay the same, and renders again when they change', async () => {
    const { entry, calls } = fakeEntry();
    const renderPage = createPageRenderer(t.app, entry);
    const first = await createPostAs(t, admin, { title: 'First </script><script>alert(1)</script>' });
    const read = async () => (await readPage(t.app, '/blog', new URLSearchParams()))!.data;

    const one = await renderPage('/blog', await read());
    expect(calls).toHaveLength(1);
    const listed = calls[0].data[queryKeyId(['blog', 'list', 1])] as { posts: { slug: string }[] };
    expect(listed).toEqual((await t.call('GET', '/api/v1/blog/posts?page=1')).json().data);
    expect(listed.posts.map((p) => p.slug)).toContain(first.slug);
    expect(dataOf(one!.dataScript)).toEqual({ ...calls[0].data, renderedAt: expect.any(Number) });

    const again = await renderPage('/blog', await read());
    expect(calls).toHaveLength(1);
    expect(again).toEqual(one);

    const second = await createPostAs(t, admin);
    await renderPage('/blog', await read());
    expect(calls).toHaveLength(2);
    expect((calls[1].data[queryKeyId(['blog', 'list', 1])] as { posts: { slug: string }[] }).posts[0].slug).toBe(second.slug);
  });

  it('keeps the data script inert whatever the data holds', async () => {
    const hostile = await createPostAs(t, admin, { title: 'Evil </script><script>alert(1)</script> \u2028 title' });
    const { entry } = fakeEntry();
    const { data } = (await readPage(t.app, `/blog/${hostile.slug}`, new URLSearchParams()))!;
    const page = await createPageRenderer(t.app, entry)(`/blog/${hostile.slug}`, data);
    expect(page!.dataScript.slice(0, -'</script>'.length)).not.toMatch(/<\/|<!--|\u2028/);
    expect(dataOf(page!.dataScript)[queryKeyId(['blog', 'post', hostile.slug])].title).toBe(hostile.title);
  });

  it('leaves out an answer the API refuses: the body shows it loading, and the head says 503 without naming an address', async () => {
    const refusing = Object.assign(Object.create(t.app) as typeof t.app, { inject: async () => ({ statusCode: 500, json: () => ({ success: false }) }) });
    const page = await readPage(refusing, '/blog/some-post', new URLSearchParams());
    expect(page!.data).toEqual({});
    expect(page!.head).toMatchObject({ status: 503, noindex: true });
  });

  it('answers a failed render with null, so the page is sent for the browser to draw', async () => {
    const { entry } = fakeEntry(() => {
      throw new Error('render broke');
    });
    const errors: unknown[] = [];
    const original = t.app.log.error.bind(t.app.log);
    t.app.log.error = ((obj: unknown) => void errors.push(obj)) as typeof t.app.log.error;
    try {
      expect(await createPageRenderer(t.app, entry)('/broken', {})).toBeNull();
    } finally {
      t.app.log.error = original;
    }
    expect(errors).toHaveLength(1);
  });
});
