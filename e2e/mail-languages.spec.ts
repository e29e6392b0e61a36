import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, saveScreenshot, test, uniqueEmail, USER_PASSWORD } from './fixtures';

const SHOTS = process.env.SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await saveScreenshot(page, { path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
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

/** An unverified account whose language is Hindi (signed up from a Hindi page), and its verification link. */
async function hindiSignup(page: Page) {
  const email = uniqueEmail('hindi-link');
  const address = `10.97.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
  const reg = await page.request.post('/api/v1/auth/register', {
    data: { firstName: 'Asha', lastName: 'Verma', email, password: USER_PASSWORD, confirmPassword: USER_PASSWORD },
    headers: { 'accept-language': 'hi', 'x-forwarded-for': address },
  });
  expect(reg.status()).toBe(201);
  return { email, address };
}

const linksTo = async (page: Page, email: string, subject: string) => {
  type Mailbox = { data: { messages: { subject: string; links: string[] }[] } };
  const find = async () =>
    ((await (await page.request.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as Mailbox).data.messages.find((m) => m.subject === subject);
  // A reset mail is written just after its request is answered (decision 101): it may take a moment to appear.
  await expect.poll(find, { message: subject }).toBeTruthy();
  return new URL((await find())!.links[0]);
};

test.describe("a mail's link opens its page in the mail's language", () => {
  test('the verification and reset links of a Hindi account open in Hindi on a device that remembers English', async ({ page, context, consoleErrors: _consoleErrors }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const { email, address } = await hindiSignup(page);
    // The device remembers English (its switcher chose it once).
    await context.addCookies([{ name: 'lang', value: 'en', url: test.info().project.use.baseURL! }]);

    const verify = await linksTo(page, email, 'Stealth Browser के लिए अपना ईमेल सत्यापित करें');
    expect(verify.pathname).toBe('/verify-email');
    expect([...verify.searchParams.keys()]).toEqual(['token', 'lang']);
    expect(verify.searchParams.get('lang')).toBe('hi');
    // The served page already says Hindi: its language and title, before any script.
    const served = await page.goto(`${verify.pathname}${verify.search}`);
    const html = await served!.text();
    expect(html).toContain('<html lang="hi"');
    expect(html).toContain('<title>ईमेल सत्यापन | Stealth Browser</title>');
    await expect(page.getByRole('heading', { name: 'ईमेल सत्यापित हो गया' })).toBeVisible();
    await expect(page.getByTestId('redirect-countdown')).toContainText('सेकंड में मुखपृष्ठ पर ले जाया जा रहा है');
    await expect(page).toHaveTitle('ईमेल सत्यापन | Stealth Browser');
    await shoot(page, 'verify-link-hi');
    // Home, in the link's language; the device's remembered choice is left as it was.
    await page.getByRole('link', { name: 'अभी मुखपृष्ठ पर जाएँ' }).click();
    await expect(page).toHaveURL(/\/hi$/);
    expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('en');

    // The reset link of the same account, the same way.
    const forgot = await page.request.post('/api/v1/auth/forgot-password', { data: { email }, headers: { 'x-forwarded-for': address } });
    expect(forgot.status()).toBe(200);
    const reset = await linksTo(page, email, 'अपना Stealth Browser पासवर्ड रीसेट करें');
    expect(reset.searchParams.get('lang')).toBe('hi');
    await page.goto(`${reset.pathname}${reset.search}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { name: 'अपना पासवर्ड रीसेट करें' })).toBeVisible();

    // A link whose language was tampered with opens in the device's language, as a link without one would.
    reset.searchParams.set('lang', 'xx');
    await page.goto(`${reset.pathname}${reset.search}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  });
});
