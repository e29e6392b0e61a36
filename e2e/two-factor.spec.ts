import { generateSync } from 'otplib';
import { expect, SCREENSHOTS, saveScreenshot, test, USER_PASSWORD, verifiedUser } from './fixtures';

/**
 * Two-step verification at sign-in (issue 36, decision 192): an account turns it on through the API (its screens come
 * next), then signs in from the top bar: the password, then a code of the authenticator; again with a recovery code;
 * a wrong code is refused in the reader's words.
 */
test('an account with two-step verification signs in with its password and a code, or a recovery code', async ({ page }, info) => {
  const email = await verifiedUser(page, 'Meera', 'Iyer');
  const login = await page.request.post('/api/v1/auth/login', { data: { email, password: USER_PASSWORD } });
  const { token } = (await login.json()).data as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const { secret } = (await (await page.request.post('/api/v1/auth/two-factor/setup', { headers })).json()).data as { secret: string };
  const confirmed = await page.request.post('/api/v1/auth/two-factor/confirm', { headers, data: { code: generateSync({ secret }) } });
  expect(confirmed.status()).toBe(200);
  const codes = (await confirmed.json()).data.recoveryCodes as string[];

  const openSignIn = async () => {
    await page.goto('/');
    const menu = page.getByTestId('top-nav').getByRole('button', { name: 'Menu' });
    if (await menu.isVisible()) await menu.click();
    await page.getByTestId('top-nav').getByRole('button', { name: 'Log in' }).click();
    const modal = page.getByTestId('auth-modal');
    await modal.getByLabel('Email').fill(email);
    await modal.getByLabel('Password', { exact: true }).fill(USER_PASSWORD);
    await modal.getByRole('button', { name: 'Sign In' }).click();
    await expect(modal.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    return modal;
  };

  let modal = await openSignIn();
  await modal.getByLabel('Authentication code').fill('000000');
  await modal.getByRole('button', { name: 'Verify' }).click();
  await expect(modal.getByRole('alert')).toHaveText('That code is not right. Check the code in your authenticator app, or the recovery code, and try again.');
  if (SCREENSHOTS) await saveScreenshot(page, { path: info.outputPath(`two-factor-code-${info.project.name}.png`) });
  // The setup spent this step's code: the next step's (one step of skew) signs in.
  await modal.getByLabel('Authentication code').fill(generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await modal.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.evaluate(() => localStorage.clear());
  modal = await openSignIn();
  await modal.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await modal.getByLabel('Recovery code').fill(codes[0]!.toLowerCase());
  await modal.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
