import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { activate, adminSession, desktopSignIn, expect, grantMonth, hydrated, saveScreenshot, signedIn, test, verifiedUser } from './fixtures';

/**
 * Issue 34: the account's Devices page, the admin's device list on the customer page, and the plans' seats on the
 * pricing cards. The desktop program is played by API calls with the customer's token, as it makes them. Screens are
 * saved at 390 and 1440 px under /tmp/shots/devices/ to be looked at.
 */
const SHOTS = '/tmp/shots/devices';
const WIDTHS = [390, 1440] as const;

/** The screen at both widths, the phone's without a sideways scroll. */
async function shots(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    if (width === 390) await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, { path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test('a customer sees the devices the program activated, removes one, and its next refresh is refused', async ({ page, consoleErrors }) => {
  void consoleErrors;
  mkdirSync(SHOTS, { recursive: true });
  const email = await verifiedUser(page, 'Meera', 'Nair');
  const { token, userId } = await desktopSignIn(page.request, email);

  // Before any activation: the empty page says how to get a device here, and the trial's one seat.
  await signedIn(page, email, '/devices');
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByRole('heading', { name: 'Devices', level: 1 })).toBeVisible();
  await expect(page.getByTestId('devices-empty')).toContainText('Install the Stealth Browser app for Windows and sign in with this account');
  await expect(page.getByTestId('device-seats')).toHaveText('0 of 1 device');
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Devices' })).toHaveAttribute('aria-current', 'page');
  await shots(page, 'empty');
  // Where the trial is described, its one device.
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('trial-banner')).toContainText('Every feature is unlocked on one device until it ends.');
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Devices' }).click();
  await expect(page.getByTestId('devices-empty')).toBeVisible();

  await grantMonth(page.request, userId);
  const laptop = await activate(page.request, token, 'Meera-Laptop', 'Windows 11 Pro', '2.1.0');
  await activate(page.request, token, 'Office-PC', 'Windows 10 Home', '2.2.1');

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.reload();
  await expect(page.getByTestId('device-seats')).toHaveText('2 of 2 devices');
  const rows = page.getByTestId('device-row');
  await expect(rows).toHaveCount(2);
  const laptopRow = rows.filter({ hasText: 'Meera-Laptop' });
  await expect(laptopRow.getByTestId('device-system')).toHaveText('Windows 11 Pro · App 2.1.0');
  await expect(laptopRow).toContainText('Holds a seat');
  await expect(laptopRow.getByTestId('device-place')).toHaveText('Unknown location');
  // Last seen: how long ago, and the exact time in the account's zone (Asia/Kolkata by default).
  await expect(laptopRow.getByTestId('device-last-seen')).toContainText(
    /^Last seen less than a minute ago \(\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M\) · Added \w{3} \d{1,2}, \d{4}$/,
  );
  await expect(rows.filter({ hasText: 'Office-PC' }).getByTestId('device-system')).toHaveText('Windows 10 Home · App 2.2.1');
  await shots(page, 'list');

  // Remove, with a confirm step: "Keep it" keeps it, "Remove device" removes it.
  await page.setViewportSize({ width: 1440, height: 900 });
  await laptopRow.getByRole('button', { name: 'Remove Meera-Laptop' }).click();
  await expect(laptopRow.getByRole('group', { name: 'Remove' })).toContainText('Remove Meera-Laptop? Its seat is free at once');
  await laptopRow.getByRole('button', { name: 'Keep it' }).click();
  await expect(rows).toHaveCount(2);
  await laptopRow.getByRole('button', { name: 'Remove Meera-Laptop' }).click();
  await shots(page, 'confirm');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: 'Remove device' }).click();
  await expect(page.getByTestId('devices-message')).toHaveText('Meera-Laptop was removed. The app on it loses its licence at its next refresh.');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Office-PC');
  await expect(page.getByTestId('device-seats')).toHaveText('1 of 2 devices');

  // The program on the removed machine asks for its next lease: refused, with the code it acts on.
  const refresh = await page.request.post(`/api/v1/devices/${laptop.id}/lease`, {
    headers: { authorization: `Bearer ${token}` },
    data: { hardwareId: laptop.hardwareId, appVersion: '2.1.0' },
  });
  expect(refresh.status()).toBe(403);
  expect((await refresh.json()).code).toBe('DEVICE_REMOVED');

  // The same page in Hindi, the account's language.
  const web = await page.evaluate(() => localStorage.getItem('token'));
  const profile = await page.request.put('/api/v1/auth/profile', {
    headers: { authorization: `Bearer ${web}` },
    data: { firstName: 'Meera', lastName: 'Nair', preferences: { language: 'hi' } },
  });
  expect(profile.status()).toBe(200);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('heading', { name: 'डिवाइस', level: 1 })).toBeVisible();
  await expect(page.getByTestId('device-seats')).toHaveText('2 में से 1 डिवाइस');
  await expect(rows.first()).toContainText('सीट में है');
  await expect(rows.first().getByRole('button', { name: 'हटाएँ Office-PC' })).toBeVisible();
  await shots(page, 'list-hi');
});

test('the admin sees a customer’s devices, removes one with a reason, and finds it in the audit log', async ({ page, consoleErrors }) => {
  void consoleErrors;
  mkdirSync(SHOTS, { recursive: true });
  const email = await verifiedUser(page, 'Rohan', 'Das');
  const { token, userId } = await desktopSignIn(page.request, email);
  await grantMonth(page.request, userId);
  const desk = await activate(page.request, token, 'Rohan-Desk', 'Windows 11 Home', '2.1.0');
  await activate(page.request, token, 'Rohan-Travel', 'Windows 11 Pro', '2.1.0', 'install-copied-disk');
  // The customer removed one themselves: the admin still sees it, marked removed.
  await page.request.delete(`/api/v1/devices/${desk.id}`, { headers: { authorization: `Bearer ${token}` } });
  // The same installation from other hardware (a copied disk): a device of its own, and both are flagged.
  await activate(page.request, token, 'Rohan-VM', 'Windows 11 Pro', '2.1.0', 'install-copied-disk');

  await adminSession(page);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto(`/admin/customers/${userId}`);
  const section = page.getByRole('region', { name: 'Devices' });
  const devices = section.getByTestId('admin-device');
  await expect(devices).toHaveCount(3);
  await expect(devices.filter({ hasText: 'Rohan-Desk' })).toContainText('removed');
  await expect(devices.filter({ hasText: 'Rohan-Desk' })).toContainText('by the customer');
  await expect(devices.filter({ hasText: 'Rohan-Travel' })).toContainText('holds a seat');
  for (const name of ['Rohan-Travel', 'Rohan-VM']) await expect(devices.filter({ hasText: name })).toContainText('possible clone');
  await expect(devices.filter({ hasText: 'Rohan-Desk' })).not.toContainText('possible clone');
  await expect(section.getByTestId('admin-device-seats')).toHaveText('2 of 2 seats in use');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 1000 });
    // The section just under the admin's fixed bar, in a screenshot of the window as the admin sees it.
    await section.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 120));
    await saveScreenshot(page, { path: `${SHOTS}/admin-devices-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 1000 });

  await devices.filter({ hasText: 'Rohan-Travel' }).getByRole('button', { name: 'Remove…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove Rohan-Travel' });
  await dialog.getByRole('button', { name: 'Remove device' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please give a reason: it is kept in the audit log');
  await dialog.getByLabel('Reason').fill('Laptop reported stolen');
  await dialog.getByRole('button', { name: 'Remove device' }).click();
  await expect(dialog).toBeHidden();
  await expect(devices.filter({ hasText: 'Rohan-Travel' })).toContainText('Removed');
  await expect(devices.filter({ hasText: 'Rohan-Travel' })).toContainText('by an admin: Laptop reported stolen');
  await expect(section.getByTestId('admin-device-seats')).toHaveText('1 of 2 seats in use');
  const entry = page.getByTestId('audit-entry').filter({ hasText: 'Removed a device' });
  await expect(entry).toContainText('Laptop reported stolen');
  await expect(entry).toContainText('Rohan-Travel');
  await shots(page, 'admin');

  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto(`/admin/audit-log?userId=${userId}`);
  const logged = page.getByTestId('audit-entry').filter({ hasText: 'Removed a device' });
  await expect(logged).toHaveCount(1);
  await expect(logged).toContainText('Laptop reported stolen');
});

test('the pricing cards say how many devices each plan allows, in the reader’s language, on the server-rendered page and after hydration', async ({ page, consoleErrors }) => {
  void consoleErrors;
  const plans = (await (await page.request.get('/api/v1/subscriptions/plans/public')).json()).data.plans as { name: string; deviceLimit: number; interval: string }[];
  const month = plans.find((p) => p.interval === 'month')!;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  const card = page.getByTestId('plan-card').filter({ has: page.getByRole('heading', { name: month.name }) });
  const want = month.deviceLimit === 1 ? '1 device' : `Up to ${month.deviceLimit} devices`;
  await expect(card.getByTestId('plan-devices')).toHaveText(want);
  await expect(page.locator('#pricing')).toContainText('Start with the free one-day trial on one device.');
  // The yearly plan: the seats from its own answer.
  await hydrated(page);
  await page.getByRole('radio', { name: 'Yearly' }).click();
  const year = plans.find((p) => p.interval === 'year')!;
  const yearCard = page.getByTestId('plan-card').filter({ has: page.getByRole('heading', { name: year.name }) });
  await expect(yearCard.getByTestId('plan-devices')).toHaveText(year.deviceLimit === 1 ? '1 device' : `Up to ${year.deviceLimit} devices`);

  // Rendered by the server in Hindi: the same words before and after the page is adopted.
  const html = await (await page.request.get('/hi')).text();
  expect(html).toContain(`अधिकतम ${month.deviceLimit} डिवाइस`);
  await page.goto('/hi');
  await hydrated(page);
  await expect(
    page
      .getByTestId('plan-card')
      .filter({ has: page.getByRole('heading', { name: month.name }) })
      .getByTestId('plan-devices'),
  ).toHaveText(`अधिकतम ${month.deviceLimit} डिवाइस`);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator('#pricing').scrollIntoViewIfNeeded();
    await saveScreenshot(page.locator('#pricing'), { path: `${SHOTS}/pricing-hi-${width}.png`, animations: 'disabled' });
  }
});
