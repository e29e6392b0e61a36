import { generateSync } from 'otplib';
import type { CDPSession, Page } from '@playwright/test';
import { expect, SCREENSHOTS, saveScreenshot, signedIn, submitSignIn, test, verifiedUser } from './fixtures';

/**
 * Passkeys (issue 36, decision 196) in Chromium with its virtual authenticator (a platform authenticator that keeps
 * discoverable credentials and verifies its user), through @simplewebauthn/browser as the site ships it: added under
 * Settings, Security, renamed, used to sign in without typing an address, then removed.
 */
/** Chromium's virtual platform authenticator: keeps discoverable credentials and verifies its user (a PIN, a fingerprint). */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

test('a customer adds a passkey, renames it, signs in with it without an address, and removes it', async ({ page }, info) => {
  const { cdp, authenticatorId } = await virtualAuthenticator(page);

  const email = await verifiedUser(page, 'Kiran', 'Das');
  await signedIn(page, email, '/settings?tab=security');
  const section = page.getByTestId('passkeys');
  await expect(section).toContainText('A passkey works only on this site, so it cannot be phished.');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByRole('status')).toHaveText('Passkey added: Chrome on Windows.');
  // A new way in: the offer to sign out everywhere else (declined here).
  await expect(section.getByTestId('end-other-sessions')).toContainText('Your sign-in changed.');
  await section.getByRole('button', { name: 'Not now' }).click();
  await expect(section.getByTestId('end-other-sessions')).toHaveCount(0);
  const row = section.getByTestId('passkey-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('not used yet');
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);

  await row.getByRole('button', { name: 'Rename: Chrome on Windows' }).click();
  await row.getByLabel('Passkey name').fill('Work laptop');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Work laptop');

  // Signed out, the sign-in asks for no address: the passkey names the account.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/');
  await page.getByTestId('top-nav').getByRole('button', { name: 'Log in' }).click();
  await page.getByTestId('auth-modal').getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/settings?tab=security');
  await expect(row).toContainText('last used');
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    if (SCREENSHOTS) await saveScreenshot(section, { path: info.outputPath(`passkeys-${width}.png`) });
  }
  await row.getByRole('button', { name: 'Remove: Work laptop' }).click();
  await expect(section.getByRole('status')).toHaveText('Passkey removed: Work laptop.');
  await expect(row).toHaveCount(0);
  await section.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(section.getByText('Every other session is signed out.')).toBeVisible();

  // Removed on the site, the authenticator's copy opens nothing.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/');
  await page.getByTestId('top-nav').getByRole('button', { name: 'Log in' }).click();
  const modal = page.getByTestId('auth-modal');
  await modal.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(modal.getByRole('alert')).toHaveText('This passkey is not recognised. Sign in with your email and password, then add it again in Settings.');
});

/**
 * A passkey as the second step and for step-up (decision 198): a customer with two-step verification signs in with the
 * password and then the passkey instead of a code; signed in later with a recovery code (no fresh check), removing the
 * passkey asks to confirm it's you, and the passkey does (a cancelled prompt says so and removes nothing).
 */
test("a customer signs in with the password and a passkey, and confirms it's you with the passkey", async ({ page }, info) => {
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  const email = await verifiedUser(page, 'Farah', 'Khan');
  await signedIn(page, email, '/settings?tab=security');
  const section = page.getByTestId('passkeys');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByRole('status')).toHaveText('Passkey added: Chrome on Windows.');
  await section.getByRole('button', { name: 'Not now' }).click();
  // Two-step verification on, through the API with this session: the screens of its setup are e2e/two-factor.spec.ts's.
  const headers = { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` };
  const setup = await page.request.post('/api/v1/auth/two-factor/setup', { headers });
  const { secret } = (await setup.json()).data as { secret: string };
  const confirmed = await page.request.post('/api/v1/auth/two-factor/confirm', { headers, data: { code: generateSync({ secret }) } });
  const recoveryCodes = (await confirmed.json()).data.recoveryCodes as string[];
  expect(recoveryCodes).toHaveLength(10);

  // Signed out, the password, then the passkey instead of a code.
  await page.evaluate(() => localStorage.clear());
  let modal = await submitSignIn(page, email);
  await expect(modal.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await expect(modal).toContainText('Enter the 6-digit code from your authenticator app, or use one of your passkeys.');
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    if (SCREENSHOTS) await saveScreenshot(page, { path: info.outputPath(`second-step-passkey-${width}.png`) });
  }
  await modal.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A recovery code's sign-in is no fresh check: removing the passkey asks to confirm it's you.
  await page.evaluate(() => localStorage.clear());
  modal = await submitSignIn(page, email);
  await modal.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await modal.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await modal.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings?tab=security');
  const row = section.getByTestId('passkey-row');
  await row.getByRole('button', { name: 'Remove: Chrome on Windows' }).click();
  const confirm = section.getByRole('form', { name: "Confirm it's you" });
  await expect(confirm).toBeVisible();
  if (SCREENSHOTS) await saveScreenshot(section, { path: info.outputPath(`step-up-passkey-${page.viewportSize()!.width}.png`) });

  // The authenticator does not verify its user: the browser's prompt fails, the screen says so, nothing is removed.
  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
  await confirm.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(confirm.getByRole('alert')).toHaveText("The passkey check did not finish: the browser's request was cancelled or timed out. Try again, or use your password.");
  await expect(row).toHaveCount(1);

  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: true });
  await confirm.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(section.getByRole('status')).toHaveText('Passkey removed: Chrome on Windows.');
  await expect(row).toHaveCount(0);
});
