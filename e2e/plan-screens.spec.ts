import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { adminSessionData, adminSignIn, checkoutWindow, expect, fillBillingForm, payMonthInCheckout, saveScreenshot, signedIn, test, verifiedUser } from './fixtures';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/plan-screens';
mkdirSync(SHOTS, { recursive: true });

/** The signed-in customer's current subscription, read with the token the page holds. */
async function currentSubscription(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get('/api/v1/subscriptions/current', { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()).data.subscription as { _id: string; razorpaySubscriptionId: string; status: string };
}

const adminToken = async (request: APIRequestContext) => (await adminSessionData(request)).token;

/** Buys a plan from the billing page's grid, through the simulator's checkout window. */
async function buyFromBilling(page: Page, plan: string, pay: RegExp) {
  await page.goto('/billing');
  await page.getByRole('button', { name: `Choose Plan: ${plan}` }).click();
  await fillBillingForm(page);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
  await checkoutWindow(page).getByRole('button', { name: pay }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
}

/** The dashboard of a lifetime plan says what Billing says (Forever, ∞), photographed on a phone and a wide screen. */
async function expectLifetimeDashboard(page: Page, shot: string) {
  const card = page.getByTestId('subscription-card');
  await expect(card).toContainText('Stealth Pro (Lifetime)');
  await expect(page.getByTestId('days-remaining')).toHaveText('∞');
  await expect(card).toContainText(/Current period.*– Forever/s);
  await expect(card).not.toContainText('– —');
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await saveScreenshot(page, { path: `${SHOTS}/${shot}-${width}.png`, fullPage: true });
  }
}

/** The mailbox as a person reads it: the newest mail whose line in the list has `subject`, opened. */
async function openMail(page: Page, email: string, subject: string) {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await page.getByTestId('mailbox-item').filter({ hasText: subject }).first().click();
  return page.getByRole('article', { name: 'Message' });
}

test.describe('what customers read about their plan', () => {
  test('a lifetime customer reads Forever and ∞ on the dashboard, as billing says, on a phone and a wide screen', async ({ page }) => {
    const email = await verifiedUser(page, 'Ira', 'Shah');
    await signedIn(page, email);
    await buyFromBilling(page, 'Stealth Pro (Lifetime)', /^Pay ₹/);
    await page.getByRole('button', { name: 'Go to Dashboard Now' }).click();
    await expectLifetimeDashboard(page, 'dashboard-lifetime');
    await page.goto('/billing');
    await expect(page.getByText('Forever')).toBeVisible();
    await expect(page.getByText('∞')).toBeVisible();
  });

  test('a customer who upgrades from Week to the lifetime plan reads Forever and ∞ on the dashboard too', async ({ page }) => {
    const email = await verifiedUser(page, 'Tara', 'Bose');
    await signedIn(page, email);
    await buyFromBilling(page, 'Stealth Week', /^Pay ₹99/);
    await page.goto('/billing');
    await page.getByTestId('plan-change').getByRole('button', { name: 'Upgrade to lifetime' }).click();
    const offer = page.getByTestId('lifetime-offer');
    await expect(offer).toContainText('for the unused part of your current period');
    await offer.getByRole('button', { name: /^Pay ₹/ }).click();
    await checkoutWindow(page)
      .getByRole('button', { name: /^Pay ₹/ })
      .click();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await page.goto('/dashboard');
    await expectLifetimeDashboard(page, 'dashboard-lifetime-upgraded');
  });

  test("after an admin's Cancel now the customer reads that the plan ended (not 'Cancelling'), and a mail says access was cut", async ({ page, request }) => {
    const email = await verifiedUser(page, 'Dev', 'Rao');
    await signedIn(page, email, '/billing');
    await page.getByRole('button', { name: 'Choose Plan: Stealth Month' }).click();
    await payMonthInCheckout(page);
    const sub = await currentSubscription(page);
    const token = await adminToken(request);
    const me = await page.request.get('/api/v1/auth/me', { headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` } });
    const userId = (await me.json()).data.user.id as string;
    const cancelled = await request.post(`/api/v1/admin/users/${userId}/subscriptions/${sub._id}/cancel`, {
      headers: { authorization: `Bearer ${token}` },
      data: { when: 'now', reason: 'Chargeback' },
    });
    expect(cancelled.status()).toBe(200);

    await page.goto('/dashboard');
    const card = page.getByTestId('subscription-card');
    await expect(page.getByTestId('plan-label')).toHaveText('Free');
    await expect(page.getByTestId('subscription-status')).not.toHaveText('Cancelling');
    await expect(card).not.toContainText('You can keep using it until then');
    await expect(page.getByTestId('days-remaining')).toHaveText('0');
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await saveScreenshot(page, { path: `${SHOTS}/dashboard-ended-${width}.png`, fullPage: true });
    }
    // Billing says the same: nothing about cancelling or access until a date.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/billing');
    await expect(page.getByRole('button', { name: 'Choose Plan: Stealth Month' })).toBeVisible();
    await expect(page.getByText('Cancelling', { exact: true })).toHaveCount(0);
    await expect(page.getByTestId('autopay-cancelled')).toHaveCount(0);
    await expect(page.getByText(/You can keep using it until then/)).toHaveCount(0);
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await saveScreenshot(page, { path: `${SHOTS}/billing-ended-${width}.png`, fullPage: true });
    }
    const mail = await openMail(page, email, 'Your Stealth Browser plan has ended');
    await expect(mail).toContainText('our support team ended your Stealth Month plan on');
    await expect(mail).toContainText('Your access has ended');
    await saveScreenshot(page, { path: `${SHOTS}/mail-ended-1440.png`, fullPage: true });
  });

  test('Pay again on a halted plan says, before paying, that the paid days left are not carried over', async ({ page }) => {
    const email = await verifiedUser(page, 'Nia', 'Das');
    await signedIn(page, email);
    await buyFromBilling(page, 'Stealth Week', /^Pay ₹99/);
    const { razorpaySubscriptionId: rzpId } = await currentSubscription(page);
    for (let i = 0; i < 3; i++) expect((await page.request.post(`/dev/razorpay/subscriptions/${rzpId}/fail-charge`)).status()).toBe(200);
    await expect.poll(async () => (await currentSubscription(page)).status).toBe('halted');
    await page.goto('/billing');
    await page.getByTestId('renewal-notice').getByRole('button', { name: 'Pay again' }).click();
    const notice = page.getByTestId('paid-days-notice');
    await expect(notice).toContainText(/You still have \d+ paid days?, until/);
    await expect(notice).toContainText('the days left are not carried over');
    await page.setViewportSize({ width: 390, height: 900 });
    await saveScreenshot(page, { path: `${SHOTS}/pay-again-plans-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await saveScreenshot(page, { path: `${SHOTS}/pay-again-plans-1440.png`, fullPage: true });
    // Said again on the review, right above the terms and the payment.
    await page.getByRole('button', { name: 'Choose Plan: Stealth Month' }).click();
    await fillBillingForm(page);
    await expect(page.getByTestId('paid-days-notice')).toContainText('the days left are not carried over');
    await saveScreenshot(page, { path: `${SHOTS}/pay-again-review-1440.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 900 });
    await saveScreenshot(page, { path: `${SHOTS}/pay-again-review-390.png`, fullPage: true });
  });

  test('switching plan at renewal asks to confirm first, and the switch is confirmed by mail', async ({ page }) => {
    const email = await verifiedUser(page, 'Om', 'Pillai');
    await signedIn(page, email);
    await buyFromBilling(page, 'Stealth Week', /^Pay ₹99/);
    await page.goto('/billing');
    const change = page.getByTestId('plan-change');
    await change.getByRole('listitem').filter({ hasText: 'Stealth Month' }).getByRole('button', { name: 'Switch at renewal' }).click();
    // Nothing is scheduled by the first click: a confirm step says what changes when.
    const confirm = change.getByTestId('change-confirm');
    await expect(confirm).toContainText('Switch to Stealth Month at your next renewal?');
    await expect(confirm).toContainText('autopay charges ₹299 / month for Stealth Month');
    await expect(change.getByTestId('scheduled-change')).toHaveCount(0);
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await saveScreenshot(page, { path: `${SHOTS}/change-confirm-${width}.png`, fullPage: true });
    }
    await confirm.getByRole('button', { name: 'Confirm switch to Stealth Month' }).click();
    await expect(change.getByTestId('scheduled-change')).toContainText('Your plan changes to Stealth Month (₹299 / month) on');
    // Another card: the confirm step says it replaces the scheduled change.
    await change.getByRole('listitem').filter({ hasText: 'Stealth Year' }).getByRole('button', { name: 'Switch at renewal' }).click();
    await expect(change.getByTestId('change-confirm')).toContainText('This replaces the change to Stealth Month you scheduled before.');
    await change.getByTestId('change-confirm').getByRole('button', { name: 'Back' }).click();
    await expect(change.getByTestId('scheduled-change')).toContainText('Stealth Month');

    await page.setViewportSize({ width: 390, height: 900 });
    const mail = await openMail(page, email, 'Your Stealth Browser plan change is scheduled');
    await expect(mail).toContainText('your plan changes from Stealth Week to Stealth Month on');
    await saveScreenshot(page, { path: `${SHOTS}/mail-change-390.png`, fullPage: true });
  });

  test('the overview shows cancellations with their reasons', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 1000 });
    await adminSignIn(page);
    await page.goto('/admin/overview');
    const stat = page.getByTestId('metric-cancellations');
    // The total with its four reasons, each on a line of its own (the figures are the API test's: plan-notices.api.test.ts).
    await expect(stat).toContainText(/By the customer\s*\d+/);
    await expect(stat.getByRole('definition')).toHaveCount(4);
    await expect(stat).toContainText('By an admin');
    await expect(stat).toContainText('Renewal failed');
    await saveScreenshot(page, { path: `${SHOTS}/overview-1440.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 900 });
    await saveScreenshot(page, { path: `${SHOTS}/overview-390.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
