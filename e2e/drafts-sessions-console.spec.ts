import type { Page } from '@playwright/test';
import { adminSignIn, expect, saveScreenshot, signIn as signInAs, test, verifiedUser, withHydration } from './fixtures';

/**
 * Every console error and every answer of 400 or more, API calls included (the shared fixture forgives API 4xx as
 * answers a page shows; here even those count, since the browser logs each as a failed resource).
 */
function recordNoise(page: Page) {
  const noise: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') noise.push(`console: ${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (err) => noise.push(`pageerror: ${err.message}`));
  page.on('response', (res) => {
    if (res.status() >= 400) noise.push(`${res.status()} ${res.request().method()} ${res.url()}`);
  });
  page.on('requestfailed', (req) => noise.push(`failed ${req.method()} ${req.url()}: ${req.failure()?.errorText}`));
  return noise;
}

async function signInAdmin(page: Page) {
  await adminSignIn(page);
  await expect(page.getByRole('heading', { name: 'Blog Management' })).toBeVisible();
}

async function signIn(page: Page, email: string) {
  await signInAs(page, email);
  await expect(page.getByRole('heading', { name: 'Welcome back, Asha!' })).toBeVisible();
}

async function adminPostsBySlug(page: Page, slug: string) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get('/api/v1/admin/blog/posts?limit=100', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return ((await res.json()).data.posts as { id: string; slug: string; title: string; status: string }[]).filter((p) => p.slug === slug);
}

test.describe('the admin post form', () => {
  for (const width of [1440, 390]) {
    test(`Enter in a one-line field neither publishes nor saves; the post stays a draft until Publish Post (${width} px)`, async ({ page, consoleErrors: _consoleErrors }) => {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      const saves: string[] = [];
      page.on('request', (req) => {
        if (/\/api\/v1\/admin\/blog\/posts(\/[\w-]+)?$/.test(req.url()) && ['POST', 'PUT'].includes(req.method())) saves.push(req.method());
      });
      await signInAdmin(page);
      await page.goto('/admin/new-post');
      const title = `Half written ${width} ${Date.now()}`;
      const slug = title.toLowerCase().replace(/\s+/g, '-');
      const titleField = page.getByRole('textbox', { name: 'Title', exact: true });
      await page.getByLabel('HTML content').fill('<p>Not ready yet.</p>');
      await titleField.fill(title);
      await expect(page.getByLabel('Slug')).toHaveValue(slug);
      await titleField.press('Enter');
      await page.getByLabel('Slug').press('Enter');
      await page.getByLabel('Meta keywords').press('Enter');
      await page.getByLabel('Read time (minutes)').press('Enter');
      if (width === 390) await saveScreenshot(page, { path: test.info().outputPath('new-post-390.png'), fullPage: true });

      // Still on the form, nothing sent, nothing public.
      await expect(page).toHaveURL(/\/admin\/new-post$/);
      await expect(page.getByRole('button', { name: 'Publish Post' })).toBeEnabled();
      expect((await page.request.get(`/api/v1/blog/posts/${slug}`)).status()).toBe(404);

      // Save Draft is the first save: the post exists once, as a draft, and is not public.
      await page.getByRole('button', { name: 'Save Draft' }).click();
      await expect(page.getByTestId('toast').filter({ hasText: 'Blog post created successfully!' })).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      expect(saves).toEqual(['POST']);
      await expect(page.getByTestId('admin-post-row').filter({ hasText: title })).toContainText('draft');
      const [draft, ...more] = await adminPostsBySlug(page, slug);
      expect(more).toEqual([]);
      expect(draft.status).toBe('draft');
      expect((await page.request.get(`/api/v1/blog/posts/${slug}`)).status()).toBe(404);

      // The edit screen: Enter in Title saves nothing either; only Update Post does.
      await page.getByRole('link', { name: `Edit ${title}` }).click();
      await expect(titleField).toHaveValue(title);
      await titleField.fill(`${title} (half edited)`);
      await titleField.press('Enter');
      await page.getByLabel('Meta title').press('Enter');
      await expect(page).toHaveURL(new RegExp(`/admin/edit-post/${draft.id}$`));
      expect(saves).toEqual(['POST']);
      expect((await adminPostsBySlug(page, slug))[0]).toMatchObject({ title, status: 'draft' });
      await page.getByRole('button', { name: 'Update Post' }).click();
      await expect(page.getByTestId('toast').filter({ hasText: 'Blog post updated successfully!' })).toBeVisible();
      expect(saves).toEqual(['POST', 'PUT']);
      expect((await adminPostsBySlug(page, slug))[0]).toMatchObject({ title: `${title} (half edited)`, status: 'draft' });
    });
  }
});

test.describe('quiet pages', () => {
  test('signed-in pages of a user without a subscription log no error and no failed resource', async ({ page }) => {
    const email = await verifiedUser(page);
    const noise = recordNoise(page);
    await signIn(page, email);
    await expect(page.getByTestId('plan-label')).toHaveText('Free');
    for (const path of ['/billing', '/settings', '/dashboard']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    await expect(page.getByTestId('plan-label')).toHaveText('Free');
    expect(noise).toEqual([]);
  });

  test('admin pages log no error and no failed resource', async ({ page }) => {
    const noise = recordNoise(page);
    await signInAdmin(page);
    // The sign-in lands on the dashboard, which loads its posts: left to finish, so that the first visit below does not
    // cut that request short (a failed request of the test's own making).
    await page.waitForLoadState('networkidle');
    for (const path of ['/admin/dashboard', '/admin/messages', '/admin/new-post', '/admin/releases']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(noise).toEqual([]);
  });
});

test.describe('several browsers', () => {
  test('two browsers signed in as the same user both stay signed in, and both are listed under Security', async ({ page, browser, consoleErrors: _consoleErrors }) => {
    const email = await verifiedUser(page);
    await signIn(page, email);
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const other = withHydration(await phone.newPage());
    await signIn(other, email);

    for (const p of [page, other]) {
      await p.goto('/settings');
      await p.getByRole('tab', { name: 'Security' }).click();
      await expect(p.getByTestId('session-row')).toHaveCount(2);
      await p.goto('/dashboard');
      await expect(p).toHaveURL(/\/dashboard$/);
      await expect(p.getByRole('heading', { name: 'Welcome back, Asha!' })).toBeVisible();
      const token = await p.evaluate(() => localStorage.getItem('token'));
      expect((await p.request.get('/api/v1/auth/me', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
    }
    await phone.close();
  });
});
