import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail, USER_PASSWORD } from './fixtures';

const SHOTS = process.env.SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test.describe('mails in the language of the page', () => {
  test('a sign-up on the Hindi landing page gets its verification mail in Hindi', async ({ page, consoleErrors: _consoleErrors }) => {
    await page.goto('/hi');
    await page.getByTestId('top-nav').getByRole('button', { name: 'साइन अप' }).click();
    const modal = page.getByTestId('auth-modal');
    const email = uniqueEmail('hindi-mail');
    await modal.getByLabel('पहला नाम').fill('Asha');
    await modal.getByLabel('उपनाम').fill('Verma');
    await modal.getByLabel('ईमेल').fill(email);
    await modal.getByLabel('पासवर्ड', { exact: true }).fill(USER_PASSWORD);
    await modal.getByLabel('पासवर्ड की पुष्टि करें').fill(USER_PASSWORD);
    await modal.getByRole('button', { name: 'खाता बनाएँ' }).click();
    await expect(modal.getByRole('status')).toHaveText('पंजीकरण सफल रहा! अपना खाता सत्यापित करने के लिए कृपया अपना ईमेल देखें।');

    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    await page.getByTestId('mailbox-item').filter({ hasText: 'Stealth Browser के लिए अपना ईमेल सत्यापित करें' }).first().click();
    const preview = page.frameLocator('iframe[title="Mail preview"]');
    await expect(preview.getByRole('heading', { name: 'Stealth Browser में आपका स्वागत है, Asha!' })).toBeVisible();
    await expect(preview.getByRole('link', { name: 'मेरा ईमेल सत्यापित करें' })).toBeVisible();
    await shoot(page, 'mail-verify-hi');
  });
});
