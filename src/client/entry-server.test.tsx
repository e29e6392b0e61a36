import { describe, expect, it } from 'vitest';
import type { BlogListResult, BlogPost } from '../shared/schemas/blog';
import type { PlanDto } from '../shared/schemas/billing';
import { MSG } from '../shared/messages';
import { dataNeeds, render } from './entry-server';
import { queryKeyId } from './ssr/initial-data';

const post: BlogPost = {
  id: 'p1',
  title: 'Quiet windows & <loud> titles',
  slug: 'quiet-windows',
  excerpt: 'How a window stays out of a shared screen.',
  content: '<p>Raw body</p>',
  featured_image: null,
  read_time: 4,
  status: 'published',
  meta_title: null,
  meta_description: null,
  meta_keywords: null,
  meta_image: null,
  created_at: '2026-01-05T20:00:00.000Z',
  updated_at: '2026-01-05T20:00:00.000Z',
};
const list: BlogListResult = { posts: [{ ...post, content: undefined } as unknown as BlogListResult['posts'][number]], pagination: { currentPage: 1, totalPages: 2, totalItems: 7, itemsPerPage: 6 } };
const plan: PlanDto = { id: 'w', code: 'week' as PlanDto['code'], name: 'Stealth Week', amount: 9900, currency: 'INR', interval: 'week' as PlanDto['interval'], description: 'A week', features: {}, popular: false };
const postHtml = (html: string) => `<p class="styled">${html.length} bytes styled</p>`;

describe('server render of the public pages', () => {
  it('names the data each page needs, under the keys its screens read', () => {
    expect(dataNeeds('/', new URLSearchParams())?.map((n) => n.key)).toEqual(['downloads-config', 'plans-public']);
    expect(dataNeeds('/blog', new URLSearchParams('page=3'))).toEqual([{ key: queryKeyId(['blog', 'list', 3]), path: '/blog/posts?page=3' }]);
    expect(dataNeeds('/blog/', new URLSearchParams('page=abc'))?.[0].path).toBe('/blog/posts?page=1');
    expect(dataNeeds('/blog/a%20b%2Fc', new URLSearchParams())?.[0]).toMatchObject({ key: queryKeyId(['blog', 'post', 'a b/c']), path: '/blog/posts/a%20b%2Fc' });
    expect(dataNeeds('/contact-us', new URLSearchParams())).toEqual([]);
    for (const path of ['/dashboard', '/billing', '/settings', '/admin/login', '/admin/dashboard', '/reset-password', '/verify-email', '/dev/mailbox', '/nowhere']) {
      expect(dataNeeds(path, new URLSearchParams()), path).toBeNull();
    }
  });

  it('renders the blog list from the data it is given, signed out', async () => {
    const html = await render('/blog', { data: { [queryKeyId(['blog', 'list', 1])]: list }, postHtml });
    expect(html).toContain('Tech Insights');
    expect(html).toContain('Quiet windows &amp; &lt;loud&gt; titles');
    expect(html).toContain('Page <!-- -->1<!-- --> of <!-- -->2');
    expect(html).toContain('Log in');
    expect(html).not.toContain(MSG.blogListLoading);
  });

  it('renders a post with the body the server prepared, visible at once', async () => {
    const html = await render('/blog/quiet-windows', { data: { [queryKeyId(['blog', 'post', 'quiet-windows'])]: post }, postHtml });
    expect(html).toContain('<p class="styled">15 bytes styled</p>');
    expect(html).toMatch(/data-styled="false" class="[^"]*opacity-100/);
    // Dates read the same for every reader: in the site's zone (20:00 UTC is the next day in India).
    expect(html).toContain('Jan 6, 2026');
  });

  it('leaves a page without its data in its loading state (the browser fetches it)', async () => {
    expect(await render('/blog', { data: {}, postHtml })).toContain(MSG.blogListLoading);
    expect(await render('/blog/quiet-windows', { data: {}, postHtml })).toContain(MSG.blogPostLoading);
  });

  it('renders the landing page with the plans it is given', async () => {
    const html = await render('/', { data: { 'plans-public': [plan], 'downloads-config': { windows: { available: false, href: '' }, macos: { available: false }, demoVideoUrl: null } }, postHtml });
    expect(html).toContain('The future of productive video calls.');
    expect(html).toContain('Stealth Week');
    expect(html).toContain('₹99');
  });
});
