import { generateSync } from 'otplib';
import { E2E_NEW_ADMIN } from './admin-credentials';
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

/**
 * Every admin has two-step verification (decision 193): an admin's first sign-in opens the admin area on its
 * enrolment, the admin API refuses that session until it is on, the recovery codes stay on screen until saved, and
 * the next sign-in asks for a code.
 */
test('an admin without two-step verification is sent to turn it on before any admin action', async ({ page }, info) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  const signInByForm = async () => {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(E2E_NEW_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(E2E_NEW_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
  };
  await signInByForm();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Turn on two-step verification', level: 1 })).toBeVisible();
  await expect(page.getByText('The admin area opens only with two-step verification.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Blog Management' })).toHaveCount(0);
  // The server refuses the session too, whatever the screen shows.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const refused = await page.request.get('/api/v1/admin/blog/posts', { headers: { authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe('ADMIN_TWO_FACTOR_REQUIRED');
  await page.goto('/admin/customers');
  await expect(page.getByRole('heading', { name: 'Turn on two-step verification', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Turn on two-step verification' }).click();
  const secret = ((await page.getByTestId('two-step-secret').textContent()) ?? '').replace(/\s/g, '');
  await page.getByLabel('Authentication code').fill(generateSync({ secret }));
  await page.getByRole('button', { name: 'Turn on', exact: true }).click();
  // The codes stay until the admin says they are saved, though the admin area would now open.
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 1000 });
    if (SCREENSHOTS) await saveScreenshot(page, { path: info.outputPath(`admin-two-step-codes-${width}.png`), fullPage: true });
  }
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();

  // Signed out, the next sign-in asks for a code (this step's was spent turning it on: the next one's).
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await signInByForm();
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await page.getByLabel('Authentication code').fill(generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Blog Management' })).toBeVisible();
});
