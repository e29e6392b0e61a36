import { expect, gotoAndSettle, test } from './fixtures';

const NAV_AND_FOOTER = ['/', '/blog', '/blog/stealth-browser-overview', '/privacy-policy', '/terms-of-service', '/refund-policy', '/terms-conditions', '/contact-us'];
const NO_NAV = ['/verify-email', '/reset-password', '/admin/login', '/admin/dashboard', '/admin/new-post', '/admin/edit-post/00000000-0000-0000-0000-000000000000'];
const SIGNED_IN = ['/dashboard', '/shortcuts', '/billing', '/settings'];

test.describe('client shell', () => {
  // Each group in one page, path after path (a test of its own per path cost the suite a browser context and a
  // minute of CI for what one page going from address to address shows the same way).
  test('the public pages show the top navigation and the footer', async ({ page, consoleErrors }) => {
    for (const path of NAV_AND_FOOTER) {
      await gotoAndSettle(page, path);
      await expect(page.getByTestId('top-nav'), path).toBeVisible();
      await expect(page.getByTestId('footer'), path).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/$' : path}$`));
    }
    expect(consoleErrors).toEqual([]);
  });

  test('the one-off and admin pages hide the top navigation and the footer', async ({ page, consoleErrors }) => {
    for (const path of NO_NAV) {
      await gotoAndSettle(page, path);
      await expect(page.getByTestId('top-nav'), path).toHaveCount(0);
      await expect(page.getByTestId('footer'), path).toHaveCount(0);
    }
    expect(consoleErrors).toEqual([]);
  });

  test('the signed-in pages send a logged-out visitor to / (replace)', async ({ page, consoleErrors }) => {
    for (const path of SIGNED_IN) {
      await page.goto('/blog');
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/$/);
      await page.goBack();
      // replace: the guarded path is not in the history, so back returns to the page before it
      await expect(page, path).toHaveURL(/\/blog$/);
    }
    expect(consoleErrors).toEqual([]);
  });

  test('an unknown path ends at / (spec: any other path redirects to /), by a redirect the server answers', async ({ page, consoleErrors }) => {
    const res = await page.goto('/no/such/page?x=1');
    expect(res?.request().redirectedFrom()?.url()).toMatch(/\/no\/such\/page\?x=1$/);
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expect(page.getByTestId('top-nav')).toBeVisible();
    // Inside the app, too: a link to a path that is no page lands on /.
    await page.evaluate(() => {
      history.pushState(null, '', '/blog/a/b');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    expect(consoleErrors).toEqual([]);
  });

  test('landing hash anchors scroll with the 64 px offset', async ({ page }) => {
    await page.goto('/#pricing');
    await expect
      .poll(
        async () =>
          page.evaluate(() => {
            const top = document.getElementById('pricing')?.getBoundingClientRect().top;
            return top === undefined ? null : Math.round(top);
          }),
        { timeout: 5000 },
      )
      .toBe(64);
  });

  test('the footer carries the version, copyright and status', async ({ page }) => {
    await gotoAndSettle(page, '/');
    const footer = page.getByTestId('footer');
    await expect(footer).toContainText('v2.1.0');
    await expect(footer).toContainText('© 2025');
    await expect(footer).toContainText('All systems operational');
    await expect(footer).toContainText('Made with ❤️ for professionals worldwide');
    await expect(footer.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/blog/stealth-browser-overview');
  });

  test('a server-rendered head is present before scripts run', async ({ request }) => {
    const html = await (await request.get('/privacy-policy')).text();
    expect(html).toContain('<title>Privacy Policy | Stealth Browser</title>');
    expect(html).toContain('rel="canonical"');
  });
});

test('a second server on the same data directory refuses to start with a clear message', async () => {
  const { spawnSync } = await import('node:child_process');
  const path = await import('node:path');
  const buildDir = process.env.BUILD_DIR || 'dist';
  const res = spawnSync(process.execPath, [path.resolve(buildDir, 'server/main.js')], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR!, PORT: '3299', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(res.status).toBe(75);
  expect(res.stderr).toContain('is in use by another server process');
});
