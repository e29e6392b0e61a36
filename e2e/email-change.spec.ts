import type { Page } from '@playwright/test';
import { expect, SCREENSHOTS, saveScreenshot, signedIn, signIn, test, uniqueEmail, verifiedUser } from './fixtures';

/** Opens the newest mail to `to` whose subject matches in the demo mailbox and follows its first link. */
async function followMailLink(page: Page, to: string, subject: RegExp) {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`);
  const item = page.getByTestId('mailbox-item').filter({ hasText: subject }).first();
  await item.click();
  await expect(page.getByRole('article', { name: 'Message' })).toContainText(subject);
  await page.getByTestId('mail-link').first().click();
}

/**
 * Changing the e-mail address (issue 36, decision 194): asked for under Settings, Security; confirmed by the link to
 * the new address; then "this wasn't me" from the old address's mail undoes it, signs everyone out and leads to a new
 * password.
 */
test('a customer changes the email address, confirms it from the new mailbox, and the old mailbox undoes it', async ({ page }, info) => {
  const email = await verifiedUser(page, 'Nisha', 'Rao');
  await signedIn(page, email, '/settings?tab=security');
  const next = uniqueEmail('nisha.new');
  const section = page.getByRole('region', { name: 'Email address' });
  await expect(section).toContainText(`You sign in with ${email}.`);
  await section.getByLabel('New email address').fill('not-an-address');
  await section.getByRole('button', { name: 'Change email' }).click();
  await expect(section.getByText('Please enter a valid email address')).toBeVisible();
  await section.getByLabel('New email address').fill(next);
  await section.getByRole('button', { name: 'Change email' }).click();
  await expect(section.getByTestId('email-change-sent')).toHaveText(
    `We sent a link to ${next}: open it to confirm the change. Until then you sign in with ${email}, which we told about it.`,
  );
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    if (SCREENSHOTS) await saveScreenshot(section, { path: info.outputPath(`email-change-sent-${width}.png`) });
  }

  await followMailLink(page, next, /Confirm your new email address/);
  await expect(page).toHaveURL(/\/confirm-email-change\?token=/);
  await expect(page.getByRole('heading', { name: 'Your email address is changed' })).toBeVisible();
  await expect(page.getByText(`Your account's email address is now ${next}. Sign in with it from now on.`)).toBeVisible();

  // The old address was told at once; its "This wasn't me" asks before it acts.
  await followMailLink(page, email, /email address is being changed/);
  await expect(page).toHaveURL(/\/undo-email-change\?token=/);
  await expect(page.getByRole('heading', { name: "Wasn't you?" })).toBeVisible();
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    if (SCREENSHOTS) await saveScreenshot(page, { path: info.outputPath(`undo-email-change-${width}.png`), fullPage: true });
  }
  await page.getByRole('button', { name: 'Undo the change and secure my account' }).click();
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  const chosen = 'Back!1n-control';
  await page.getByLabel('New password', { exact: true }).fill(chosen);
  await page.getByLabel('Confirm new password').fill(chosen);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password reset successful! You can now sign in with your new password.')).toBeVisible();
  // The old address and the new password open the account again.
  await page.evaluate(() => localStorage.clear());
  await signIn(page, email, chosen);
});
