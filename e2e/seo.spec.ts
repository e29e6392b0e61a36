import type { APIRequestContext, Page } from '@playwright/test';
import { adminSessionData, expect, forgiveNotFoundDocument, signIn, test, verifiedUser } from './fixtures';

/** Enough published posts for three pages of the blog (6 a page); the ones made here are deleted after the file. */
const made: string[] = [];

const adminLogin = (request: APIRequestContext) => adminSessionData(request);

test.beforeAll(async ({ playwright }, info) => {
  const request = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  const adminToken = (await adminLogin(request)).token;
  let total = (await (await request.get('/api/v1/blog/posts')).json()).data.pagination.totalItems as number;
  for (let i = 1; total < 13; i++, total++) {
    const res = await request.post('/api/v1/admin/blog/posts', {
      headers: { authorization: `Bearer ${adminToken}` },
      data: {
        title: `Pager post ${i}`,
        slug: `pager-post-${i}-${Date.now()}`,
        excerpt: `Pager post ${i}, one of the posts that make the blog three pages long.`,
        content: '<p>Pages</p>',
        status: 'published',
      },
    });
    expect(res.status()).toBe(201);
    made.push((await res.json()).data.post.id);
  }
  await request.dispose();
});

test.afterAll(async ({ playwright }, info) => {
  const request = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  // Signed in again: the desktop program keeps one session, so a later sign-in of the tests ended the first.
  const token = (await adminLogin(request)).token;
  for (const id of made) expect((await request.delete(`/api/v1/admin/blog/posts/${id}`, { headers: { authorization: `Bearer ${token}` } })).ok()).toBe(true);
  await request.dispose();
});

/** The titles of a page of the list, as the API gives them. */
async function listed(page: Page, n: number) {
  const body = await (await page.request.get(`/api/v1/blog/posts?page=${n}`)).json();
  return { titles: (body.data.posts as { title: string }[]).map((p) => p.title), total: body.data.pagination.totalPages as number };
}

/** The canonical, prev and next links of the page's head (absolute addresses). */
const headLinks = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(['canonical', 'prev', 'next'].map((rel) => [rel, document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`)?.getAttribute('href') ?? null])),
  );

const pager = (page: Page) => page.getByRole('navigation', { name: 'Blog pages' });

test.describe('blog pages without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the pager is a pair of links a reader or a crawler follows, and each page names itself and its neighbours', async ({ page, baseURL }) => {
    const first = await listed(page, 1);
    const second = await listed(page, 2);
    expect(first.total).toBeGreaterThanOrEqual(3);

    await page.goto('/blog');
    expect(await headLinks(page)).toEqual({ canonical: `${baseURL}/blog`, prev: null, next: `${baseURL}/blog?page=2` });
    await expect(pager(page).getByRole('link', { name: 'Previous' })).toHaveCount(0);
    await pager(page).getByRole('link', { name: 'Next' }).click();

    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expect(page.getByText(`Page 2 of ${first.total}`)).toBeVisible();
    await expect(page.getByTestId('blog-card').locator('h2')).toHaveText(second.titles);
    await expect(page).toHaveTitle('Tech Insights, Page 2 | Stealth Browser Blog');
    expect(await headLinks(page)).toEqual({ canonical: `${baseURL}/blog?page=2`, prev: `${baseURL}/blog`, next: `${baseURL}/blog?page=3` });

    await pager(page).getByRole('link', { name: 'Previous' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByTestId('blog-card').locator('h2')).toHaveText(first.titles);
  });

  test('the last page has no next, and a page past the end names the last page', async ({ page, baseURL }) => {
    const { total } = await listed(page, 1);
    for (const asked of [total, 999]) {
      await page.goto(`/blog?page=${asked}`);
      await expect(page.getByText(`Page ${total} of ${total}`)).toBeVisible();
      expect(await headLinks(page)).toEqual({ canonical: `${baseURL}/blog?page=${total}`, prev: `${baseURL}/blog${total - 1 > 1 ? `?page=${total - 1}` : ''}`, next: null });
      await expect(pager(page).getByRole('link', { name: 'Next' })).toHaveCount(0);
    }
  });
});

test.describe('blog pages with JavaScript', () => {
  test('Next and Previous change the page inside the app, without loading a document', async ({ page, consoleErrors }) => {
    const first = await listed(page, 1);
    const second = await listed(page, 2);
    await page.goto('/blog');
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.isNavigationRequest()) documents.push(r.url());
    });
    // Kept only while the same document stays: a full load would drop it.
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));

    await pager(page).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expect(page.getByText(`Page 2 of ${first.total}`)).toBeVisible();
    await expect(page.getByTestId('blog-card').locator('h2')).toHaveText(second.titles);
    await expect(page).toHaveTitle('Tech Insights, Page 2 | Stealth Browser Blog');

    await pager(page).getByRole('link', { name: 'Previous' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByTestId('blog-card').locator('h2')).toHaveText(first.titles);
    await expect(page).toHaveTitle('Tech Insights | Stealth Browser Blog');

    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    expect(documents).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('link previews', () => {
  test("a page's og:image is the site's preview by its absolute address, and loads as a 1200×630 image", async ({ page, baseURL, consoleErrors }) => {
    for (const path of ['/', '/privacy-policy', '/blog']) {
      await page.goto(path);
      const og = await page.locator('meta[property="og:image"]').getAttribute('content');
      expect(og, path).toBe(`${baseURL}/og-image.png`);
      expect(await page.locator('meta[name="twitter:image"]').getAttribute('content'), path).toBe(og);
    }
    const og = `${baseURL}/og-image.png`;
    const size = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    }, og);
    expect(size).toEqual([1200, 630]);

    // The icons and the manifest the head names load too.
    const icons = await page.evaluate(async () => {
      const hrefs = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="icon"], link[rel="apple-touch-icon"]')].map((l) => l.href);
      return Promise.all(
        hrefs.map(async (href) => {
          const img = new Image();
          img.src = href;
          await img.decode();
          return [new URL(href).pathname, img.naturalWidth] as const;
        }),
      );
    });
    expect(Object.fromEntries(icons)).toMatchObject({ '/favicon.svg': expect.any(Number), '/favicon.ico': expect.any(Number), '/apple-touch-icon.png': 180 });
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await (await page.request.get(manifestHref!)).json();
    expect(manifest).toMatchObject({ name: 'Stealth Browser', short_name: 'Stealth', theme_color: '#0b0d12' });
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('pages that are not there', () => {
  test('a post that does not exist answers 404 with the not-found page, the toast and its title', async ({ page, consoleErrors }) => {
    forgiveNotFoundDocument(page, consoleErrors, /\/blog\/no-such-post-here$/);
    const res = await page.goto('/blog/no-such-post-here');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Blog Post Not Found' })).toBeVisible();
    await expect(page.getByText("The blog post you're looking for doesn't exist.")).toBeVisible();
    await expect(page.getByTestId('toast').filter({ hasText: 'Blog post not found' })).toBeVisible();
    await expect(page).toHaveTitle('Blog Post Not Found | Stealth Browser');
    await page.getByRole('link', { name: 'Back to Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page).toHaveTitle('Tech Insights | Stealth Browser Blog');
    expect(consoleErrors).toEqual([]);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('a missing post arrives as its not-found page, and an unknown path at the home page', async ({ page }) => {
      expect((await page.goto('/blog/no-such-post-here'))?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Blog Post Not Found' })).toBeVisible();
      await expect(page.getByText('Loading blog post...')).toHaveCount(0);
      expect((await page.goto('/no-such-page'))?.status()).toBe(200);
      await expect(page).toHaveURL(/localhost:\d+\/$/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('The future of productive video calls.');
    });
  });
});

test.describe('page titles', () => {
  test('the one-off, signed-in and admin pages are titled after themselves, on arrival and on navigation in the app', async ({ page }) => {
    for (const [path, title] of [
      ['/verify-email', 'Verify Email | Stealth Browser'],
      ['/reset-password', 'Reset Password | Stealth Browser'],
      ['/admin/login', 'Sign In | Stealth Browser Admin'],
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(title);
    }

    await signIn(page, await verifiedUser(page));
    await expect(page).toHaveTitle('Dashboard | Stealth Browser');
    const account: [string, string][] = [
      ['/shortcuts', 'Shortcuts | Stealth Browser'],
      ['/billing', 'Billing | Stealth Browser'],
      ['/settings', 'Settings | Stealth Browser'],
      ['/dashboard', 'Dashboard | Stealth Browser'],
    ];
    for (const [path, title] of account) {
      await page.goto(path);
      await expect(page, path).toHaveURL(new RegExp(`${path}$`));
      await expect(page, path).toHaveTitle(title);
    }
    // Inside the app (no document is loaded): the account navigation's links.
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.isNavigationRequest()) documents.push(r.url());
    });
    for (const [path, title] of account) {
      await page.locator(`a[href="${path}"]:visible`).first().click();
      await expect(page, path).toHaveURL(new RegExp(`${path}$`));
      await expect(page, path).toHaveTitle(title);
    }
    expect(documents).toEqual([]);

    // The admin, signed in as the app signs in.
    const session = await adminLogin(page.request);
    await page.evaluate((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('refreshToken', s.refreshToken);
      localStorage.setItem('user', JSON.stringify(s.user));
    }, session);
    for (const [path, title] of [
      ['/admin/dashboard', 'Blog Management | Stealth Browser Admin'],
      ['/admin/new-post', 'New Post | Stealth Browser Admin'],
      [`/admin/edit-post/${made[0]}`, 'Edit Post | Stealth Browser Admin'],
      ['/admin/messages', 'Messages | Stealth Browser Admin'],
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(new RegExp(`${path}$`));
      await expect(page, path).toHaveTitle(title);
    }
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Blog Management' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page).toHaveTitle('Blog Management | Stealth Browser Admin');
  });
});
