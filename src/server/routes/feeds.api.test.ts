import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPostAs } from '../test/blog';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { createUserAndLogin } from '../test/users';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://stealth.example', PUBLIC_DEMO: 'true' });
  admin = (await createUserAndLogin(t, { role: 'admin' })).token;
  await createPostAs(t, admin, {
    slug: 'feed-new',
    title: 'Newest & best <b>',
    excerpt: 'An excerpt with <tags> & ampersands',
    status: 'published',
    featured_image: '/storage/blog-images/blog-1-a.png',
  });
  await createPostAs(t, admin, { slug: 'feed-draft', title: 'Hidden draft', status: 'draft' });
  await createPostAs(t, admin, { slug: 'feed-archived', title: 'Hidden archived', status: 'archived' });
  await t.db.execute(sql`update blog_posts set created_at = now() + interval '1 minute' where slug = 'feed-new'`);
});
afterAll(() => t.close());

describe(`feeds on ${TEST_DB_KIND}`, () => {
  it('rss.xml lists published posts newest first, escaped, without drafts or archived posts', async () => {
    const res = await t.call('GET', '/rss.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/rss\+xml/);
    const body = res.body;
    expect(body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    const links = [...body.matchAll(/<item>\s*<title>[^<]*<\/title>\s*<link>([^<]+)<\/link>/g)].map((m) => m[1]);
    expect(links[0]).toBe('https://stealth.example/blog/feed-new');
    expect(links).toContain('https://stealth.example/blog/stealth-browser-overview');
    expect(body).toContain('<title>Newest &amp; best &lt;b&gt;</title>');
    expect(body).toContain('<description>An excerpt with &lt;tags&gt; &amp; ampersands</description>');
    expect(body).toContain('url="https://stealth.example/storage/blog-images/blog-1-a.png"');
    expect(body).not.toContain('Hidden');
  });

  it('sitemap.xml holds the public pages and every published post only', async () => {
    const res = await t.call('GET', '/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const page of ['/', '/blog', '/privacy-policy', '/terms-of-service', '/refund-policy', '/terms-conditions', '/contact-us']) {
      expect(locs).toContain(`https://stealth.example${page}`);
    }
    expect(locs).toContain('https://stealth.example/blog/feed-new');
    expect(locs).toContain('https://stealth.example/blog/stealth-browser-overview');
    expect(locs.some((l) => l.includes('feed-draft') || l.includes('feed-archived'))).toBe(false);
    expect(locs.some((l) => l.includes('/admin') || l.includes('/dashboard'))).toBe(false);
  });

  it('rss.xml and sitemap.xml are made once per version of the blog: sent again as kept (304 on their ETag) until a post changes', async () => {
    const select = vi.spyOn(t.app.ctx.db, 'select');
    try {
      for (const [url, type] of [
        ['/rss.xml', /^application\/rss\+xml/],
        ['/sitemap.xml', /^application\/xml/],
      ] as const) {
        const first = await t.call('GET', url);
        expect(first.statusCode).toBe(200);
        const etag = String(first.headers.etag);
        expect(etag).toMatch(/^"[\w-]{27}"$/);
        select.mockClear();
        const again = await t.call('GET', url);
        expect(again.body).toBe(first.body);
        expect(again.headers['content-type']).toMatch(type);
        expect(again.headers['cache-control']).toBe('public, max-age=300');
        expect((await t.call('GET', url, { headers: { 'if-none-match': etag } })).statusCode).toBe(304);
        expect(select).not.toHaveBeenCalled();
      }
      const { slug } = await createPostAs(t, admin, { slug: 'feed-later', status: 'published' });
      expect((await t.call('GET', '/sitemap.xml')).body).toContain(`https://stealth.example/blog/${slug}</loc>`);
      expect((await t.call('GET', '/rss.xml')).body).toContain(`https://stealth.example/blog/${slug}</link>`);
    } finally {
      select.mockRestore();
    }
  });

  it('robots.txt allows the site, keeps private areas out and names the sitemap', async () => {
    const res = await t.call('GET', '/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('User-agent: *\nAllow: /');
    expect(res.body).toContain('Disallow: /admin');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Sitemap: https://stealth.example/sitemap.xml');
  });

  it('rss.xml stays XML with an image address stored before control characters were refused', async () => {
    await createPostAs(t, admin, { slug: 'feed-control', status: 'published', featured_image: 'https://cdn.example.com/a.png' });
    await t.db.execute(sql`update blog_posts set featured_image = 'https://cdn.example.com/a' || chr(1) || chr(31) || '.png' where slug = 'feed-control'`);
    const body = (await t.call('GET', '/rss.xml')).body;
    expect(body).toContain('<media:content url="https://cdn.example.com/a.png" medium="image"/>');
    // eslint-disable-next-line no-control-regex
    expect(body).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
  });
});

describe(`the sitemap of a large blog on ${TEST_DB_KIND}`, () => {
  it("holds at most the protocol's 50 000 URLs, the pages in four languages and the newest posts at their one address", async () => {
    const big = await createTestApp({ PUBLIC_URL: 'https://stealth.example', PUBLIC_DEMO: 'true' });
    try {
      // 50 000 posts more than the seed's: each at its English address alone (decision 135), with the public pages in
      // four languages, over 50 000 addresses.
      await big.db.execute(sql`
        insert into blog_posts (title, slug, content, status, created_at)
        select 'Post ' || g, 'many-' || g, '<p>x</p>', 'published', timestamptz '2030-01-01' + make_interval(secs => g)
        from generate_series(1, 50000) g`);
      const res = await big.call('GET', '/sitemap.xml');
      expect(res.statusCode).toBe(200);
      const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      expect(locs.length).toBe(50_000);
      expect(locs).toContain('https://stealth.example/blog/many-50000');
      expect(locs).not.toContain('https://stealth.example/blog/many-1');
      expect(locs.some((l) => /\/(hi|es|fr)\/blog\/./.test(l))).toBe(false);
      expect(locs).toContain('https://stealth.example/fr/contact-us');
    } finally {
      await big.close();
    }
  }, 120_000);
});
