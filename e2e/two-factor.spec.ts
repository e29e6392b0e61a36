import { generateSync } from 'otplib';
import { expect, SCREENSHOTS, saveScreenshot, signedIn, submitSignIn, test, verifiedUser } from './fixtures';

/**
 * Two-step verification (issue 36, decision 192): a customer turns it on under Settings, Security (the QR code and the
 * key, a code, the ten recovery codes shown once), then signs in from the top bar with the password and a code of the
 * app; a wrong code is refused in the reader's words; then with a recovery code, after which one code fewer is left.
 */
test('a customer turns on two-step verification, then signs in with a code and with a recovery code', async ({ page }, info) => {
  const email = await verifiedUser(page, 'Meera', 'Iyer');
  await signedIn(page, email, '/settings?tab=security');
  const section = page.getByTestId('two-step');
  await section.getByRole('button', { name: 'Turn on two-step verification' }).click();
  await expect(section.getByRole('img', { name: 'QR code to add Stealth Browser to your authenticator app' })).toBeVisible();
  const secret = ((await section.getByTestId('two-step-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    if (SCREENSHOTS) await saveScreenshot(section, { path: info.outputPath(`two-step-setup-${width}.png`) });
  }
  await section.getByLabel('Authentication code').fill(generateSync({ secret }));
  await section.getByRole('button', { name: 'Turn on', exact: true }).click();
  const shown = section.getByTestId('recovery-codes').getByRole('listitem');
  await expect(shown).toHaveCount(10);
  const codes = (await shown.allTextContents()).map((c) => c.trim());
  if (SCREENSHOTS) await saveScreenshot(section, { path: info.outputPath('two-step-codes-1440.png') });
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByTestId('recovery-left')).toHaveText('10 recovery codes left.');

  const openSignIn = async () => {
    await page.evaluate(() => localStorage.clear());
    const modal = await submitSignIn(page, email);
    await expect(modal.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    return modal;
  };

  let modal = await openSignIn();
  await modal.getByLabel('Authentication code').fill('000000');
  await modal.getByRole('button', { name: 'Verify' }).click();
  await expect(modal.getByRole('alert')).toHaveText('That code is not right. Check the code in your authenticator app, or the recovery code, and try again.');
  if (SCREENSHOTS) await saveScreenshot(page, { path: info.outputPath('two-step-sign-in-1440.png') });
  // Turning it on spent this step's code: the next step's (one step of skew) signs in.
  await modal.getByLabel('Authentication code').fill(generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await modal.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  modal = await openSignIn();
  await modal.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await modal.getByLabel('Recovery code').fill(codes[0]!.toLowerCase());
  await modal.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings?tab=security');
  await expect(page.getByTestId('recovery-left')).toHaveText('9 recovery codes left.');
});
