import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, payMonthInCheckout, saveScreenshot, signedIn, signIn, test, USER_PASSWORD as PASSWORD, verifiedUser } from './fixtures';

const PHONES = [360, 390, 430];
const ACCOUNT_PAGES = ['Dashboard', 'Shortcuts', 'Devices', 'Billing', 'Settings'];
const SETTINGS_TABS = ['Profile', 'Security', 'Email Verification', 'Danger Zone'];
const BILLING_TABS = ['Overview', 'Payment History', 'Cancel Subscription'];
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const heightFor = (width: number) => (width > 500 ? 900 : 844);

/** With SHOTS_DIR set, full-page screenshots for a person to look at; nothing is written otherwise. */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  // From the top: a full-page shot of a scrolled page draws the fixed top bar where the screen was.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await saveScreenshot(page, { path: path.join(dir, `${name}-${page.viewportSize()?.width}.png`), fullPage: true, animations: 'disabled' });
}

/** The page scrolls only downwards: nothing is wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `page ${page.url()} is ${scrollWidth} px wide on a ${innerWidth} px screen`).toBeLessThanOrEqual(innerWidth);
}

/** Drawn, and whole inside the screen's width (not clipped by a scrolling row or pushed off the right edge). */
async function expectInView(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  const width = locator.page().viewportSize()!.width;
  expect(box.x, `${locator} starts at ${box.x}`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${locator} ends at ${box.x + box.width} of ${width}`).toBeLessThanOrEqual(width);
}

/** The browser reports an element clipped by an overflow container at its full size; elementFromPoint does not lie. */
async function expectNotClipped(locator: Locator) {
  const hit = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const x = Math.min(r.right - 2, window.innerWidth - 1);
    const at = document.elementFromPoint(x, r.top + r.height / 2);
    return Boolean(at && (el === at || el.contains(at)));
  });
  expect(hit, `the right edge of ${locator} is covered or clipped`).toBe(true);
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('the signed-in area on phones', () => {
  test('every account page and tab is on screen or one tap away, and no page scrolls sideways (360, 390, 430 px)', async ({ page, consoleErrors: _consoleErrors }) => {
    // Every page and tab at four widths: 55 s on a CI run beside the PostgreSQL tests, past the default minute once.
    test.setTimeout(120_000);
    const email = await verifiedUser(page, 'Asha', 'Verma');
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, email);

    for (const width of [...PHONES, 1440]) {
      await page.setViewportSize({ width, height: heightFor(width) });
      const accountNav = page.getByRole('navigation', { name: 'Account', exact: true });

      for (const name of ACCOUNT_PAGES) {
        await accountNav.getByRole('link', { name }).click();
        await expect(page).toHaveURL(new RegExp(`/${name.toLowerCase()}$`));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoSidewaysScroll(page);
        for (const other of ACCOUNT_PAGES) await expectInView(accountNav.getByRole('link', { name: other }));
        await expectNotClipped(accountNav.getByRole('link', { name }));
        if (name === 'Dashboard' || name === 'Shortcuts') await shot(page, name.toLowerCase());
      }

      await page.goto('/settings');
      for (const tab of SETTINGS_TABS) {
        await expectInView(page.getByRole('tab', { name: tab }));
        await expectNotClipped(page.getByRole('tab', { name: tab }));
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
        await expectNoSidewaysScroll(page);
        await shot(page, `settings-${tab.toLowerCase().replace(/ /g, '-')}`);
      }

      await page.goto('/billing');
      for (const tab of BILLING_TABS) {
        await expectInView(page.getByRole('tab', { name: tab }));
        await expectNotClipped(page.getByRole('tab', { name: tab }));
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
        await expectNoSidewaysScroll(page);
        await shot(page, `billing-${tab.toLowerCase().replace(/ /g, '-')}`);
      }
    }

    // Where the top bar folds into the menu button, the menu offers every account page.
    for (const width of PHONES) {
      await page.setViewportSize({ width, height: heightFor(width) });
      await page.goto('/settings?tab=danger');
      await page.getByTestId('top-nav').getByRole('button', { name: 'Menu' }).click();
      const menu = page.getByRole('navigation', { name: 'Your account' });
      for (const name of ACCOUNT_PAGES) await expectInView(menu.getByRole('link', { name }));
      await expect(menu.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
      await expectNoSidewaysScroll(page);
      if (width === 390) await shot(page, 'menu');
      await menu.getByRole('link', { name: 'Billing' }).click();
      await expect(page).toHaveURL(/\/billing$/);
      await expect(page.getByRole('navigation', { name: 'Your account' })).toHaveCount(0);
    }
  });

  test('checkout shows the locked name and e-mail as read-only; each payment shows date, plan, amount, status and receipt without sideways scrolling', async ({
    page,
    consoleErrors: _consoleErrors,
  }) => {
    const email = await verifiedUser(page, 'Ravi', 'Kumar');
    await page.setViewportSize({ width: 390, height: 844 });
    await signedIn(page, email, '/billing');
    await page.getByRole('button', { name: 'Choose Plan: Stealth Month' }).click();

    // Locked fields: read-only to the browser and to assistive technology, and visibly unlike an open field.
    for (const label of ['First Name', 'Last Name', 'Email']) {
      await expect(page.getByLabel(label)).toHaveAttribute('readonly', '');
      await expect(page.getByLabel(label)).not.toBeEditable();
    }
    await expect(page.getByLabel('City')).toBeEditable();
    const look = (label: string) =>
      page.getByLabel(label).evaluate((el) => {
        const s = getComputedStyle(el);
        return { background: s.backgroundColor, border: s.borderTopColor };
      });
    expect(await look('Email')).not.toEqual(await look('City'));
    for (const width of [360, 390, 1440]) {
      await page.setViewportSize({ width, height: heightFor(width) });
      await expectNoSidewaysScroll(page);
      await shot(page, 'checkout');
    }
    await page.setViewportSize({ width: 390, height: 844 });

    await payMonthInCheckout(page);

    // Two more charges of the simulator: a declined renewal, then a paid one.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const current = await (await page.request.get('/api/v1/subscriptions/current', { headers: { authorization: `Bearer ${token}` } })).json();
    const subId = current.data.subscription.razorpaySubscriptionId;
    expect(subId).toBeTruthy();
    expect((await page.request.post(`/dev/razorpay/subscriptions/${subId}/fail-charge`)).status()).toBe(200);
    expect((await page.request.post(`/dev/razorpay/subscriptions/${subId}/charge`)).status()).toBe(200);
    await page.request.post('/dev/razorpay/webhooks/deliver');

    await page.goto('/billing');
    await page.getByRole('tab', { name: 'Payment History' }).click();
    await expect(page.getByTestId('payment-row')).toHaveCount(3);

    for (const width of [...PHONES, 1440]) {
      await page.setViewportSize({ width, height: heightFor(width) });
      await expectNoSidewaysScroll(page);
      for (const row of await page.getByTestId('payment-row').all()) {
        await expectInView(row.getByTestId('payment-date'));
        await expect(row.getByTestId('payment-date')).toHaveText(/\d{4}/);
        await expectInView(row.getByText('Stealth Month', { exact: true }));
        await expectInView(row.getByTestId('payment-amount'));
        await expect(row.getByTestId('payment-amount')).toHaveText('₹299');
        await expectInView(row.getByTestId('payment-status'));
      }
      const paid = page.getByTestId('payment-row').filter({ has: page.getByTestId('payment-status').getByText('Paid') });
      await expect(paid).toHaveCount(2);
      for (const row of await paid.all()) await expectInView(row.getByRole('button', { name: /Receipt #\d+/ }));
      await expectInView(
        page
          .getByTestId('payment-row')
          .filter({ has: page.getByTestId('payment-status').getByText('Failed') })
          .getByText(/declined by the bank/),
      );
      if (width !== 430) await shot(page, 'payment-history');
    }
  });

  test('Danger Zone: once DELETE is typed, cancelling the confirm dialog leaves no stale message', async ({ page, consoleErrors: _consoleErrors }) => {
    const email = await verifiedUser(page, 'Neha', 'Shah');
    await page.setViewportSize({ width: 390, height: 844 });
    await signedIn(page, email, '/settings?tab=danger');
    await page.getByLabel('Type DELETE to confirm').fill('delete');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await expect(page.getByTestId('settings-message')).toHaveText('Please type DELETE to confirm account deletion');

    await page.getByLabel('Type DELETE to confirm').fill('DELETE');
    await page.getByLabel('Your password').fill(PASSWORD);
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await expect.poll(() => asked).not.toBe('');
    await expect(page.getByTestId('settings-message')).toHaveCount(0);
    await expect(page).toHaveURL(/\/settings\?tab=danger$/);
    // Nothing was deleted: the account still signs in.
    expect((await page.request.post('/api/v1/auth/login', { data: { email, password: PASSWORD, deviceType: 'web' } })).status()).toBe(200);
  });

  test('Active sessions: this device first, each named by browser, system and place', async ({ page, request, consoleErrors: _consoleErrors }) => {
    const email = await verifiedUser(page, 'Meera', 'Iyer');
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, email);
    // A phone signs in afterwards (so it was seen last), from its own client.
    const phone = await request.post('/api/v1/auth/login', { data: { email, password: PASSWORD, deviceType: 'web' }, headers: { 'user-agent': IPHONE_SAFARI } });
    expect(phone.status()).toBe(200);

    await page.goto('/settings?tab=security');
    const rows = page.getByTestId('session-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('This device');
    await expect(rows.nth(0).getByTestId('session-device')).toHaveText('Chrome on Windows');
    await expect(rows.nth(1).getByTestId('session-device')).toHaveText('Safari on iOS');
    await expect(rows.nth(1)).not.toContainText('This device');
    for (const row of await rows.all()) await expect(row.getByTestId('session-place')).toHaveText('Unknown location');
    await expect(page.getByRole('list', { name: 'Active sessions' })).not.toContainText('127.0.0.1');
    for (const width of [360, 390, 1440]) {
      await page.setViewportSize({ width, height: heightFor(width) });
      await expectNoSidewaysScroll(page);
      await shot(page, 'sessions');
    }
  });

  for (const width of [360, 390, 430, 1440]) {
    test(`a toast covers neither the top bar nor the page heading (${width} px)`, async ({ page, consoleErrors: _consoleErrors }) => {
      const email = await verifiedUser(page, 'Kiran', 'Rao');
      await page.setViewportSize({ width, height: heightFor(width) });
      await signIn(page, email);
      const toast = page.getByTestId('toast').filter({ hasText: 'Login successful! Redirecting...' });
      await expect(toast).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Measured when both are on screen: the dashboard may draw its heading again as its data arrives (a box of
      // null in between failed this twice on a busy machine), so each overlap is asked until both boxes exist.
      const overlapOf = async (other: Locator) => {
        const [a, b] = [await toast.boundingBox(), await other.boundingBox()];
        return a && b ? overlaps(a, b) : null;
      };
      await expect.poll(() => overlapOf(page.getByTestId('top-nav')), { message: 'toast over the top bar' }).toBe(false);
      await expect.poll(() => overlapOf(page.getByRole('heading', { level: 1 })), { message: 'toast over the heading' }).toBe(false);
      await expectInView(toast);
      if (width !== 430) {
        const dir = process.env.SHOTS_DIR;
        if (dir) await saveScreenshot(page, { path: path.join(dir, `toast-${width}.png`) });
      }
    });
  }
});
