import { beforeAll, describe, expect, it } from 'vitest';
import { loadAreas } from './i18n/runtime';
import { aPost } from './test/blog-post';
import { addressLocale, blogPostHead, PAGES, pageAt, pageLocale, privatePathPrefixes, titleOf } from './pages';

const at = (path: string, query = '') => pageAt(path, new URLSearchParams(query))!;
const title = (path: string, query = '') => titleOf(at(path, query));

const post = aPost({ featured_image: '/storage/blog-images/blog-1-cover.png', updated_at: '2026-01-06T08:00:00.000Z' });

// The titles are written in the page's language, from the catalogs the app loads first.
beforeAll(() => Promise.all([loadAreas('en', ['chrome']), loadAreas('hi', ['chrome'])]));

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

  it('renders on the server and indexes the public pages only, and keeps the others out of robots.txt', () => {
    expect(PAGES.filter((p) => p.public).map((p) => p.path)).toEqual([
      '/',
      '/blog',
      '/blog/:slug',
      '/privacy-policy',
      '/terms-of-service',
      '/refund-policy',
      '/terms-conditions',
      '/contact-us',
      '/changelog',
    ]);
    expect(privatePathPrefixes()).toEqual([
      '/verify-email',
      '/reset-password',
      '/confirm-email-change',
      '/undo-email-change',
      '/cancel-two-step-recovery',
      '/finish-two-step-recovery',
      '/secure-account',
      '/activate',
      '/dashboard',
      '/shortcuts',
      '/devices',
      '/billing',
      '/settings',
      '/dev/',
      '/admin/',
    ]);
  });

  it('shows the signed-in area with the top bar only, the one-off and admin pages bare, the rest with both', () => {
    const chrome = (path: string) => at(path).page.chrome;
    expect(['/dashboard', '/shortcuts', '/devices', '/billing', '/settings'].map(chrome)).toEqual(['top-nav', 'top-nav', 'top-nav', 'top-nav', 'top-nav']);
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

describe("a post's head as the app sets it", () => {
  it("takes the meta fields first, then title, excerpt and featured image; the JSON-LD is the server's alone", () => {
    expect(blogPostHead(post)).toMatchObject({ title: 'Plain title', description: 'Plain excerpt', image: post.featured_image, path: `/blog/${post.slug}`, type: 'article' });
    expect(blogPostHead(post).jsonLd).toBeUndefined();
    const meta = { ...post, meta_title: 'Meta', meta_description: 'Meta text', meta_keywords: 'a, b', meta_image: 'https://cdn.example.com/m.png' };
    expect(blogPostHead(meta)).toMatchObject({ title: 'Meta', description: 'Meta text', keywords: 'a, b', image: 'https://cdn.example.com/m.png' });
    expect(blogPostHead(undefined)).toMatchObject({ status: 503, noindex: true });
  });
});
