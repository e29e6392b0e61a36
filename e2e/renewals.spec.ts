import type { Page } from '@playwright/test';
import { checkoutWindow, expect, fillBillingForm, payMonthInCheckout, saveScreenshot, signedIn, test, verifiedUser } from './fixtures';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/renewals';

/** The signed-in customer's current subscription, read with the token the page holds. */
async function currentSubscription(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get('/api/v1/subscriptions/current', { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()).data.subscription as { razorpaySubscriptionId: string; status: string };
}

/** The simulator's failed renewal charge (Razorpay's declined auto-debit), then waits for its webhook to land. */
async function failRenewal(page: Page, rzpId: string, expected: 'pending' | 'halted') {
  expect((await page.request.post(`/dev/razorpay/subscriptions/${rzpId}/fail-charge`)).status()).toBe(200);
  await expect.poll(async () => (await currentSubscription(page)).status).toBe(expected);
}

test.describe('failed renewal', () => {
  test('pending then halted through the simulator: the dashboard, billing and the mail say so plainly; paying again recovers; then a plan change', async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width: 1440, height: 1000 });
    const email = await verifiedUser(page, 'Meera', 'Iyer');
    await signedIn(page, email, '/billing');
    await page.getByRole('button', { name: 'Choose Plan: Stealth Month' }).click();
    await payMonthInCheckout(page);
    await page.getByRole('button', { name: 'Go to Dashboard Now' }).click();
    await expect(page.getByTestId('plan-label')).toHaveText('Active');
    const rzpId = (await currentSubscription(page)).razorpaySubscriptionId;

    // The first declined renewal: pending, access kept, the way to fix it.
    await failRenewal(page, rzpId, 'pending');
    await page.reload();
    const card = page.getByTestId('subscription-card');
    await expect(card.getByTestId('renewal-notice')).toContainText("Your renewal payment didn't go through");
    await expect(card.getByTestId('renewal-notice')).toContainText('Razorpay will try your card again');
    await expect(page.getByTestId('plan-label')).toHaveText('Active');
    await saveScreenshot(page, { path: `${SHOTS}/dashboard-pending-1440.png`, fullPage: true });

    // The fix while Razorpay retries: a new card in Razorpay's window, and the due payment is charged to it.
    await card.getByRole('link', { name: 'Update card' }).click();
    await expect(page.getByTestId('renewal-notice')).toContainText('or update your card');
    await page.getByTestId('renewal-notice').getByRole('button', { name: 'Update card' }).click();
    await checkoutWindow(page).getByRole('button', { name: 'Save card and pay ₹299' }).click();
    await expect(page.getByText('Your renewal is paid. Thank you!')).toBeVisible();
    await expect(page.getByTestId('renewal-notice')).toHaveCount(0);
    await expect(page.getByTestId('billing-status')).toHaveText('active');

    // Three declines of the next renewal: halted. The dashboard no longer says Active beside it.
    await failRenewal(page, rzpId, 'pending');
    await failRenewal(page, rzpId, 'pending');
    await failRenewal(page, rzpId, 'halted');
    await page.goto('/dashboard');
    await expect(page.getByTestId('plan-label')).toHaveText('Renewal failed');
    await expect(page.getByTestId('subscription-status')).toHaveText('halted');
    await expect(card.getByTestId('renewal-notice')).toContainText('Renewal failed: autopay has stopped');
    await expect(card.getByTestId('renewal-notice')).toContainText('You keep full access until');
    await saveScreenshot(page, { path: `${SHOTS}/dashboard-halted-1440.png`, fullPage: true });

    // Billing shows the plan it still runs, the failure and Pay again: not the plan grid, not 'No active subscription found'.
    await card.getByRole('link', { name: 'Pay again' }).click();
    await expect(page).toHaveURL(/\/billing$/);
    await expect(page.getByTestId('renewal-notice')).toContainText('Renewal failed: autopay has stopped');
    await expect(page.getByTestId('billing-status')).toHaveText('halted');
    await expect(page.getByText('No active subscription found')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Choose Plan/ })).toHaveCount(0);
    await saveScreenshot(page, { path: `${SHOTS}/billing-halted-1440.png`, fullPage: true });

    // The same on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByTestId('renewal-notice')).toBeVisible();
    await saveScreenshot(page, { path: `${SHOTS}/billing-halted-390.png`, fullPage: true });
    await page.goto('/dashboard');
    await expect(page.getByTestId('plan-label')).toHaveText('Renewal failed');
    await saveScreenshot(page, { path: `${SHOTS}/dashboard-halted-390.png`, fullPage: true });

    // The mails in the mailbox.
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    const items = page.getByTestId('mailbox-item');
    // One mail per state change: pending, then (after the new card paid it) pending again, then halted.
    await expect(items.filter({ hasText: "renewal payment didn't go through" })).toHaveCount(2);
    await expect(items.filter({ hasText: 'autopay has stopped' })).toHaveCount(1);
    await items.filter({ hasText: 'autopay has stopped' }).click();
    await expect(page.getByRole('article', { name: 'Message' })).toContainText('Action needed');
    await saveScreenshot(page, { path: `${SHOTS}/mailbox-halted-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 1000 });
    await saveScreenshot(page, { path: `${SHOTS}/mailbox-halted-1440.png`, fullPage: true });

    // Pay again: a new plan starts at once; the halted one is closed.
    await page.goto('/billing');
    await page.getByTestId('renewal-notice').getByRole('button', { name: 'Pay again' }).click();
    await page.getByRole('button', { name: 'Choose Plan: Stealth Week' }).click();
    await fillBillingForm(page);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Complete Purchase' }).click();
    await checkoutWindow(page).getByRole('button', { name: 'Pay ₹99' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await page.getByRole('button', { name: 'Go to Dashboard Now' }).click();
    await expect(page.getByTestId('plan-label')).toHaveText('Active');
    await expect(page.getByTestId('subscription-card')).toContainText('Stealth Week');
    await expect(page.getByTestId('renewal-notice')).toHaveCount(0);

    // Plan change (decision 086): another recurring plan from the next renewal, shown in billing and on the dashboard.
    await page.goto('/billing');
    const change = page.getByTestId('plan-change');
    await change.getByRole('listitem').filter({ hasText: 'Stealth Month' }).getByRole('button', { name: 'Switch at renewal' }).click();
    await change.getByTestId('change-confirm').getByRole('button', { name: 'Confirm switch to Stealth Month' }).click();
    await expect(change.getByTestId('scheduled-change')).toContainText('Your plan changes to Stealth Month (₹299 / month) on');
    await saveScreenshot(page, { path: `${SHOTS}/billing-scheduled-1440.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard');
    await expect(page.getByTestId('subscription-card').getByTestId('scheduled-change')).toContainText('Stealth Month');
    await saveScreenshot(page, { path: `${SHOTS}/dashboard-scheduled-390.png`, fullPage: true });
    // Dropped again; then the lifetime plan offered with the unused part of the week taken off.
    await page.goto('/billing');
    await page.getByTestId('plan-change').getByRole('button', { name: 'Keep Stealth Week' }).click();
    await expect(page.getByTestId('plan-change').getByTestId('scheduled-change')).toHaveCount(0);
    await page.getByTestId('plan-change').getByRole('button', { name: 'Upgrade to lifetime' }).click();
    await expect(page.getByTestId('lifetime-offer')).toContainText('for the unused part of your current period');
    await saveScreenshot(page, { path: `${SHOTS}/billing-lifetime-offer-390.png`, fullPage: true });
    expect(consoleErrors).toEqual([]);
  });
});
