import { beforeAll, describe, expect, it } from 'vitest';
import { loadAreas } from './i18n/runtime';
import type { BlogListResult } from './schemas/blog';
import { aPost } from './test/blog-post';
import { addressLocale, blogPostHead, headOf, PAGES, pageAt, pageLocale, privatePathPrefixes, queryKeyId, sitemapEntries, titleOf, type PageAt } from './pages';

const at = (path: string, query = '') => pageAt(path, new URLSearchParams(query))!;
const title = (path: string, query = '') => titleOf(at(path, query));
const PUBLIC_URL = 'https://stealth.example';

const post = aPost({ featured_image: '/storage/blog-images/blog-1-cover.png', updated_at: '2026-01-06T08:00:00.000Z' });

// The titles and heads are written in the page's language, from the catalogs the server loads first.
beforeAll(() => Promise.all([loadAreas('en', ['chrome', 'heads']), loadAreas('hi', ['chrome', 'heads'])]));

describe('the pages of the site', () => {
  it('has one declaration per path, each a screen module and an export', () => {
    const paths = PAGES.map((p) => p.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const page of PAGES) {
      expect(page.screen.module, page.path).toMatch(/^routes\/[\w/-]+\.tsx?$/);
      expect(page.screen.name, page.path).toMatch(/^[A-Z]\w+$/);
    }
  });

  it('finds the page of a path as the router does: a trailing slash is the same page, and case does not matter', () => {
    expect(at('/blog/some-post')).toMatchObject({ path: '/blog/some-post', params: { slug: 'some-post' } });
    expect(at('/blog/some-post').page.path).toBe('/blog/:slug');
    expect(at('/admin/messages/').page.path).toBe('/admin/messages');
    expect(at('/Billing').page.path).toBe('/billing');
    expect(at('/').page.path).toBe('/');
    for (const path of ['/no-such-page', '/blog/a/b', '/admin', '/admin/edit-post', '/admin/edit-post/', '/dashboard/x']) {
      expect(pageAt(path), path).toBeNull();
    }
  });

  it('titles every page after itself, as the public pages are titled, and leaves a post to title itself', () => {
    expect(title('/privacy-policy')).toBe('Privacy Policy | Stealth Browser');
    expect(title('/billing')).toBe('Billing | Stealth Browser');
    expect(title('/verify-email')).toBe('Verify Email | Stealth Browser');
    expect(title('/reset-password')).toBe('Reset Password | Stealth Browser');
    expect(title('/admin/edit-post/0d6f2b1e-0000-4000-8000-000000000000')).toBe('Edit Post | Stealth Browser Admin');
    expect(title('/admin/messages/')).toBe('Messages | Stealth Browser Admin');
    expect(title('/blog/some-post')).toBeUndefined();
  });

  it('numbers the pages of the blog list after the first', () => {
    expect(title('/blog')).toBe('Tech Insights | Stealth Browser Blog');
    expect(title('/blog', 'page=1')).toBe('Tech Insights | Stealth Browser Blog');
    expect(title('/blog/', 'page=3')).toBe('Tech Insights, Page 3 | Stealth Browser Blog');
  });

  it('names the reads each page is made of, under the keys its screens read', () => {
    const reads = (path: string, query = '') => {
      const a = at(path, query);
      return a.page.reads?.(a) ?? {};
    };
    expect(Object.values(reads('/')).map((r) => r.key)).toEqual(['downloads-config', 'plans-public']);
    expect(reads('/blog', 'page=3')).toEqual({ list: { key: queryKeyId(['blog', 'list', 3]), path: '/blog/posts?page=3' } });
    expect(reads('/blog/', 'page=abc').list.path).toBe('/blog/posts?page=1');
    // The path as the router decodes it: the slug is the one the post screen reads, sent encoded to the API.
    expect(reads('/blog/a b')).toMatchObject({ post: { key: queryKeyId(['blog', 'post', 'a b']), path: '/blog/posts/a%20b', absent: null } });
    expect(reads('/contact-us')).toEqual({});
    for (const path of ['/dashboard', '/billing', '/admin/edit-post/x', '/reset-password']) expect(reads(path), path).toEqual({});
  });

  it('renders on the server, indexes and lists in the sitemap the public pages only', () => {
    expect(PAGES.filter((p) => p.public).map((p) => p.path)).toEqual(['/', '/blog', '/blog/:slug', '/privacy-policy', '/terms-of-service', '/refund-policy', '/terms-conditions', '/contact-us']);
    const entries = sitemapEntries({ posts: [{ slug: 'a b', updatedAt: new Date(post.updated_at) }] });
    const english = ['/', '/blog', '/privacy-policy', '/terms-of-service', '/refund-policy', '/terms-conditions', '/contact-us', '/blog/a%20b'];
    // Each page in each language (decision 090): English at the spec's paths, the others under their prefix.
    expect(entries.map((e) => e.path)).toEqual(english.flatMap((p) => [p, ...['hi', 'es', 'fr'].map((l) => (p === '/' ? `/${l}` : `/${l}${p}`))]));
    expect(entries.at(-1)?.lastmod?.toISOString()).toBe(post.updated_at);
    expect(privatePathPrefixes()).toEqual(['/verify-email', '/reset-password', '/dashboard', '/shortcuts', '/billing', '/settings', '/dev/', '/admin/']);
  });

  it('shows the signed-in area with the top bar only, the one-off and admin pages bare, the rest with both', () => {
    const chrome = (path: string) => at(path).page.chrome;
    expect(['/dashboard', '/shortcuts', '/billing', '/settings'].map(chrome)).toEqual(['top-nav', 'top-nav', 'top-nav', 'top-nav']);
    expect(['/verify-email', '/reset-password', '/admin/login', '/admin/edit-post/x'].map(chrome)).toEqual(['none', 'none', 'none', 'none']);
    expect(['/', '/blog', '/blog/x', '/contact-us', '/dev/mailbox'].map(chrome)).toEqual(['full', 'full', 'full', 'full', 'full']);
  });
});

describe('the language of a page', () => {
  it("opens a mail's link in the language it names, whatever the device remembers; a bad value names none", () => {
    expect(addressLocale(at('/verify-email', 'token=abc&lang=hi'))).toBe('hi');
    expect(pageLocale(at('/reset-password', 'token=abc&lang=fr'), 'hi')).toBe('fr');
    expect(pageLocale(at('/verify-email', 'token=abc&lang=en'), 'es')).toBe('en');
    for (const bad of ['lang=xx', 'lang=HI', 'lang=hi-IN', 'lang=', `lang=${'h'.repeat(5000)}`, 'lang=%3Cscript%3E', 'token=abc']) {
      expect(addressLocale(at('/verify-email', bad)), bad).toBeNull();
      expect(pageLocale(at('/verify-email', bad), 'es'), bad).toBe('es');
      expect(pageLocale(at('/verify-email', bad), null), bad).toBe('en');
    }
  });

  it('shows a public page in its address language only, and the signed-in area in the remembered one', () => {
    expect(pageLocale(pageAt('/hi/blog', new URLSearchParams('lang=fr'))!, 'es')).toBe('hi');
    expect(pageLocale(at('/blog'), 'es')).toBe('en');
    expect(addressLocale(at('/dashboard', 'lang=hi'))).toBeNull();
    expect(pageLocale(at('/dashboard', 'lang=hi'), 'fr')).toBe('fr');
    expect(pageLocale(at('/billing'), null)).toBe('en');
  });
});

describe('page heads', () => {
  const head = (a: PageAt, data: Record<string, unknown> = {}) => headOf(a, data, PUBLIC_URL);

  it('names a fixed page by its own address, and keeps every page that is not public out of search results', () => {
    expect(head(at('/Privacy-Policy/'))).toMatchObject({ title: 'Privacy Policy | Stealth Browser', path: '/privacy-policy' });
    expect(head(at('/privacy-policy')).noindex).toBeUndefined();
    expect(head(at('/admin/edit-post/abc'))).toMatchObject({ title: 'Edit Post | Stealth Browser Admin', path: '/admin/edit-post/abc', noindex: true });
  });

  it('makes the list head of the answer its page shows: the clamped page, and its neighbours', () => {
    const list: BlogListResult = { posts: [], pagination: { currentPage: 3, totalPages: 3, totalItems: 14, itemsPerPage: 6 } };
    expect(head(at('/blog', 'page=99'), { list })).toMatchObject({ title: 'Tech Insights, Page 3 | Stealth Browser Blog', path: '/blog?page=3', prev: '/blog?page=2', next: undefined });
    // The read failed: the browser will fetch the list; no address is named.
    expect(head(at('/blog', 'page=2'))).toMatchObject({ title: 'Tech Insights, Page 2 | Stealth Browser Blog', status: 503, noindex: true });
  });

  it('makes a post head of the post its page shows: meta fields first, then title, excerpt and featured image', () => {
    const plain = head(at('/blog/quiet-windows'), { post });
    expect(plain).toMatchObject({ title: 'Plain title', description: 'Plain excerpt', image: post.featured_image, path: '/blog/quiet-windows', type: 'article', publishedTime: post.created_at, modifiedTime: post.updated_at });
    expect(plain.jsonLd).toMatchObject({ '@type': 'Article', image: [`${PUBLIC_URL}${post.featured_image}`], timeRequired: 'PT4M', mainEntityOfPage: { '@id': `${PUBLIC_URL}/blog/quiet-windows` } });
    const meta = { ...post, meta_title: 'Meta', meta_description: 'Meta text', meta_keywords: 'a, b', meta_image: 'https://cdn.example.com/m.png' };
    expect(blogPostHead(meta, PUBLIC_URL)).toMatchObject({ title: 'Meta', description: 'Meta text', keywords: 'a, b', image: 'https://cdn.example.com/m.png' });
  });

  it('gives a post that is not there a 404 head that leaks nothing, and one that could not be read a 503', () => {
    expect(head(at('/blog/secret-draft'), { post: null })).toEqual({
      title: 'Blog Post Not Found | Stealth Browser',
      description: "The blog post you're looking for doesn't exist.",
      path: '/blog/secret-draft',
      lang: 'en',
      noindex: true,
      status: 404,
    });
    expect(head(at('/blog/secret-draft'))).toMatchObject({ status: 503, noindex: true });
  });
});
