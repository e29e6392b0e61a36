import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { formatMoney } from '../src/shared/money';
import type { AdminMetrics } from '../src/shared/schemas/metrics';
import { activate, adminSession, adminSignIn, buyMonth, desktopSignIn, expect, grantMonth, saveScreenshot, test, verifiedUser } from './fixtures';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/metrics';

/** A part of the page whole, in a window tall enough that the admin's bar (which stays in view) is not drawn across it. */
async function partShot(page: Page, part: Locator, path: string) {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: size.width, height: 1800 });
  await saveScreenshot(part, { path });
  await page.setViewportSize(size);
}

/** The figures the page was drawn from: the answer of its metrics call. */
const metricsAnswer = (page: Page, days: number) =>
  page.waitForResponse((res) => res.url().endsWith(`/api/v1/admin/metrics?days=${days}`) && res.status() === 200).then(async (res) => (await res.json()).data as AdminMetrics);

test.describe('admin overview', () => {
  test('an admin opens the overview on a wide screen and a phone and sees the figures and the charts', async ({ page, consoleErrors }) => {
    mkdirSync(SHOTS, { recursive: true });
    // A customer who signed up and bought the month plan today: MRR and revenue are not zero.
    await buyMonth(page, 'Meera', 'Rao');

    await page.setViewportSize({ width: 1440, height: 1000 });
    await adminSignIn(page);
    const answered = metricsAnswer(page, 30);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Overview' }).click();
    await expect(page).toHaveURL(/\/admin\/overview$/);
    const m = await answered;
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();

    // The cards say what the API answered; this run's purchase is in them.
    expect(m.mrr).toBeGreaterThanOrEqual(29_900);
    expect(m.totals.revenue).toBeGreaterThanOrEqual(29_900);
    await expect(page.getByTestId('metric-mrr')).toContainText(formatMoney(m.mrr));
    await expect(page.getByTestId('metric-active')).toContainText(String(m.activeSubscriptions));
    await expect(page.getByTestId('metric-trials')).toContainText(String(m.trialUsers));
    await expect(page.getByTestId('metric-revenue')).toContainText(formatMoney(m.totals.revenue));
    await expect(page.getByTestId('metric-signups')).toContainText(String(m.totals.signups));
    await expect(page.getByTestId('metrics-plans').getByRole('row', { name: /Stealth Month/ })).toContainText(formatMoney(m.plans.find((p) => p.code === 'stealth_month')!.mrr!));

    // Two charts drawn on canvases, each with its legend.
    const charts = page.getByTestId('day-chart');
    await expect(charts).toHaveCount(2);
    await expect(charts.first().locator('canvas')).toBeVisible();
    await expect(charts.first().locator('.u-legend')).toContainText('Revenue');
    await expect(charts.nth(1).locator('.u-legend')).toContainText('Sign-ups');
    const box = await charts.first().locator('canvas').boundingBox();
    expect(box!.width).toBeGreaterThan(400);
    // The cursor on today (the right edge) reads today's figures in the legend.
    const over = charts.first().locator('.u-over');
    // The chart sits below the cards; the pointer reaches it once it is on the screen.
    await over.scrollIntoViewIfNeeded();
    const area = (await over.boundingBox())!;
    await page.mouse.move(area.x + area.width - 2, area.y + area.height / 2);
    await expect(charts.first().locator('.u-legend .u-series').first()).not.toContainText('–');
    await expect(charts.first().locator('.u-legend .u-series').nth(1)).toContainText('₹');
    await saveScreenshot(page, { path: `${SHOTS}/overview-1440.png`, fullPage: true });

    // Another period: the address and the figures follow.
    const week = metricsAnswer(page, 7);
    await page.getByRole('button', { name: '7 days' }).click();
    await expect(page).toHaveURL(/\/admin\/overview\?days=7$/);
    expect((await week).series).toHaveLength(7);
    await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { name: /Last 7 days/ })).toBeVisible();

    // On a phone: the same figures, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const phone = metricsAnswer(page, 90);
    await page.goto('/admin/overview?days=90');
    await phone;
    await expect(page.getByTestId('metric-mrr')).toContainText(formatMoney(m.mrr));
    await expect(page.getByTestId('day-chart').first().locator('canvas')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await saveScreenshot(page, { path: `${SHOTS}/overview-390.png`, fullPage: true });
    expect(consoleErrors).toEqual([]);
  });

  test('every figure fits its card, the large ones too, on a wide screen and a phone', async ({ page, consoleErrors }) => {
    mkdirSync(SHOTS, { recursive: true });
    // The figures of a business some months on: the answer stood in for with large sums of money.
    await page.route(/\/api\/v1\/admin\/metrics\?days=30$/, async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: AdminMetrics };
      body.data.totals = { ...body.data.totals, revenue: 2_392_305, oneTimeRevenue: 1_499_700, refunds: 1_234_550, signups: 12_345 };
      body.data.mrr = 12_34_56_789_00;
      // No device holds a seat: the devices part says so instead of empty tables.
      body.data.devices = { ...body.data.devices, active: 0, cloneFlagged: 0, versions: [], seats: body.data.devices.seats.map((s) => ({ ...s, used: 0 })) };
      await route.fulfill({ response: res, json: body });
    });
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 1000 });
      if (width === 1440) await adminSignIn(page);
      await page.goto('/admin/overview');
      await expect(page.getByTestId('metric-revenue')).toContainText('₹23,923');
      for (const id of ['metric-mrr', 'metric-revenue', 'metric-refunds', 'metric-signups', 'metric-conversion']) {
        const card = page.getByTestId(id);
        // The figure is drawn whole inside its card: nothing cut at its edge.
        const fits = await card.evaluate((el) => {
          const value = el.querySelector('[data-figure]')!;
          const inner = el.getBoundingClientRect();
          const box = value.getBoundingClientRect();
          return { scroll: value.scrollWidth <= value.clientWidth, inside: box.right <= inner.right - 8 && box.left >= inner.left, text: value.textContent };
        });
        expect(fits, `${id} at ${width} px`).toMatchObject({ scroll: true, inside: true });
      }
      await expect(page.getByTestId('metric-revenue')).toContainText('₹23,923.05');
      await expect(page.getByTestId('devices-empty')).toContainText('No device holds a seat.');
      await expect(page.getByTestId('metrics-versions')).toHaveCount(0);
      await saveScreenshot(page, { path: `${SHOTS}/overview-large-figures-${width}.png`, fullPage: true });
    }
    expect(consoleErrors).toEqual([]);
  });
  test('an admin sees the devices the desktop program activated: those holding a seat, their versions and the seats per plan', async ({ page, consoleErrors }) => {
    mkdirSync(SHOTS, { recursive: true });
    // A monthly customer (two seats) whose program is installed on a laptop, and the same installation copied to a
    // second machine (a copied disk): both hold a seat and both are flagged. Versions of this test's own.
    const email = await verifiedUser(page, 'Kavya', 'Iyer');
    const { token, userId } = await desktopSignIn(page.request, email);
    await grantMonth(page.request, userId);
    const installId = `install-kavya-${Date.now()}`;
    await activate(page.request, token, 'Kavya-Laptop', 'Windows 11 Pro', '31.4.1', installId);
    await activate(page.request, token, 'Kavya-Copy', 'Windows 11 Pro', '31.10.0', installId);

    await adminSession(page);
    await page.setViewportSize({ width: 1440, height: 1000 });
    const answered = metricsAnswer(page, 30);
    await page.goto('/admin/overview');
    const d = (await answered).devices;
    expect(d.active).toBeGreaterThanOrEqual(2);
    expect(d.cloneFlagged).toBeGreaterThanOrEqual(2);
    const section = page.getByRole('region', { name: /^Devices/ });
    await expect(section.getByTestId('metric-devices')).toContainText(String(d.active));
    await expect(section.getByTestId('metric-clones')).toContainText(String(d.cloneFlagged));

    // The versions, newest by number first (31.10.0 above 31.4.1), each with its devices.
    const versions = section.getByTestId('metrics-versions').locator('tbody tr');
    await expect(versions).toHaveCount(d.versions.length);
    const names = await versions.locator('th').allInnerTexts();
    expect(names.indexOf('31.10.0')).toBeGreaterThanOrEqual(0);
    expect(names.indexOf('31.10.0')).toBeLessThan(names.indexOf('31.4.1'));
    await expect(versions.filter({ hasText: '31.10.0' }).locator('td').first()).toHaveText('1');

    // The month plan's seats: this customer's two among them, of its limit × the accounts holding it.
    const month = d.seats.find((s) => s.plan === 'stealth_month')!;
    expect(month.used).toBeGreaterThanOrEqual(2);
    const seats = section.getByTestId('metrics-seats');
    await expect(seats.getByRole('row', { name: /Stealth Month/ })).toContainText(`${month.used} of ${month.offered}`);
    await expect(seats.getByRole('row', { name: /Stealth Month/ })).toContainText(`2 each × ${month.offered! / 2}`);
    await expect(seats.getByRole('row', { name: /^Trial/ })).toBeVisible();
    const newest = d.versions[0]!;
    await expect(section.getByTestId('metric-newest')).toContainText(newest.appVersion);
    await saveScreenshot(page, { path: `${SHOTS}/overview-devices-1440.png`, fullPage: true });
    await partShot(page, section, `${SHOTS}/overview-devices-section-1440.png`);

    // On a phone: the same figures, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(section.getByTestId('metric-devices')).toContainText(String(d.active));
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    // From the top: the admin's bar, which stays in view, over the page's head and not across its middle.
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, { path: `${SHOTS}/overview-devices-390.png`, fullPage: true });
    await partShot(page, section, `${SHOTS}/overview-devices-section-390.png`);

    // An admin whose account speaks Hindi: the admin area stays English (decision 150), drawn the same.
    const web = await page.evaluate(() => localStorage.getItem('token'));
    const headers = { authorization: `Bearer ${web}` };
    const me = (await (await page.request.get('/api/v1/auth/me', { headers })).json()).data.user as { firstName: string; lastName: string };
    const language = (lang: string) =>
      page.request.put('/api/v1/auth/profile', { headers, data: { firstName: me.firstName, lastName: me.lastName, preferences: { language: lang } } });
    expect((await language('hi')).status()).toBe(200);
    try {
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 1000 });
        await page.reload();
        await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
        await expect(section.getByTestId('metric-devices')).toContainText(String(d.active));
        await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
        await page.evaluate(() => window.scrollTo(0, 0));
        await saveScreenshot(page, { path: `${SHOTS}/overview-devices-hi-${width}.png`, fullPage: true });
        await partShot(page, section, `${SHOTS}/overview-devices-section-hi-${width}.png`);
      }
    } finally {
      expect((await language('en')).status()).toBe(200);
    }

    // The copies lead to the customers, whose Devices list marks them.
    await section.getByTestId('metric-clones').getByRole('link', { name: 'Find the customer' }).click();
    await expect(page).toHaveURL(/\/admin\/customers$/);
    expect(consoleErrors).toEqual([]);
  });
});
