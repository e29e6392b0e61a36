import type { APIRequestContext, Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { keepSession, type SignInAnswer } from './sessions';
import { adminSignIn, E2E_ADMIN, expect, saveScreenshot, submitSignIn, test, USER_PASSWORD, verifiedUser } from './fixtures';

/** A customer's session signed in by the API, on which two-step verification is then turned on: the signed-in session of the account. */
async function withTwoStep(request: APIRequestContext, email: string): Promise<SignInAnswer & { user: { id: string; email: string } }> {
  const res = await request.post('/api/v1/auth/login', { data: { email, password: USER_PASSWORD, deviceType: 'web' } });
  expect(res.status()).toBe(200);
  const session = (await res.json()).data as SignInAnswer & { user: { id: string; email: string } };
  const headers = { authorization: `Bearer ${session.token}` };
  const setup = await request.post('/api/v1/auth/two-factor/setup', { headers });
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = (await setup.json()).data as { secret: string };
  const confirmed = await request.post('/api/v1/auth/two-factor/confirm', { headers, data: { code: generateSync({ secret }) } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return session;
}

/** Opens the newest mail to `to` whose subject matches in the demo mailbox and follows its first link. */
async function followMailLink(page: Page, to: string, subject: RegExp) {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`);
  await page.getByTestId('mailbox-item').filter({ hasText: subject }).first().click();
  await expect(page.getByRole('article', { name: 'Message' })).toContainText(subject);
  await page.getByTestId('mail-link').first().click();
}

/** The password step from the top bar, then "Lost your authenticator and recovery codes?" on the second step. */
async function askForRecovery(page: Page, email: string, shot?: string) {
  await page.evaluate(() => localStorage.clear());
  const modal = await submitSignIn(page, email);
  await expect(modal.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  if (shot) await saveScreenshot(modal, { path: shot });
  await modal.getByRole('button', { name: 'Lost your authenticator and recovery codes?' }).click();
  await expect(modal.getByRole('heading', { name: 'Recover your account by email' })).toBeVisible();
  return modal;
}

/**
 * Recovery without the authenticator or a recovery code (issue 36, decision 201): the customer asks for it on the
 * sign-in's second step; the account's other signed-in session shows the notice; the cancel link of the mail stops it,
 * and so does the notice's button.
 */
test('a customer starts the recovery from the second step, sees the notice in a signed-in session, and stops it', async ({ page }, info) => {
  const email = await verifiedUser(page, 'Ravi', 'Menon');
  const session = await withTwoStep(page.request, email);
  await page.goto('/privacy-policy');

  await page.setViewportSize({ width: 390, height: 900 });
  let modal = await askForRecovery(page, email, info.outputPath('second-step-390.png'));
  await expect(modal.getByText('For your safety it takes 72 hours')).toBeVisible();
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await saveScreenshot(modal, { path: info.outputPath(`recovery-ask-${width}.png`) });
  }
  await modal.getByRole('button', { name: 'Start recovery' }).click();
  const started = modal.getByTestId('recovery-started');
  await expect(started.getByRole('heading', { name: 'Recovery started' })).toBeVisible();
  await expect(started).toContainText("We emailed your account's address. From ");
  await expect(started).toContainText('Found your authenticator app? Signing in with it cancels the recovery.');
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await saveScreenshot(modal, { path: info.outputPath(`recovery-started-${width}.png`) });
  }

  // The account's signed-in session (another device) shows it on the dashboard and in Settings.
  await keepSession(page, session);
  await page.goto('/dashboard');
  const notice = page.getByRole('region', { name: 'Someone asked to turn off two-step verification' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('someone who knows your password asked to turn off two-step verification on this account');
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await saveScreenshot(page, { path: info.outputPath(`recovery-notice-${width}.png`) });
  }
  await page.goto('/settings?tab=security');
  await expect(notice).toBeVisible();

  // The mail's cancel link asks before it acts, then stops it.
  await followMailLink(page, email, /Someone asked to turn off two-step verification/);
  await expect(page).toHaveURL(/\/cancel-two-step-recovery\?token=/);
  await expect(page.getByRole('heading', { name: 'Cancel the recovery?' })).toBeVisible();
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await saveScreenshot(page, { path: info.outputPath(`recovery-cancel-${width}.png`), fullPage: true });
  }
  await page.getByRole('button', { name: 'Cancel the recovery' }).click();
  await expect(page.getByRole('heading', { name: 'Recovery cancelled' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome back, Ravi' })).toBeVisible();
  await expect(notice).toHaveCount(0);

  // Asked again: the notice's own button stops it from the signed-in session.
  modal = await askForRecovery(page, email);
  await modal.getByRole('button', { name: 'Start recovery' }).click();
  await expect(modal.getByRole('heading', { name: 'Recovery started' })).toBeVisible();
  await keepSession(page, session);
  await page.goto('/settings?tab=security');
  await notice.getByRole('button', { name: 'Stop the recovery' }).click();
  await expect(page.getByTestId('recovery-notice')).toHaveText('The recovery was stopped. Two-step verification stays on.');

  // The finishing link's page (mailed after the wait) asks too; a link that is not one says so.
  await page.goto('/finish-two-step-recovery?token=not-a-token');
  await expect(page.getByRole('heading', { name: 'Turn off two-step verification?' })).toBeVisible();
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await saveScreenshot(page, { path: info.outputPath(`recovery-finish-${width}.png`), fullPage: true });
  }
  await page.getByRole('button', { name: 'Turn off two-step verification' }).click();
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await expect(page.getByText('This recovery link no longer works: the recovery was finished, cancelled or has expired.')).toBeVisible();
});

/**
 * The last rung (decision 201): an admin resets a customer's two-step verification from the customer page, with a
 * reason and the admin's own fresh check; the customer is told by mail and signs in with the password alone.
 */
test("an admin resets a customer's two-step verification with a reason", async ({ page }, info) => {
  const email = await verifiedUser(page, 'Tara', 'Bose');
  const customer = await withTwoStep(page.request, email);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await adminSignIn(page);
  await page.goto(`/admin/customers/${customer.user.id}`);
  await expect(page.getByRole('heading', { name: 'Tara Bose', level: 1 })).toBeVisible();
  const security = page.getByTestId('customer-security');
  await expect(security).toContainText('On since');

  await page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Reset two-step verification' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset two-step verification' });
  await dialog.getByRole('button', { name: 'Reset two-step verification' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please give a reason: it is kept in the audit log');
  await dialog.getByLabel('Reason').fill('Lost phone and recovery codes; identity checked on a video call');
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 1000 });
    await saveScreenshot(dialog, { path: info.outputPath(`admin-reset-dialog-${width}.png`) });
  }
  await dialog.getByRole('button', { name: 'Reset two-step verification' }).click();
  // The admin's own check, when the session's is older than ten minutes: asked for in the dialog, then the reset goes on.
  const confirm = dialog.getByRole('form', { name: "Confirm it's you" });
  const done = page.getByText('Two-step verification was reset; the customer was told by email');
  await expect(confirm.or(done)).toBeVisible();
  if (await confirm.isVisible()) {
    await confirm.getByLabel('Current password').fill(E2E_ADMIN.password);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
  }
  await expect(done).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(security).toContainText('Off');
  const entry = page.getByTestId('audit-entry').first();
  await expect(entry).toContainText('Reset two-step verification');
  await expect(entry).toContainText('Lost phone and recovery codes; identity checked on a video call');
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 1000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await saveScreenshot(page, { path: info.outputPath(`admin-reset-done-${width}.png`), fullPage: true });
  }
  await expect(page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Reset two-step verification' })).toHaveCount(0);

  // The customer was told, and their session ended; the password alone signs them in now.
  const mails = (await (await page.request.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`)).json()).data.messages as { subject: string }[];
  expect(mails.map((m) => m.subject)).toContain('Two-step verification was turned off on your Stealth Browser account');
  expect((await page.request.get('/api/v1/auth/me', { headers: { authorization: `Bearer ${customer.token}` } })).status()).toBe(401);
  const again = await page.request.post('/api/v1/auth/login', { data: { email, password: USER_PASSWORD, deviceType: 'web' } });
  expect((await again.json()).data).toHaveProperty('token');
});
