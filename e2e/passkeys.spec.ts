import { expect, SCREENSHOTS, saveScreenshot, signedIn, test, verifiedUser } from './fixtures';

/**
 * Passkeys (issue 36, decision 196) in Chromium with its virtual authenticator (a platform authenticator that keeps
 * discoverable credentials and verifies its user), through @simplewebauthn/browser as the site ships it: added under
 * Settings, Security, renamed, used to sign in without typing an address, then removed.
 */
test('a customer adds a passkey, renames it, signs in with it without an address, and removes it', async ({ page }, info) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });

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
