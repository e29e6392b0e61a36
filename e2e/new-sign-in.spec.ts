import type { Page } from '@playwright/test';
import { expect, SCREENSHOTS, saveScreenshot, signIn, test, verifiedUser, withHydration } from './fixtures';

/** Firefox on Windows, as the second browser says it is (the mail names the browser and system it read). */
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SUBJECT = 'New sign-in to your Stealth Browser account';

/** The kinds of the mails to an address, newest first. */
async function mailKinds(page: Page, email: string): Promise<string[]> {
  const res = await page.request.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`);
  return ((await res.json()).data.messages as { kind: string }[]).map((m) => m.kind);
}

/** A signed-in page is signed out: opening the dashboard lands on the home page with the sign-in button, its tokens gone. */
async function expectSignedOut(page: Page) {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await expect(page.getByTestId('top-nav').getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('refreshToken')])).toEqual([null, null]);
}

/**
 * A sign-in from a new browser (issue 36, decision 200): the account's first sign-in is told to nobody; a second
 * browser's is mailed with its browser, system and place; the mail's "This wasn't me" asks first, then signs every
 * browser out and leads to choosing a new password; the link works once.
 */
test('a sign-in from a new browser is mailed; "This wasn\'t me" signs every browser out and leads to a new password', async ({ page, browser, consoleErrors }, info) => {
  void consoleErrors;
  const email = await verifiedUser(page, 'Meera', 'Iyer');
  await signIn(page, email);
  expect(await mailKinds(page, email)).not.toContain('new-sign-in');

  // Someone else signs in from another browser: the session is made, and the account is told.
  const elsewhere = await browser.newContext({ userAgent: FIREFOX_WINDOWS });
  const intruder = withHydration(await elsewhere.newPage());
  await signIn(intruder, email);
  expect((await mailKinds(page, email)).filter((k) => k === 'new-sign-in')).toHaveLength(1);

  // The owner reads the mail on a phone.
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = withHydration(await phoneContext.newPage());
  await phone.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await phone.getByTestId('mailbox-item').filter({ hasText: SUBJECT }).first().click();
  const message = phone.getByRole('article', { name: 'Message' });
  await expect(message).toContainText(SUBJECT);
  const preview = phone.frameLocator('iframe[title="Mail preview"]');
  await expect(preview.getByRole('heading', { name: 'New sign-in to your account' })).toBeVisible();
  await expect(preview.getByText('If this was you, you need do nothing.')).toBeVisible();
  // What signed in and from where: the innermost rows of the mail's layout tables (no table rows to a reader).
  await expect(preview.locator('tr', { hasText: 'Browser and system' }).last()).toContainText('Firefox on Windows');
  await expect(preview.locator('tr', { hasText: 'Place' }).last()).toContainText('Unknown location');
  await expect(preview.getByRole('link', { name: "This wasn't me" })).toHaveAttribute('href', /\/secure-account\?token=[^&]+&lang=en$/);
  if (SCREENSHOTS) {
    // The mail alone, as a mail client shows it.
    const mailPage = await phoneContext.newPage();
    await mailPage.goto((await phone.locator('iframe[title="Mail preview"]').getAttribute('src'))!);
    for (const width of [390, 1440]) {
      await mailPage.setViewportSize({ width, height: 900 });
      await saveScreenshot(mailPage, { path: info.outputPath(`new-sign-in-mail-${width}.png`), fullPage: true });
    }
    await mailPage.close();
  }

  // "This wasn't me" asks before it acts.
  await message.getByTestId('mail-link').first().click();
  await expect(phone).toHaveURL(/\/secure-account\?token=/);
  const link = phone.url();
  await expect(phone.getByRole('heading', { name: 'Secure your account' })).toBeVisible();
  await expect(phone.getByText("Every session of your account is signed out, the desktop app's too.")).toBeVisible();
  for (const width of [390, 1440]) {
    await phone.setViewportSize({ width, height: 900 });
    await saveScreenshot(phone, { path: info.outputPath(`secure-account-${width}.png`), fullPage: true });
  }
  await phone.getByRole('button', { name: 'Sign out everywhere and choose a new password' }).click();
  await expect(phone).toHaveURL(/\/reset-password\?token=/);
  const chosen = 'Back!1n-control';
  await phone.getByLabel('New password', { exact: true }).fill(chosen);
  await phone.getByLabel('Confirm new password').fill(chosen);
  await phone.getByRole('button', { name: 'Reset Password' }).click();
  await expect(phone.getByText('Password reset successful! You can now sign in with your new password.')).toBeVisible();

  // Both browsers are signed out: the owner's first one and the other.
  await expectSignedOut(page);
  await expectSignedOut(intruder);

  // The link worked once: followed again, it says so and changes nothing.
  await phone.goto(link);
  await phone.getByRole('button', { name: 'Sign out everywhere and choose a new password' }).click();
  await expect(phone.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await expect(phone.getByText('This link was already used or has expired.', { exact: false })).toBeVisible();
  await saveScreenshot(phone, { path: info.outputPath('secure-account-used-1440.png'), fullPage: true });

  // The new password opens the account again.
  await signIn(page, email, chosen);
  await elsewhere.close();
  await phoneContext.close();
});
