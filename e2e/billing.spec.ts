import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { checkoutWindow, expect, fillBillingForm, openInApp, signedIn, signIn, test, verifiedUser } from './fixtures';

const DECLINED = "Your payment didn't go through as it was declined by the bank. Try another payment method or contact your bank.";
const modal = (page: Page) => page.getByTestId('auth-modal');

test.describe('billing', () => {
  test('log in, choose a plan, checkout, pay in the Razorpay window, dashboard Active, cancel, receipt', async ({ page, consoleErrors }) => {
    const email = await verifiedUser(page, 'Asha', 'Verma');
    await signIn(page, email);

    // The landing pricing sends a signed-in visitor to /billing.
    await page.goto('/#pricing');
    await expect(page.getByRole('radio', { name: 'Monthly' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.locator('#pricing').getByText('Save 20%')).toBeVisible();
    await expect(page.locator('#pricing').getByTestId('plan-card')).toHaveCount(3);
    await page.getByRole('radio', { name: 'Yearly' }).click();
    await expect(page.locator('#pricing').getByRole('heading', { name: 'Stealth Year' })).toBeVisible();
    await page.getByRole('button', { name: 'Choose Plan: Stealth Year' }).click();
    await expect(page).toHaveURL(/\/billing$/);

    // Plans, then checkout step 1 with the name and e-mail locked.
    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: 'Choose Plan: Stealth Month' }).click();
    await expect(page.getByLabel('First Name')).toHaveValue('Asha');
    await expect(page.getByLabel('First Name')).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByRole('button', { name: 'Continue to review' }).click();
    await expect(page.getByTestId('checkout-error')).toHaveText('Please fill in all required fields: Country, City, Address, ZIP Code');
    await fillBillingForm(page);

    // Step 2: review, terms required, Previous returns to step 1 with the values kept.
    await expect(page.getByTestId('review-amount')).toContainText('₹299');
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByLabel('City')).toHaveValue('Bengaluru');
    await page.getByRole('button', { name: 'Continue to review' }).click();
    await page.getByRole('button', { name: 'Complete Purchase' }).click();
    await expect(page.getByTestId('checkout-error')).toHaveText('Please accept the terms and conditions to continue');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Complete Purchase' }).click();

    // The simulator's checkout window: the amount, the prefilled e-mail, then Pay.
    await expect(checkoutWindow(page).getByTestId('sim-amount')).toHaveText('₹299');
    await expect(checkoutWindow(page).getByText(email)).toBeVisible();
    await checkoutWindow(page).getByRole('button', { name: 'Pay ₹299' }).click();

    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(page).toHaveTitle('Payment Successful | Stealth Browser');
    await expect(page.getByTestId('redirect-countdown')).toContainText(/Redirecting to your dashboard in [123] second/);
    await expect(page.getByRole('button', { name: 'Go to Dashboard Now' })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 6000 });
    await expect(page).toHaveTitle('Dashboard | Stealth Browser');
    await expect(page.getByTestId('plan-label')).toHaveText('Active');
    await expect(page.getByTestId('subscription-status')).toHaveText('active');

    // Cancel: intro, reason, confirm, success; then the notice on the overview.
    await page.goto('/billing');
    await expect(page.getByTestId('billing-status')).toHaveText('active');
    await page.getByRole('tab', { name: 'Cancel Subscription' }).click();
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByLabel('Why are you cancelling? (optional)').fill('Only needed it for one interview');
    await expect(page.getByRole('button', { name: 'Keep Subscription' })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm Cancellation' }).click();
    await expect(page.getByTestId('cancel-success')).toContainText('Subscription cancelled successfully!');
    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect(page.getByTestId('autopay-cancelled')).toContainText('Autopay Cancelled');
    await expect(page.getByTestId('billing-status')).toHaveText('Cancelling');
    // The date access ends, said once: in the notice above the plan, not again in the plan's card.
    await expect(page.getByTestId('autopay-cancelled')).toContainText('You can keep using it until then');
    await expect(page.getByText(/Your subscription ends on/)).toHaveCount(1);

    // Payment history and the receipt download.
    await page.getByRole('tab', { name: 'Payment History' }).click();
    await expect(page.getByTestId('payment-row')).toHaveCount(1);
    await expect(page.getByTestId('payment-row')).toContainText('₹299');
    await expect(page.getByTestId('payment-row')).toContainText('Paid');
    const downloading = page.waitForEvent('download');
    await page
      .getByTestId('payment-row')
      .getByRole('button', { name: /Receipt #\d+/ })
      .click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^receipt-\d+\.pdf$/);
    expect(
      readFileSync(await download.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // The receipt e-mail arrived with the payment.
    const mails = await (await page.request.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
    expect(mails.data.messages.some((m: { kind: string }) => m.kind === 'receipt')).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  test('a failing payment shows the provider description, and the window can be closed to try again', async ({ page, consoleErrors }) => {
    const email = await verifiedUser(page, 'Ravi', 'Kumar');
    await signedIn(page, email, '/billing');
    await page.getByRole('button', { name: 'Choose Plan: Stealth Week' }).click();
    await fillBillingForm(page);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Complete Purchase' }).click();
    await checkoutWindow(page).getByRole('button', { name: 'Simulate a failed payment' }).click();
    await expect(page.getByTestId('checkout-error')).toHaveText(DECLINED);
    await expect(checkoutWindow(page).getByRole('status')).toContainText('You can retry.');
    await checkoutWindow(page).getByRole('button', { name: 'Close checkout' }).click();
    await expect(page.locator('iframe[title="Razorpay Checkout"]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Complete Purchase' })).toBeEnabled();
    await page.getByRole('tab', { name: 'Payment History' }).click();
    await expect(page.getByTestId('payment-row').first()).toContainText('Failed');
    expect(consoleErrors).toEqual([]);
  });

  test('paying in a checkout that a newer one replaced (a second tab) says the payment was refunded, never "verified"', async ({ page, consoleErrors }) => {
    const email = await verifiedUser(page, 'Meera', 'Iyer');
    await signedIn(page, email, '/billing');
    await page.getByRole('button', { name: 'Choose Plan: Stealth Month' }).click();
    await fillBillingForm(page);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Complete Purchase' }).click();
    await expect(checkoutWindow(page).getByTestId('sim-amount')).toHaveText('₹299');
    // Meanwhile, a second tab of the same account opens a checkout for another plan: it replaces this one.
    const second = await page.evaluate(async () => {
      const headers = { authorization: `Bearer ${localStorage.getItem('token')}`, 'content-type': 'application/json' };
      const plans = (await (await fetch('/api/v1/subscriptions/plans', { headers })).json()).data.plans as { id: string; code: string }[];
      const week = plans.find((p) => p.code === 'stealth_week')!;
      const billing = { firstName: 'Meera', lastName: 'Iyer', email: 'meera@example.com', country: 'IN', state: '29', address: '12 MG Road', city: 'Bengaluru', zipCode: '560001' };
      return (await fetch('/api/v1/subscriptions', { method: 'POST', headers, body: JSON.stringify({ planId: week.id, planName: week.code, totalCount: 1, billing }) })).status;
    });
    expect(second).toBe(200);
    // Razorpay still takes the payment in the first window; the screen says it bought nothing and was refunded.
    await checkoutWindow(page).getByRole('button', { name: 'Pay ₹299' }).click();
    const refunded =
      'This payment could not be applied: another purchase was applied first or this checkout was replaced by a newer one. It has been refunded in full automatically; you will get an e-mail with the credit note.';
    await expect(page.getByTestId('checkout-error')).toHaveText(refunded);
    await expect(page.getByTestId('toast').filter({ hasText: refunded })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toHaveCount(0);
    // The payment history shows the payment refunded in full.
    await page.goto('/billing');
    await page.getByRole('tab', { name: 'Payment History' }).click();
    await expect(page.getByTestId('payment-row').first()).toContainText('₹299');
    await expect(page.getByTestId('payment-row').first()).toContainText(/Refunded/);
    expect(consoleErrors).toEqual([]);
  });

  test('without the checkout script, checkout says the gateway is not loaded', async ({ page }) => {
    const email = await verifiedUser(page, 'Neha', 'Shah');
    await page.route('**/dev/razorpay/checkout.js', (route) => route.fulfill({ status: 503, body: '' }));
    await signedIn(page, email, '/billing');
    await expect(page.getByTestId('toast').filter({ hasText: 'Failed to load payment gateway. Please refresh the page.' })).toBeVisible();
    await page.getByRole('button', { name: 'Choose Plan: Stealth Month' }).click();
    await fillBillingForm(page);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Complete Purchase' }).click();
    await expect(page.getByTestId('checkout-error')).toHaveText('Payment gateway not loaded. Please refresh the page and try again.');
  });

  test('the landing pricing falls back to the two built-in plans and asks a visitor to log in', async ({ page }) => {
    await page.route('**/api/v1/subscriptions/plans/public', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"error":"INTERNAL_ERROR","message":"x"}' }),
    );
    // The server renders / with the plans it read; opened inside the app, the page asks the (failing) API itself.
    await openInApp(page, '/#pricing');
    const pricing = page.locator('#pricing');
    await expect(pricing.getByText('Failed to load pricing plans.')).toBeVisible();
    await expect(pricing.getByTestId('plan-card')).toHaveCount(2);
    await expect(pricing.getByTestId('plan-card').first()).toContainText('Stealth Week');
    await expect(pricing.getByTestId('plan-card').first()).toContainText('₹99');
    await expect(pricing.getByTestId('plan-card').nth(1)).toContainText('₹299');
    await expect(pricing.getByTestId('plan-card').nth(1)).toContainText('Most popular');
    await pricing.getByRole('button', { name: 'Choose Plan: Stealth Month' }).click();
    await expect(modal(page)).toHaveAttribute('data-mode', 'signin');
  });
});
