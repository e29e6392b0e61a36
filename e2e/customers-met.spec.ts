import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { adminSession, expect, forgiveFetches, saveScreenshot, signIn, test, uniqueEmail, USER_PASSWORD, verifiedUser } from './fixtures';

/**
 * Issue 32, what customers and operators met: leaving an account in another language, a post at a language's
 * address, the reset page's password rules, the admin's sign-in words and a featured image that cannot be shown.
 * Each screen is saved under /tmp/shots/customers-met/ at a phone's and a desktop's width, to be looked at.
 */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/customers-met';
const WIDTHS = [390, 1440] as const;

async function shoot(page: Page, name: string, fullPage = true) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await saveScreenshot(page, { path: `${SHOTS}/${name}-${width}.png`, fullPage });
  }
}

/** Settings, the language, saved: the account speaks it from here on. */
async function chooseLanguage(page: Page, language: string) {
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Settings' }).click();
  await page.locator('#pref-language').selectOption(language);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('settings-message')).toBeVisible();
}

test.describe('leaving an account in its language', () => {
  test('a Hindi account that logs out lands on the Hindi home page', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, await verifiedUser(page, 'Asha', 'Verma'));
    await chooseLanguage(page, 'hi');
    await expect(page.getByTestId('settings-message')).toHaveText('प्रोफ़ाइल सफलतापूर्वक अपडेट हो गई!');
    await page.getByTestId('top-nav').getByRole('button', { name: 'लॉग आउट' }).click();
    await expect(page).toHaveURL(/localhost:\d+\/hi$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByTestId('top-nav').getByRole('button', { name: 'लॉग इन' })).toBeVisible();
    await shoot(page, 'hindi-home-after-logout', false);
  });

  test('a French account deleted on a phone lands on the French home page, where its French toast is', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, await verifiedUser(page, 'Marie', 'Curie'));
    await chooseLanguage(page, 'fr');
    await page.getByRole('tab', { name: 'Zone de danger' }).click();
    await page.getByLabel(/pour confirmer/).fill('DELETE');
    await page.getByLabel('Votre mot de passe').fill(USER_PASSWORD);
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Supprimer le compte' }).click();
    await expect(page).toHaveURL(/localhost:\d+\/fr$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByTestId('toast').filter({ hasText: 'Votre compte a été supprimé.' })).toBeVisible();
    await expect(page.getByText('Commencez par l’essai gratuit d’un jour sur un appareil.', { exact: false })).toBeAttached();
    await shoot(page, 'french-home-after-deletion', false);
  });
});

test('names as people write them: a visitor on /hi signs up as रवि शर्मा and is greeted by it; Tamil, Bengali and accented names are saved in Settings', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  await page.setViewportSize({ width: 1440, height: 900 });
  const email = uniqueEmail('ravi');
  await page.goto('/hi');
  await page.getByTestId('top-nav').getByRole('button', { name: 'साइन अप' }).click();
  const modal = page.getByTestId('auth-modal');
  await modal.getByLabel('पहला नाम').fill('रवि');
  await modal.getByLabel('उपनाम').fill('शर्मा');
  await modal.getByLabel('ईमेल').fill(email);
  await modal.getByLabel('पासवर्ड', { exact: true }).fill(USER_PASSWORD);
  await modal.getByLabel('पासवर्ड की पुष्टि करें').fill(USER_PASSWORD);
  await modal.getByRole('button', { name: 'खाता बनाएँ' }).click();
  await expect(modal.getByRole('status')).toHaveText('पंजीकरण सफल रहा! अपना खाता सत्यापित करने के लिए कृपया अपना ईमेल देखें।');
  await expect(modal).not.toContainText('केवल अक्षरों');
  await shoot(page, 'hindi-name-signup', false);

  const mails = await (await page.request.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
  const link = new URL(mails.data.messages[0].links[0] as string);
  expect((await page.request.get(`/api/v1/auth/verify-email/${link.searchParams.get('token')}`)).status()).toBe(200);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, email);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/रवि/);

  // Settings (in Hindi, the language the account signed up in): each name saved as typed, none refused.
  await page.goto('/settings');
  for (const [first, last] of [
    ['முருகன்', 'கார்த்திக்'],
    ['সৌমিত্র', 'অর্পিতা'],
    ['Zoë', 'Núñez'],
  ]) {
    await page.locator('#profile-first').fill(first);
    await page.locator('#profile-last').fill(last);
    await page.getByRole('button', { name: 'बदलाव सहेजें' }).click();
    await expect(page.getByTestId('settings-message')).toHaveText('प्रोफ़ाइल सफलतापूर्वक अपडेट हो गई!');
    const me = await page.request.get('/api/v1/auth/me', { headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` } });
    expect((await me.json()).data.user).toMatchObject({ firstName: first, lastName: last });
  }
  await shoot(page, 'names-settings');
});

test('a post at the Hindi address: the site in Hindi around an article that says it is English, one canonical address', async ({ page, consoleErrors }) => {
  void consoleErrors;
  const slug = 'stealth-browser-overview';
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/hi/blog/${slug}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  const article = page.getByTestId('post-article');
  await expect(article).toHaveAttribute('lang', 'en');
  // Its Hindi parts say they are Hindi; the chrome around it is Hindi.
  await expect(article.getByRole('link', { name: /ब्लॉग पर वापस जाएँ/ })).toBeVisible();
  await expect(article.getByRole('link', { name: /ब्लॉग पर वापस जाएँ/ }).locator('xpath=ancestor::*[@lang][1]')).toHaveAttribute('lang', 'hi');
  await expect(page.getByTestId('top-nav').getByRole('link', { name: 'ब्लॉग' }).first()).toBeAttached();
  // The head names the English address only, and no copies as translations.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/blog/${slug}$`));
  expect(await page.locator('link[rel="canonical"]').getAttribute('href')).not.toContain('/hi/');
  await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(0);
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', /\/rss\.xml$/);
  // The list in Hindi marks the posts' own words English.
  await page.getByRole('link', { name: /ब्लॉग पर वापस जाएँ/ }).click();
  await expect(page).toHaveURL(/\/hi\/blog$/);
  await expect(page.getByTestId('blog-card').first().getByRole('heading')).toHaveAttribute('lang', 'en');
  await page.goto(`/hi/blog/${slug}`);
  await shoot(page, 'hindi-post');
});

test("the reset-password page states the password rules, as the modal does, in the page's language", async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.goto('/reset-password?token=abc');
  await expect(page.getByTestId('password-rules')).toHaveText('At least 8 characters, with an uppercase letter, a number and a special character.');
  await shoot(page, 'reset-password-en');
  await page.goto('/reset-password?token=abc&lang=hi');
  await expect(page.getByTestId('password-rules')).toHaveText('कम से कम 8 अक्षर, जिनमें एक बड़ा अक्षर, एक अंक और एक विशेष चिह्न हो।');
  await shoot(page, 'reset-password-hi');
});

test.describe('the back office', () => {
  test('the admin sign-in names the whole back office, not the blog alone', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await page.goto('/admin/login');
    await expect(page.getByText('Sign in to the back office: blog, customers, billing and messages.')).toBeVisible();
    await expect(page.getByText('Sign in to manage the blog')).toHaveCount(0);
    await shoot(page, 'admin-login');
  });

  test('a featured-image URL that shows no image says so in words, never as a broken image', async ({ page, consoleErrors }) => {
    await adminSession(page);
    forgiveFetches(page, consoleErrors, /\/storage\/blog-images\/not-there\.png$/);
    await page.goto('/admin/new-post');
    const url = page.getByLabel('Or image URL');
    const failed = page.getByTestId('image-preview-failed');
    const message = 'No image could be shown from this URL. Check that it is the address of a PNG, JPG, GIF or WebP image itself, not of a page.';
    // Not an address at all; a page rather than an image; an image that is not there.
    for (const typed of ['not a url', '/privacy-policy', '/storage/blog-images/not-there.png']) {
      await url.fill(typed);
      await expect(failed, typed).toContainText(message);
      await expect(page.getByTestId('image-preview'), typed).toHaveCount(0);
    }
    await shoot(page, 'admin-featured-image-failed');
    // An image that loads is previewed; Remove clears the address.
    await url.fill('/og-image.png');
    await expect(page.getByTestId('image-preview')).toBeVisible();
    await expect(failed).toHaveCount(0);
    await url.fill('not a url');
    await failed.getByRole('button', { name: 'Remove Image' }).click();
    await expect(url).toHaveValue('');
    await expect(failed).toHaveCount(0);
  });
});
