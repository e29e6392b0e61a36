import { sql } from 'drizzle-orm';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts } from '../db/schema';
import { renderHead } from '../seo/head';
import { readPage } from '../ssr/read-page';
import { BLOG_VERSION_POLL_MS, createBlogVersion } from '../services/blog/public-version';
import { createPostAs } from '../test/blog';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { createUserAndLogin } from '../test/users';

let t: TestApp;
let admin: string;
let user: string;
beforeAll(async () => {
  t = await createTestApp();
  // Only the posts of this file: the seeded ones would shift the pages.
  await t.db.delete(blogPosts);
  admin = (await createUserAndLogin(t, { role: 'admin' })).token;
  user = (await createUserAndLogin(t)).token;
});
afterAll(() => t.close());

async function setCreated(slug: string, daysAgo: number) {
  await t.db.execute(sql`update blog_posts set created_at = now() - make_interval(days => ${daysAgo}) where slug = ${slug}`);
}

describe(`public blog API on ${TEST_DB_KIND}`, () => {
  it('is empty with one page when there are no posts', async () => {
    const res = await t.call('GET', '/api/v1/blog/posts');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ posts: [], pagination: { currentPage: 1, totalPages: 1, totalItems: 0, itemsPerPage: 6 } });
  });

  it('lists only published posts, newest first, 6 a page, with the page clamped to 1..page count', async () => {
    for (let i = 1; i <= 8; i++) {
      await createPostAs(t, admin, { slug: `pub-${i}`, title: `Published ${i}`, status: 'published' });
      await setCreated(`pub-${i}`, 20 - i); // pub-8 is the newest
    }
    await createPostAs(t, admin, { slug: 'a-draft', status: 'draft' });
    await createPostAs(t, admin, { slug: 'an-archived', status: 'archived' });

    const first = (await t.call('GET', '/api/v1/blog/posts')).json().data;
    expect(first.posts.map((p: { slug: string }) => p.slug)).toEqual(['pub-8', 'pub-7', 'pub-6', 'pub-5', 'pub-4', 'pub-3']);
    expect(first.pagination).toEqual({ currentPage: 1, totalPages: 2, totalItems: 8, itemsPerPage: 6 });
    expect(first.posts[0]).toMatchObject({ title: 'Published 8', status: 'published', read_time: 3 });
    expect(first.posts[0]).not.toHaveProperty('content');

    const second = (await t.call('GET', '/api/v1/blog/posts?page=2')).json().data;
    expect(second.posts.map((p: { slug: string }) => p.slug)).toEqual(['pub-2', 'pub-1']);

    for (const [page, expected] of [
      ['99', 2],
      ['0', 1],
      ['-3', 1],
      ['abc', 1],
      ['1.7', 1],
    ] as const) {
      const res = await t.call('GET', `/api/v1/blog/posts?page=${page}`);
      expect(res.statusCode, page).toBe(200);
      expect(res.json().data.pagination.currentPage, page).toBe(expected);
    }
  });

  it('shows a published post by slug and answers 404 "Blog post not found" for drafts, archived and unknown slugs', async () => {
    const res = await t.call('GET', '/api/v1/blog/posts/pub-3');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.post).toMatchObject({ slug: 'pub-3', title: 'Published 3', content: expect.stringContaining('<p>') });
    for (const slug of ['a-draft', 'an-archived', 'no-such-post']) {
      const missing = await t.call('GET', `/api/v1/blog/posts/${slug}`);
      expect(missing.statusCode, slug).toBe(404);
      expect(missing.json()).toEqual({ success: false, error: 'NOT_FOUND', code: 'BLOG_POST_NOT_FOUND', message: 'Blog post not found' });
    }
  });

  it('answers visitors, users and admins alike on the public routes (drafts stay hidden even from admins there)', async () => {
    for (const token of [undefined, user, admin]) {
      expect((await t.call('GET', '/api/v1/blog/posts', { token })).json().data.pagination.totalItems).toBe(8);
      expect((await t.call('GET', '/api/v1/blog/posts/pub-1', { token })).statusCode).toBe(200);
      expect((await t.call('GET', '/api/v1/blog/posts/a-draft', { token })).statusCode).toBe(404);
    }
  });

  it('hides a post from the public once archived, and shows it again when republished', async () => {
    const post = await createPostAs(t, admin, { slug: 'toggle-me', status: 'published' });
    expect((await t.call('GET', '/api/v1/blog/posts/toggle-me')).statusCode).toBe(200);
    const { id: _id, created_at: _c, updated_at: _u, ...body } = post;
    await t.call('PUT', `/api/v1/admin/blog/posts/${post.id}`, { token: admin, body: { ...body, status: 'archived' } });
    expect((await t.call('GET', '/api/v1/blog/posts/toggle-me')).statusCode).toBe(404);
    const list = (await t.call('GET', '/api/v1/blog/posts')).json().data.posts;
    expect(list.map((p: { slug: string }) => p.slug)).not.toContain('toggle-me');
    await t.call('PUT', `/api/v1/admin/blog/posts/${post.id}`, { token: admin, body: { ...body, status: 'published' } });
    expect((await t.call('GET', '/api/v1/blog/posts/toggle-me')).statusCode).toBe(200);
  });

  it('sends a kept answer compressed with its ETag, 304 while unchanged, and the new one after any change', async () => {
    const url = '/api/v1/blog/posts?page=1';
    const first = await t.call('GET', url, { headers: { 'accept-encoding': 'br;q=1, gzip;q=0.5' } });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = JSON.parse(brotliDecompressSync(first.rawPayload).toString());
    expect(body).toEqual((await t.call('GET', url)).json());
    const etag = String(first.headers.etag);
    expect((await t.call('GET', url, { headers: { 'accept-encoding': 'gzip' } })).headers['content-encoding']).toBe('gzip');
    expect((await t.call('GET', url, { headers: { 'accept-encoding': 'br;q=0, gzip' } })).headers['content-encoding']).toBe('gzip');
    const unchanged = await t.call('GET', url, { headers: { 'if-none-match': `W/${etag}` } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    // A change straight in the database, as another instance or a script would make it, is announced (NOTIFY).
    const heard = t.app.ctx.blogVersion.reached(t.app.ctx.blogVersion.current()! + 1);
    await t.db.execute(sql`update blog_posts set title = 'Renamed in the database' where slug = ${body.data.posts[0].slug}`);
    await heard;
    const changed = await t.call('GET', url, { headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().data.posts[0].title).toBe('Renamed in the database');
  });

  it('bounds what an instance that missed a notification keeps: it reads the version every second', async () => {
    const deaf = await createBlogVersion(t.database, t.app.ctx.blogQueries, { listen: false });
    const known = deaf.current()!;
    const heard = t.app.ctx.blogVersion.reached(known + 1);
    await t.db.execute(sql`update blog_posts set title = title where false`);
    await heard;
    expect(deaf.current()).toBe(known);
    expect(deaf.job.everyMs).toBe(BLOG_VERSION_POLL_MS);
    expect(BLOG_VERSION_POLL_MS).toBeLessThanOrEqual(1000);
    await deaf.job.run();
    expect(deaf.current()).toBe(t.app.ctx.blogVersion.current());
    await deaf.close();
  });
});

describe(`blog heads on ${TEST_DB_KIND}`, () => {
  const tags = async (path: string, query = '') => (await readPage(t.app, path, new URLSearchParams(query)))!.head;
  const head = async (path: string, query = '') => renderHead(await tags(path, query), t.config.publicUrl);

  it('fills a post head from the meta fields, with Article JSON-LD', async () => {
    await createPostAs(t, admin, {
      slug: 'with-meta',
      title: 'Plain title',
      excerpt: 'Plain excerpt',
      featured_image: '/storage/blog-images/blog-1-cover.png',
      meta_title: 'Meta <title> & more',
      meta_description: 'Meta description',
      meta_keywords: 'alpha, beta',
      meta_image: 'https://cdn.example.com/meta.png',
    });
    const html = await head('/blog/with-meta');
    const base = t.config.publicUrl;
    expect(html).toContain('<title>Meta &lt;title&gt; &amp; more</title>');
    expect(html).toContain('<meta name="description" content="Meta description">');
    expect(html).toContain('<meta name="keywords" content="alpha, beta">');
    expect(html).toContain(`<link rel="canonical" href="${base}/blog/with-meta">`);
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toContain('<meta property="og:title" content="Meta &lt;title&gt; &amp; more">');
    expect(html).toContain('<meta property="og:image" content="https://cdn.example.com/meta.png">');
    expect(html).toContain('<meta name="twitter:description" content="Meta description">');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*)<\/script>/.exec(html)![1]);
    expect(ld).toMatchObject({
      '@type': 'Article',
      headline: 'Meta <title> & more',
      description: 'Meta description',
      image: ['https://cdn.example.com/meta.png'],
      keywords: 'alpha, beta',
    });
    expect(html).not.toMatch(/<title>[^<]*<title>/);
  });

  it('falls back to title, excerpt and featured image', async () => {
    await createPostAs(t, admin, { slug: 'no-meta', title: 'Only a title', excerpt: 'Only an excerpt', featured_image: '/storage/blog-images/blog-2-x.png' });
    const html = await head('/blog/no-meta');
    expect(html).toContain('<title>Only a title</title>');
    expect(html).toContain('<meta name="description" content="Only an excerpt">');
    expect(html).toContain(`<meta property="og:image" content="${t.config.publicUrl}/storage/blog-images/blog-2-x.png">`);
    expect(html).not.toContain('name="keywords"');
  });

  it('gives drafts, archived and unknown slugs a noindex "not found" head that leaks nothing, and a 404', async () => {
    await createPostAs(t, admin, { slug: 'secret-draft', title: 'Secret draft title', status: 'draft' });
    for (const path of ['/blog/secret-draft', '/blog/an-archived', '/blog/nothing-here']) {
      expect((await tags(path)).status, path).toBe(404);
      const html = await head(path);
      expect(html, path).toContain('<title>Blog Post Not Found | Stealth Browser</title>');
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).not.toContain('rel="canonical"');
      expect(html).not.toContain('Secret draft');
    }
    expect((await tags('/blog/with-meta')).status).toBeUndefined();
  });

  it('gives /blog the list title and subtitle', async () => {
    const html = await head('/blog');
    expect(html).toContain('<title>Tech Insights | Stealth Browser Blog</title>');
    expect(html).toContain('Insights, updates, and stories from the Stealth team');
    expect(html).toContain('"@type":"Blog"');
  });

  it('names each page of the list as its own canonical address, with rel prev and next', async () => {
    const base = t.config.publicUrl;
    const links = (html: string) => ({
      canonical: /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1],
      prev: /<link rel="prev" href="([^"]+)">/.exec(html)?.[1],
      next: /<link rel="next" href="([^"]+)">/.exec(html)?.[1],
      title: /<title>([^<]+)<\/title>/.exec(html)?.[1],
    });
    // Three pages of 6: 13 to 18 published posts.
    let { totalItems } = (await t.call('GET', '/api/v1/blog/posts')).json().data.pagination;
    for (; totalItems < 13; totalItems++) await createPostAs(t, admin, { slug: `pager-${totalItems}` });
    expect((await t.call('GET', '/api/v1/blog/posts')).json().data.pagination.totalPages).toBe(3);
    // Page 1, however it is asked for, is /blog.
    for (const query of ['', 'page=1', 'page=0', 'page=abc']) {
      expect(links(await head('/blog', query)), query).toEqual({
        canonical: `${base}/blog`,
        prev: undefined,
        next: `${base}/blog?page=2`,
        title: 'Tech Insights | Stealth Browser Blog',
      });
    }
    expect(links(await head('/blog', 'page=2'))).toEqual({
      canonical: `${base}/blog?page=2`,
      prev: `${base}/blog`,
      next: `${base}/blog?page=3`,
      title: 'Tech Insights, Page 2 | Stealth Browser Blog',
    });
    // The last page, and a page past the end, which the list clamps to the last page.
    for (const query of ['page=3', 'page=99', 'page=1000000']) {
      expect(links(await head('/blog', query)), query).toEqual({
        canonical: `${base}/blog?page=3`,
        prev: `${base}/blog?page=2`,
        next: undefined,
        title: 'Tech Insights, Page 3 | Stealth Browser Blog',
      });
    }
  });
});
