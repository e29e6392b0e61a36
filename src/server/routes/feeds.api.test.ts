import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostAs } from '../test/blog';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { createUserAndLogin } from '../test/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://stealth.example', PUBLIC_DEMO: 'true' });
  const admin = (await createUserAndLogin(t, { role: 'admin' })).token;
  await createPostAs(t, admin, { slug: 'feed-new', title: 'Newest & best <b>', excerpt: 'An excerpt with <tags> & ampersands', status: 'published', featured_image: '/storage/blog-images/blog-1-a.png' });
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

  it('robots.txt allows the site, keeps private areas out and names the sitemap', async () => {
    const res = await t.call('GET', '/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('User-agent: *\nAllow: /');
    expect(res.body).toContain('Disallow: /admin');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Sitemap: https://stealth.example/sitemap.xml');
  });
});
