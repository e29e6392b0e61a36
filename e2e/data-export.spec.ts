import { readFileSync } from 'node:fs';
import { expect, saveScreenshot, signedIn, test, USER_PASSWORD, verifiedUser } from './fixtures';

/**
 * "Your data" (issue 36, decision 199): under Settings, Danger Zone, above the deletion, a customer downloads
 * everything the site holds about them as a JSON file, behind "Confirm it's you", and is told by mail.
 */
test('a customer downloads their data from Settings and gets the file and the mail', async ({ page, consoleErrors: _consoleErrors }, info) => {
  const email = await verifiedUser(page, 'Kavya', 'Menon');
  await signedIn(page, email, '/settings?tab=danger');
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section).toContainText('Download a copy of everything we hold about you as one JSON file');
  // Above the deletion, where a copy is looked for before leaving.
  const deletion = page.getByRole('region', { name: 'Delete account' });
  const [dataBox, deleteBox] = [await section.boundingBox(), await deletion.boundingBox()];
  expect(dataBox!.y + dataBox!.height).toBeLessThanOrEqual(deleteBox!.y);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await saveScreenshot(section, { path: info.outputPath(`your-data-${width}.png`) });
    await saveScreenshot(page.getByRole('tabpanel'), { path: info.outputPath(`danger-zone-${width}.png`) });
  }

  // A session signed in a while ago is asked for its password first (the server's answer to such a session, given
  // here to this fresh one, whose sign-in still counts as a check); then the download is made again.
  let refused = 0;
  await page.route('**/api/v1/auth/export', (route) =>
    refused++
      ? route.fallback()
      : route.fulfill({
          status: 403,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, error: 'FORBIDDEN', code: 'STEP_UP_REQUIRED', message: "For your security, confirm it's you to continue." }),
        }),
  );
  await page.setViewportSize({ width: 390, height: 900 });
  await section.getByRole('button', { name: 'Download your data' }).click();
  const stepUp = section.getByRole('form', { name: "Confirm it's you" });
  await expect(stepUp).toContainText('For your security, enter your password to download your data.');
  // Its Confirm makes the download: the section's own button waits until it is done.
  await expect(section.getByRole('button', { name: 'Download your data' })).toHaveCount(0);
  await saveScreenshot(section, { path: info.outputPath('your-data-step-up-390.png') });
  await stepUp.getByLabel('Current password').fill(USER_PASSWORD);
  const downloading = page.waitForEvent('download');
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  const download = await downloading;
  expect(refused).toBe(2);
  await expect(stepUp).toHaveCount(0);
  expect(download.suggestedFilename()).toMatch(/^stealth-browser-data-\d{4}-\d{2}-\d{2}\.json$/);
  await expect(section.getByRole('status')).toHaveText(`Your data is downloaded as ${download.suggestedFilename()}.`);

  const text = readFileSync(await download.path(), 'utf8');
  const data = JSON.parse(text);
  expect(data).toMatchObject({ format: 'stealth-browser-data-export', version: 1 });
  expect(data.profile).toMatchObject({ firstName: 'Kavya', lastName: 'Menon', email, emailVerified: true });
  expect(data.sessions.length).toBeGreaterThan(0);
  expect(data.securityLog[0]).toMatchObject({ kind: 'data-exported', browser: 'Chrome' });
  expect(data.securityLog.map((e: { kind: string }) => e.kind)).toContain('sign-in');
  for (const secret of ['password', 'Hash', 'secret', 'token']) expect(text).not.toMatch(new RegExp(`"\\w*${secret}\\w*":`, 'i'));
  await saveScreenshot(section, { path: info.outputPath('your-data-downloaded.png') });

  // The account is told, so a download by someone else is seen.
  const mails = await (await page.request.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
  expect(mails.data.messages[0]).toMatchObject({ kind: 'data-exported', subject: 'Your Stealth Browser data was downloaded' });
});
