import type { Page } from '@playwright/test';
import { site } from '../src/shared/site';
import { expect, gotoAndSettle, test } from './fixtures';

type ListedPost = { title: string; slug: string };

/** The first page of published posts, as the API gives it. */
async function firstPagePosts(page: Page): Promise<{ posts: ListedPost[]; totalPages: number }> {
  const body = await (await page.request.get('/api/v1/blog/posts?page=1')).json();
  return { posts: body.data.posts, totalPages: body.data.pagination.totalPages };
}

/** The data the server wrote into a page for the browser's first render. */
const pageData = (page: Page) => page.evaluate(() => JSON.parse(document.getElementById('ssr-data')?.textContent ?? 'null') as Record<string, unknown> | null);

test.describe('public pages arrive rendered by the server', () => {
  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the landing page shows its hero, sections and the plans from the database', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toContainText('The future of productive video calls.');
      for (const id of ['features', 'shortcuts', 'pricing', 'faq', 'download']) await expect(page.locator(`#${id}`)).toHaveCount(1);
      const plans = (await (await page.request.get('/api/v1/subscriptions/plans/public')).json()).data.plans as { name: string }[];
      expect(plans.length).toBeGreaterThan(0);
      const cards = page.locator('#pricing').getByTestId('plan-card');
      await expect(cards.first()).toBeAttached();
      for (const text of await cards.allTextContents())
        expect(
          plans.some((plan) => text.includes(plan.name)),
          text,
        ).toBe(true);
      await expect(cards.first()).toContainText('₹');
      await expect(page.getByTestId('top-nav').getByRole('button', { name: 'Log in' })).toBeAttached();
    });

    test('the blog list shows the first page of posts, as the API lists them', async ({ page }) => {
      const { posts } = await firstPagePosts(page);
      await page.goto('/blog');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tech Insights');
      const cards = page.getByTestId('blog-card').locator('h2');
      await expect(cards).toHaveCount(posts.length);
      for (const [i, post] of posts.entries()) await expect(cards.nth(i)).toHaveText(post.title);
    });

    test('a post shows its title and a styled, visible body', async ({ page }) => {
      const { posts } = await firstPagePosts(page);
      const post = posts[0];
      await page.goto(`/blog/${post.slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
      const body = page.getByTestId('post-body');
      await expect(body).toBeVisible();
      await expect(body).toHaveCSS('opacity', '1');
      // The look the browser gives a body 100 ms after showing it is already there.
      await expect(body).toHaveClass(/\bis-styled\b/);
      await expect(body.locator('p').first()).toHaveCSS('line-height', '26px');
    });

    test('the contact page and the policies show their content', async ({ page }) => {
      await page.goto('/contact-us');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
      await expect(page.getByTestId('contact-form').getByLabel('Email Address')).toBeAttached();
      for (const [path, title] of [
        ['/privacy-policy', 'Privacy Policy'],
        ['/terms-of-service', 'Terms of Service'],
        ['/refund-policy', 'Cancellations and Refunds'],
        ['/terms-conditions', 'Terms and Conditions'],
      ]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(title);
      }
    });

    test('signed-in and admin pages are left to the browser', async ({ page }) => {
      for (const path of ['/dashboard', '/billing', '/admin/login', '/reset-password']) {
        const html = await (await page.request.get(path)).text();
        expect(html, path).toContain('<div id="root"></div>');
        expect(html, path).not.toContain('id="ssr-data"');
      }
    });
  });

  test('the browser hydrates each page without errors and it works', async ({ page, consoleErrors }) => {
    const { totalPages } = await firstPagePosts(page);
    // The seeded post: a post other journeys publish at the same time may ask for images that are not there.
    const postPath = `/blog/${site.aboutPostSlug}`;
    const policiesTranslated = ['/hi/privacy-policy', '/fr/terms-of-service', '/es/refund-policy', '/hi/terms-conditions'];
    for (const path of ['/', '/blog', postPath, '/contact-us', '/privacy-policy', '/terms-of-service', '/refund-policy', '/terms-conditions', ...policiesTranslated]) {
      await gotoAndSettle(page, path);
      await expect(page.locator('#root')).toHaveAttribute('data-ssr', 'true');
    }
    expect(consoleErrors).toEqual([]);

    // The landing page's buttons answer once hydrated.
    await gotoAndSettle(page, '/');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('top-nav').getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();

    // The data the list was rendered with is what the browser starts from: no second request for it.
    const listRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/blog/posts?page=1')) listRequests.push(r.url());
    });
    await gotoAndSettle(page, '/blog');
    const data = await pageData(page);
    // The installer's config comes with every public page with the footer, whose version it names (decision 190).
    expect(Object.keys(data ?? {}).sort()).toEqual(['downloads-config', 'query:["blog","list",1]', 'renderedAt']);
    expect(listRequests).toEqual([]);
    if (totalPages > 1) {
      await page.getByRole('navigation', { name: 'Blog pages' }).getByRole('link', { name: 'Next' }).click();
      await expect(page).toHaveURL(/\/blog\?page=2$/);
      await expect(page.getByText(`Page 2 of ${totalPages}`)).toBeVisible();
    }

    // A post the server styled is still restyled by the browser 100 ms after it is shown.
    await gotoAndSettle(page, postPath);
    await expect(page.getByTestId('post-body')).toHaveAttribute('data-styled', 'true');
    expect(consoleErrors).toEqual([]);
  });

  test('a signed-in visitor sees the account buttons once the page is hydrated', async ({ page }) => {
    const email = 'sam@example.com';
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/blog');
    // Signed in as the app would sign in: the session in local storage.
    await page.evaluate(() => {
      localStorage.setItem('token', 'not-checked-before-the-first-request');
      localStorage.setItem('user', JSON.stringify({ _id: 'x', email: 'sam@example.com', firstName: 'Sam', lastName: 'Server' }));
    });
    await page.route('**/api/v1/auth/me', (route) => route.fulfill({ json: { success: true, data: { user: { _id: 'x', email, firstName: 'Sam', lastName: 'Server' } } } }));
    await page.route('**/api/v1/subscriptions/current', (route) => route.fulfill({ json: { success: true, data: { subscription: null } } }));
    await gotoAndSettle(page, '/');
    const nav = page.getByTestId('top-nav');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Log in' })).toHaveCount(0);
  });

  test('a blog address with a trailing slash or a clamped page still renders', async ({ page, consoleErrors }) => {
    const { totalPages } = await firstPagePosts(page);
    await gotoAndSettle(page, '/blog/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tech Insights');
    await gotoAndSettle(page, '/blog?page=999');
    await expect(page.getByText(`Page ${totalPages} of ${totalPages}`).or(page.locator('article').first())).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});
