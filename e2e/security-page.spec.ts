import { activate, desktopSignIn, expect, grantMonth, SCREENSHOTS, saveScreenshot, signIn, test, USER_PASSWORD, verifiedUser } from './fixtures';

/**
 * The Security page (issue 36): the browsers and the desktop program's devices in one list, the account's security
 * log in the reader's words, and "Sign out everywhere", which ends this session too.
 */
test('the Security page lists sessions and devices together, shows the security log, and signs out everywhere', async ({ page, browser }, info) => {
  const email = await verifiedUser(page, 'Kavya', 'Menon');
  // A failed sign-in from elsewhere first, then the desktop program signs in and activates this computer.
  expect((await page.request.post('/api/v1/auth/login', { data: { email, password: 'Wr0ng!Passw0rd', deviceType: 'web' } })).status()).toBe(401);
  const desktop = await desktopSignIn(page.request, email);
  await grantMonth(page.request, desktop.userId);
  await activate(page.request, desktop.token, 'Kavya-Laptop', 'Windows 11 Pro', '2.1.0');
  await signIn(page, email);

  await page.goto('/settings?tab=security');
  const where = page.getByRole('region', { name: "Where you're signed in" });
  await expect(where.getByTestId('session-row')).toHaveCount(2);
  await expect(where.getByTestId('session-row').first()).toContainText('This device');
  await expect(where.getByTestId('device-row')).toHaveCount(1);
  await expect(where.getByTestId('device-row')).toContainText('Kavya-Laptop');

  const log = page.getByRole('list', { name: 'Security activity' });
  const events = log.getByTestId('security-event');
  await expect(events.first()).toContainText('Signed in (password)');
  await expect(events.first()).toContainText('Chrome on Windows');
  await expect(log).toContainText('Desktop device added: Kavya-Laptop (Windows 11 Pro)');
  await expect(log).toContainText('Failed sign-in (password)');
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 1000 });
    if (SCREENSHOTS) {
      await saveScreenshot(where, { path: info.outputPath(`security-where-${width}.png`) });
      await saveScreenshot(page.getByRole('region', { name: 'Security activity' }), { path: info.outputPath(`security-log-${width}.png`) });
    }
  }

  // Another browser is signed in too; "Sign out everywhere" asks first, then ends both and this page goes home.
  const other = await browser.newContext();
  const otherLogin = await other.request.post(new URL('/api/v1/auth/login', page.url()).href, { data: { email, password: USER_PASSWORD, deviceType: 'web' } });
  const otherToken = (await otherLogin.json()).data.token as string;
  await where.getByRole('button', { name: 'Sign out everywhere', exact: true }).click();
  const confirm = where.getByTestId('sign-out-everywhere');
  await expect(confirm).toContainText('This signs you out here too, in every browser and in the desktop program.');
  await confirm.getByRole('button', { name: 'Yes, sign out of every session' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page
      .getByTestId('top-nav')
      .getByRole('button', { name: 'Log in' })
      .or(page.getByTestId('top-nav').getByRole('button', { name: 'Menu' })),
  ).toBeVisible();
  for (const token of [otherToken, desktop.token]) {
    expect((await page.request.get('/api/v1/auth/me', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
  }
  await other.close();
});
