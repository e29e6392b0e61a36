import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, saveScreenshot, signIn, test, uniqueEmail, USER_PASSWORD, verifiedUser } from './fixtures';

const SHOTS = process.env.SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

/** Screenshots for a person to look at, at a phone's and a desktop's width, when SHOTS_DIR is set (of one part, if given). */
async function shoot(page: Page, name: string, part?: Locator) {
  if (!SHOTS) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    if (part) await saveScreenshot(part, { path: `${SHOTS}/${name}-${width}.png` });
    else await saveScreenshot(page, { path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** Opens the newest mail to the address whose subject matches, in /dev/mailbox, as a person would. */
async function openMail(page: Page, email: string, subject: RegExp) {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  const item = page.getByTestId('mailbox-item').filter({ hasText: subject }).first();
  await item.click();
  await expect(page.getByRole('article', { name: 'Message' }).getByRole('heading', { level: 2 })).toHaveText(subject);
}

/** A paid month, through the API and the payment simulator's checkout, as the checkout window would pay it. */
async function payMonth(page: Page, email: string) {
  const login = await page.request.post('/api/v1/auth/login', { data: { email, password: USER_PASSWORD, deviceType: 'web' } });
  const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
  const plans = (await (await page.request.get('/api/v1/subscriptions/plans', { headers })).json()).data.plans as { id: string; code: string }[];
  const plan = plans.find((p) => p.code === 'stealth_month')!;
  const billing = { firstName: 'Asha', lastName: 'Verma', email, country: 'IN', state: '29', address: '12 MG Road', city: 'Bengaluru', zipCode: '560001' };
  const started = await page.request.post('/api/v1/subscriptions', { headers, data: { planId: plan.id, planName: plan.code, totalCount: 1, billing } });
  expect(started.status(), await started.text()).toBe(200);
  const { checkout } = (await started.json()).data;
  const paid = await page.request.post('/dev/razorpay/checkout/pay', { data: { key: checkout.key, subscription_id: checkout.subscriptionId, outcome: 'success', email } });
  const { response } = await paid.json();
  const verified = await page.request.post('/api/v1/payments/verify', {
    headers,
    data: { paymentId: response.razorpay_payment_id, subscriptionId: response.razorpay_subscription_id, signature: response.razorpay_signature },
  });
  expect(verified.status(), await verified.text()).toBe(200);
}

test.describe('mail and verification', () => {
  test('the verification link followed twice: the trial starts, then the page says the address is already verified', async ({ page, consoleErrors: _consoleErrors }) => {
    // The sign-up dialog says when the trial starts.
    await page.goto('/');
    await page.getByTestId('top-nav').getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByTestId('auth-modal')).toContainText('Your free one-day trial starts when you verify your email.');
    await page.getByTestId('auth-modal').getByRole('button', { name: 'Close' }).click();

    const email = uniqueEmail('twice');
    const reg = await page.request.post('/api/v1/auth/register', {
      data: { firstName: 'Asha', lastName: 'Verma', email, password: USER_PASSWORD, confirmPassword: USER_PASSWORD },
    });
    expect(reg.status()).toBe(201);

    await openMail(page, email, /Verify your email/);
    const preview = page.frameLocator('iframe[title="Mail preview"]');
    await expect(preview.getByText('Your one-day free trial starts the moment you do')).toBeVisible();
    await page.getByTestId('mail-link').first().click();
    await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
    await expect(page.getByText('Email verified successfully! Your one-day free trial has started. You can now sign in.')).toBeVisible();

    // The same link again, from the same mail.
    await openMail(page, email, /Verify your email/);
    await page.getByTestId('mail-link').first().click();
    await expect(page.getByRole('heading', { name: 'Email already verified' })).toBeVisible();
    await expect(page.getByText('Your email is already verified. You can sign in.')).toBeVisible();
    await expect(page.getByText('Verification failed')).toHaveCount(0);
    await expect(page.getByTestId('redirect-countdown')).toContainText(/Redirecting to the home page in \d seconds?/);
    await shoot(page, 'verify-already-verified');

    // Signed in, the trial runs a day from verification.
    await signIn(page, email);
    await expect(page.getByTestId('trial-banner')).toContainText('It started when you verified your email.');
    await expect(page.getByTestId('trial-countdown')).toHaveAttribute('aria-label', /^Trial ends in (0 days, 23 hours|1 days, 0 hours), /);
    await shoot(page, 'dashboard-trial', page.getByTestId('trial-banner'));
  });

  test('the receipt mail comes in the brand layout, and the mailbox lists its link without the full stop', async ({ page, baseURL, consoleErrors: _consoleErrors }) => {
    const email = await verifiedUser(page, 'Asha', 'Verma');
    await payMonth(page, email);
    await signIn(page, email);

    await openMail(page, email, /Your Stealth Browser receipt #\d+/);
    const message = page.getByRole('article', { name: 'Message' });
    await expect(message.getByTestId('mail-link')).toHaveText([`${baseURL}/billing`]);
    const preview = page.frameLocator('iframe[title="Mail preview"]');
    await expect(preview.locator('[data-mail-part="brand-header"]')).toHaveText('Stealth Browser');
    await expect(preview.getByRole('heading', { name: 'Thank you for your payment' })).toBeVisible();
    await expect(preview.getByRole('link', { name: 'Open Payment History' })).toHaveAttribute('href', `${baseURL}/billing`);
    // The brand's sans-serif, not the browser's default serif.
    expect(await preview.locator('body').evaluate((b) => getComputedStyle(b).fontFamily)).not.toMatch(/^"?Times/);

    await message.getByText('Plain-text version').click();
    await expect(message.locator('pre')).toContainText(`Open Payment History:\n${baseURL}/billing\n`);
    await shoot(page, 'mailbox-receipt', message);
    if (SHOTS) {
      // The mail alone, as a mail client shows it.
      const mailPage = await page.context().newPage();
      await mailPage.goto((await page.locator('iframe[title="Mail preview"]').getAttribute('src'))!);
      await shoot(mailPage, 'receipt-mail');
      await mailPage.close();
    }

    // The link the mailbox lists opens the billing page of the signed-in account.
    await message.getByTestId('mail-link').click();
    await expect(page).toHaveURL(`${baseURL}/billing`);
  });
});
