import { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import type { BlogListResult } from '../shared/schemas/blog';
import { aPost } from '../shared/test/blog-post';
import type { PlanDto } from '../shared/schemas/billing';
import { MSG } from '../shared/messages';
import { publicPlansRead } from '../shared/landing-reads';
import { ACCOUNT_LAYOUT, PAGES, pageAt, queryKeyId } from '../shared/pages';
import { PRICED_SCREENS, SCREEN_MODULES } from './app';
import { render } from './entry-server';

const post = aPost({ title: 'Quiet windows & <loud> titles', excerpt: 'How a window stays out of a shared screen.', content: '<p>Raw body</p>' });
const list: BlogListResult = {
  posts: [{ ...post, content: undefined } as unknown as BlogListResult['posts'][number]],
  pagination: { currentPage: 1, totalPages: 2, totalItems: 7, itemsPerPage: 6 },
};
const plan: PlanDto = {
  id: 'w',
  code: 'week' as PlanDto['code'],
  name: 'Stealth Week',
  amount: 9900,
  currency: 'INR',
  interval: 'week' as PlanDto['interval'],
  description: 'A week',
  features: {},
  popular: false,
  deviceLimit: 1,
};
const postHtml = (html: string) => `<p class="styled">${html.length} bytes styled</p>`;

describe('server render of the public pages', () => {
  it('has the screen every page names, exported by its module', async () => {
    for (const { path, screen } of [...PAGES, { path: 'account layout', screen: ACCOUNT_LAYOUT }]) {
      const mod = (await SCREEN_MODULES[screen.module]()) as Record<string, unknown>;
      expect(typeof mod[screen.name], `${path}: ${screen.module} ${screen.name}`).toBe('function');
    }
  });

  it('leaves no AsyncLocalStorage on after a render: Node would then run a hook for every promise of every later request', async () => {
    const started: string[] = [];
    const { run, enterWith } = AsyncLocalStorage.prototype;
    AsyncLocalStorage.prototype.run = function (this: AsyncLocalStorage<unknown>, ...args: Parameters<typeof run>) {
      started.push('run');
      return run.apply(this, args);
    } as typeof run;
    AsyncLocalStorage.prototype.enterWith = function (this: AsyncLocalStorage<unknown>, store: unknown) {
      started.push('enterWith');
      enterWith.call(this, store);
    };
    try {
      expect(await render('/blog', { data: {}, postHtml })).toContain('<h1');
    } finally {
      Object.assign(AsyncLocalStorage.prototype, { run, enterWith });
    }
    expect(started).toEqual([]);
  });

  it('routes each public page to its own screen', async () => {
    const h1 = async (path: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(await render(path, { data: {}, postHtml }))?.[1];
    expect(await h1('/privacy-policy')).toBe('Privacy Policy');
    expect(await h1('/terms-of-service')).toBe('Terms of Service');
    expect(await h1('/terms-conditions')).toBe('Terms and Conditions');
    expect(await h1('/refund-policy/')).toBe('Cancellations and Refunds');
    expect(await h1('/contact-us')).toBe('Contact Us');
  });

  it('renders a post that is not published as not found', async () => {
    const html = await render('/blog/gone', { data: { [queryKeyId(['blog', 'post', 'gone'])]: null }, postHtml });
    expect(html).toContain(MSG.blogPostNotFoundTitle);
    expect(html).toContain('Back to Blog');
    expect(html).not.toContain(MSG.blogPostLoading);
  });

  it('renders the pager as links to the neighbouring pages', async () => {
    const html = await render('/blog?page=2', {
      data: { [queryKeyId(['blog', 'list', 2])]: { ...list, pagination: { currentPage: 2, totalPages: 3, totalItems: 14, itemsPerPage: 6 } } },
      postHtml,
    });
    expect(html).toMatch(/<a (?=[^>]*rel="prev")(?=[^>]*href="\/blog")(?=[^>]*class="btn-secondary")[^>]*>Previous<\/a>/);
    expect(html).toMatch(/<a (?=[^>]*rel="next")(?=[^>]*href="\/blog\?page=3")(?=[^>]*class="btn-secondary")[^>]*>Next<\/a>/);
  });

  it('renders the blog list from the data it is given, signed out', async () => {
    const html = await render('/blog', { data: { [queryKeyId(['blog', 'list', 1])]: list }, postHtml });
    expect(html).toContain('Tech Insights');
    expect(html).toContain('Quiet windows &amp; &lt;loud&gt; titles');
    expect(html).toContain('Page 1 of 2');
    expect(html).toContain('Log in');
    expect(html).not.toContain(MSG.blogListLoading);
  });

  it('renders a post with the body the server prepared, visible at once', async () => {
    const html = await render('/blog/quiet-windows', { data: { [queryKeyId(['blog', 'post', 'quiet-windows'])]: post }, postHtml });
    expect(html).toContain('<p class="styled">15 bytes styled</p>');
    // Already styled (the class the browser would give it 100 ms later), so the first paint is the finished post.
    expect(html).toMatch(/data-styled="false" class="post-body[^"]*\bis-styled\b/);
    // Dates read the same for every reader: in the site's zone (20:00 UTC is the next day in India).
    expect(html).toContain('Jan 6, 2026');
  });

  it('leaves a page without its data in its loading state (the browser fetches it)', async () => {
    expect(await render('/blog', { data: {}, postHtml })).toContain(MSG.blogListLoading);
    expect(await render('/blog/quiet-windows', { data: {}, postHtml })).toContain(MSG.blogPostLoading);
  });

  it('renders the landing page with the plans it is given', async () => {
    const html = await render('/', {
      data: { 'plans-public': [plan], 'downloads-config': { windows: { available: false, href: '' }, macos: { available: false }, demoVideoUrl: null } },
      postHtml,
    });
    expect(html).toContain('The future of productive video calls.');
    expect(html).toContain('Stealth Week');
    expect(html).toContain('₹99');
    expect(html).toContain('Simple, honest pricing');
    expect(html).toContain(MSG.choosePlan);
    expect(html).toContain(MSG.save20);
    expect(html).toContain('/ week');
    expect(html).toContain('Toggle the browser window instantly.');
  });

  it('names as priced exactly the public pages that show a price (the app makes the first money format ahead of their hydration only)', async () => {
    const landing = { 'plans-public': [plan], 'downloads-config': { windows: { available: false, href: '' }, macos: { available: false }, demoVideoUrl: null } };
    const rendered: Record<string, Record<string, unknown>> = {
      '/': landing,
      '/blog': { [queryKeyId(['blog', 'list', 1])]: list },
      '/blog/quiet-windows': { [queryKeyId(['blog', 'post', 'quiet-windows'])]: post },
      '/privacy-policy': {},
      '/terms-of-service': {},
      '/terms-conditions': {},
      '/refund-policy': {},
      '/contact-us': {},
      '/changelog': { changelog: { releases: [{ version: '2.2.0', date: '2026-11-20T10:00:00.000Z', notesHtml: '<p>Faster start</p>' }] } },
    };
    for (const page of PAGES.filter((p) => p.public))
      expect(
        Object.keys(rendered).some((path) => pageAt(path)?.page === page),
        page.path,
      ).toBe(true);
    for (const [path, data] of Object.entries(rendered)) {
      const html = await render(path, { data, postHtml });
      // A price as formatMoney writes it in English (₹99, ₹2,870.50); the terms name the currency (₹) in their text.
      expect(PRICED_SCREENS.has(pageAt(path)!.page.screen.module), path).toBe(/₹\d/.test(html));
    }
  });

  it('renders the changelog with each release, its date and its notes, newest first, and the footer with the shipped version', async () => {
    const releases = [
      { version: '2.3.0', date: '2026-11-25T10:00:00.000Z', notesHtml: '<p>Hidden on <em>every</em> screen</p>' },
      { version: '2.2.0', date: '2026-11-20T10:00:00.000Z', notesHtml: '' },
    ];
    const downloads = {
      windows: { available: true, href: '/api/v1/downloads/windows', release: { version: '2.3.0', size: 1, sha256: 'ab' } },
      macos: { available: false },
      demoVideoUrl: null,
    };
    const html = await render('/changelog', { data: { changelog: { releases }, 'downloads-config': downloads }, postHtml });
    expect(html.indexOf('id="v2.3.0"')).toBeLessThan(html.indexOf('id="v2.2.0"'));
    // The notes, cleaned again by the server's rule for a shown post (here the test's stand-in for it).
    expect(html).toContain(postHtml(releases[0]!.notesHtml));
    expect(html).toContain('Released November 25, 2026');
    expect(html).toContain('Improvements and fixes.');
    expect(html).toMatch(/data-testid="footer-version"[^>]*>v2\.3\.0</);
    const fr = await render('/fr/changelog', { data: { changelog: { releases: [] } }, postHtml });
    expect(fr).toContain('Aucune version n’a encore été publiée.');
    expect(fr).toMatch(/data-testid="footer-version"[^>]*>v2\.1\.0</);
  });

  it('renders a public page in the language of its address, its links staying in it (decision 090)', async () => {
    const data = { 'plans-public': [plan], 'downloads-config': { windows: { available: false, href: '' }, macos: { available: false }, demoVideoUrl: null } };
    // A page in Hindi reads the plans with their texts in Hindi, under a key of its own (decision 096).
    const hi = await render('/hi', { data: { ...data, [publicPlansRead('hi').key]: [plan] }, postHtml });
    expect(hi).toContain('उत्पादक वीडियो कॉल का भविष्य।');
    expect(hi).toContain('अदृश्य मोड');
    expect(hi).toContain('टेस्टिंग के लिए हमेशा मुफ़्त');
    expect(hi).toContain('href="/hi/blog"');
    expect(hi).toContain('href="/hi/privacy-policy"');
    expect(hi).not.toContain('Invisible Mode');
    // The pricing section and the shortcuts in Hindi; the plan's name as the API gives it, its price per the language.
    expect(hi).toContain('सरल, ईमानदार कीमतें');
    expect(hi).toContain('20% बचाएँ');
    expect(hi).toContain('प्लान चुनें');
    expect(hi).toContain('/ सप्ताह');
    expect(hi).toContain('Stealth Week');
    expect(hi).toContain('₹99');
    expect(hi).toContain('दिखाएँ या छिपाएँ');
    expect(hi).not.toContain('Simple, honest pricing');
    expect(hi).not.toContain(MSG.choosePlan);
    expect(hi).not.toContain('Toggle the browser window instantly.');
    const fr = await render('/fr/privacy-policy', { data: {}, postHtml });
    expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(fr)?.[1]).toBe('Politique de confidentialité');
    expect(fr).toContain('le texte anglais fait foi');
    const es = await render('/es/blog', { data: { [queryKeyId(['blog', 'list', 1])]: list }, postHtml });
    expect(es).toContain('href="/es/contact-us"');
  });
});
