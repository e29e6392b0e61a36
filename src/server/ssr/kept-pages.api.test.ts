import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostAs } from '../test/blog';
import { TEST_DB_KIND, type TestApp } from '../test/harness';
import { createRenderingTestApp } from '../test/rendering';
import { createUserAndLogin } from '../test/users';

/**
 * The public pages kept whole (ssr/page-server.ts) as a visitor who makes up addresses meets them: what is kept for an
 * address depends on its key alone (never on the query), and made-up addresses add nothing to what is kept. The page
 * template and, in place of the server bundle, the client's server entry from the sources (test/rendering.ts).
 */
let t: TestApp;
let lastPage: number;
beforeAll(async () => {
  t = await createRenderingTestApp();
  const admin = (await createUserAndLogin(t, { role: 'admin' })).token;
  // Two pages of the list at least (the seed's three posts and these).
  for (let i = 0; i < 4; i++) await createPostAs(t, admin, { slug: `kept-${i}` });
  lastPage = (await t.call('GET', '/api/v1/blog/posts')).json().data.pagination.totalPages;
  expect(lastPage).toBeGreaterThan(1);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1];
/** How many answers each cache of public reads holds. */
const kept = () => {
  const { publicPages, renderedPages, publicBlog } = t.app.ctx.caches;
  return { publicPages: publicPages.size, renderedPages: renderedPages.size, publicBlog: publicBlog.size };
};

describe(`kept public pages against made-up addresses on ${TEST_DB_KIND}`, () => {
  it('renders a kept page at its canonical address: the query of whoever asked first is in no link, for them or anyone after', async () => {
    const junk = 'A'.repeat(8 * 1024);
    const poisoned = await get(`/?utm_source=evil&x=${junk}`);
    expect(poisoned.statusCode).toBe(200);
    expect(poisoned.body).toContain('href="/hi"');
    const everyone = await get('/');
    expect(everyone.statusCode).toBe(200);
    for (const res of [poisoned, everyone]) {
      expect(res.body).not.toContain('evil');
      expect(res.body).not.toContain(junk.slice(0, 100));
    }
    expect(everyone.headers.etag).toBe(poisoned.headers.etag);

    // A page of the list keeps the query it reads (`page`) and nothing else: in its language links and its pager.
    const listed = await get('/blog?page=2&utm_source=evil');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).toContain('href="/hi/blog?page=2"');
    expect(listed.body).toContain('href="/blog"');
    expect(listed.body).not.toContain('evil');
    const after = await get('/blog?page=2');
    expect(after.body).not.toContain('evil');
    expect(after.headers.etag).toBe(listed.headers.etag);
  });

  it('sends a page of the list past the end to the last page (302), keeping nothing for the number asked', async () => {
    const last = `/blog?page=${lastPage}`;
    const page = await get(last);
    expect(page.statusCode).toBe(200);
    expect(canonical(page.body)).toBe(`${t.config.publicUrl}${last}`);
    const api = await t.call('GET', `/api/v1/blog/posts?page=${lastPage}`);
    const before = kept();

    for (const asked of [lastPage + 1, 999, 1_000_000]) {
      const res = await get(`/blog?page=${asked}`);
      expect(res.statusCode, String(asked)).toBe(302);
      expect(res.headers.location).toBe(last);
      const hindi = await get(`/hi/blog?page=${asked}&utm_source=evil`);
      expect(hindi.statusCode, String(asked)).toBe(302);
      expect(hindi.headers.location).toBe(`/hi${last}`);
      // The API answers the last page itself (the spec's clamp), as the last page's own answer, kept under neither.
      const clamped = await t.call('GET', `/api/v1/blog/posts?page=${asked}`);
      expect(clamped.statusCode).toBe(200);
      expect(clamped.json().data.pagination.currentPage).toBe(lastPage);
      expect(clamped.body).toBe(api.body);
      expect(clamped.headers.etag).toBe(api.headers.etag);
    }
    expect(kept()).toEqual(before);
  });

  it('sends a page asked for in another case to its one address (301), keeping nothing for the variant', async () => {
    expect((await get('/privacy-policy')).statusCode).toBe(200);
    const before = kept();
    const variants: [string, string][] = [
      ['/PRIVACY-policy', '/privacy-policy'],
      ['/Privacy-Policy/', '/privacy-policy'],
      ['/privacy-POLICY?utm_source=evil', '/privacy-policy?utm_source=evil'],
      ['/hi/Contact-Us', '/hi/contact-us'],
      ['/Blog/kept-0', '/blog/kept-0'],
      ['/Dashboard', '/dashboard'],
    ];
    for (const [url, location] of variants) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(location);
    }
    expect(kept()).toEqual(before);
    // The page's own address, and its trailing slash, are answered as they were.
    expect((await get('/privacy-policy/')).statusCode).toBe(200);
  });

  it('keeps nothing of a post that is not there: not the page, not its render, not the answer', async () => {
    await get('/blog/kept-0');
    const before = kept();
    for (let i = 0; i < 5; i++) {
      const res = await get(`/blog/made-up-${i}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Blog Post Not Found');
    }
    expect(kept()).toEqual(before);
  });
});
