import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { adminHeaders, expect, saveScreenshot, signIn, test, uniqueEmail, USER_PASSWORD, verifiedUser } from './fixtures';

/**
 * Issue 18: a visitor whose phone asks for Hindi finds the site in Hindi, signs up in Hindi, and the signed-in area
 * speaks Hindi too (the account's language is the page's it signed up on, decision 090); switching the preference to
 * English in Settings switches the whole UI at once. Each step is saved under /tmp/shots/hindi-journey/ to be looked at.
 */
const SHOTS = '/tmp/shots/hindi-journey';

const shot = (page: Page, name: string, fullPage = true) => saveScreenshot(page, { path: `${SHOTS}/${name}.png`, fullPage });

/** Nothing wider than the phone's screen: the page never scrolls sideways. */
const fitsThePhone = (page: Page) => expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

/** The top bar's menu on a phone, then one of its buttons. */
async function fromMenu(page: Page, name: string) {
  await page.getByTestId('top-nav').getByRole('button', { name: 'मेनू' }).click();
  await page.locator('#mobile-menu').getByRole('button', { name, exact: true }).click();
}

test.describe('on a phone whose browser asks for Hindi', () => {
  test.use({ locale: 'hi-IN', viewport: { width: 390, height: 844 } });

  test('a Hindi-speaking visitor signs up on a phone, uses the account in Hindi, then switches it to English', async ({ page, consoleErrors }) => {
    void consoleErrors;
    mkdirSync(SHOTS, { recursive: true });
    const email = uniqueEmail('hindi');

    // The browser asks for Hindi: the landing page is its Hindi version.
    await page.goto('/');
    await expect(page).toHaveURL(/\/hi$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await shot(page, '01-landing', false);

    // Sign up through the dialog, in Hindi.
    await fromMenu(page, 'साइन अप');
    const modal = page.getByTestId('auth-modal');
    await expect(modal).toHaveAttribute('data-mode', 'signup');
    await modal.getByLabel('पहला नाम').fill('Asha');
    await modal.getByLabel('उपनाम').fill('Verma');
    await modal.getByLabel('ईमेल').fill(email);
    await modal.getByLabel('पासवर्ड', { exact: true }).fill(USER_PASSWORD);
    await modal.getByLabel('पासवर्ड की पुष्टि करें').fill(USER_PASSWORD);
    await shot(page, '02-signup', false);
    await modal.getByRole('button', { name: 'खाता बनाएँ' }).click();
    await expect(modal.getByRole('status')).toHaveText('पंजीकरण सफल रहा! अपना खाता सत्यापित करने के लिए कृपया अपना ईमेल देखें।');

    // Verify the address by the link of its mail (the development mailbox), as a person would follow it.
    const mails = await (await page.request.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
    const link = new URL(mails.data.messages[0].links[0] as string);
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByTestId('redirect-countdown')).toBeVisible();

    // Sign in from the Hindi landing page: the dashboard speaks Hindi.
    await page.goto('/');
    await expect(page).toHaveURL(/\/hi$/);
    await fromMenu(page, 'लॉग इन');
    await expect(modal).toHaveAttribute('data-mode', 'signin');
    await modal.getByLabel('ईमेल').fill(email);
    await modal.getByLabel('पासवर्ड', { exact: true }).fill(USER_PASSWORD);
    await modal.getByRole('button', { name: 'साइन इन करें' }).click();
    // The toast speaks Hindi, its close button too.
    const toast = page.getByTestId('toast').first();
    await expect(toast).not.toContainText('Login successful');
    await expect(toast.getByRole('button', { name: 'बंद करें' })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('फिर से स्वागत है, Asha!');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page).toHaveTitle('डैशबोर्ड | Stealth Browser');
    await expect(page.getByRole('heading', { name: 'खाता', exact: true })).toBeVisible();
    await expect(page.getByText('सदस्य बनने की तारीख')).toBeVisible();
    const card = page.getByTestId('subscription-card');
    await expect(card.getByRole('heading', { name: 'सदस्यता' })).toBeVisible();
    await expect(page.getByTestId('plan-label')).toHaveText('मुफ़्त');
    await expect(page.getByTestId('subscription-status')).toHaveText('मुफ़्त');
    await expect(card.getByRole('link', { name: 'प्लान देखें' })).toBeVisible();
    const banner = page.getByTestId('trial-banner');
    await expect(banner).toContainText('आपका मुफ़्त ट्रायल चल रहा है');
    await expect(page.getByTestId('trial-countdown')).toContainText('घंटे');
    await expect(page.getByTestId('trial-countdown')).toHaveAttribute('aria-label', /^ट्रायल \d+ दिन, \d+ घंटे, \d+ मिनट में खत्म होगा$/);
    await expect(page.getByText('अभी कोई गतिविधि नहीं है।', { exact: false })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'खाता' });
    await expect(nav.getByRole('link')).toHaveText(['डैशबोर्ड', 'शॉर्टकट', 'डिवाइस', 'बिलिंग', 'सेटिंग्स']);
    await fitsThePhone(page);
    await shot(page, '03-dashboard');

    // Shortcuts, in Hindi, with the landing page's words for the actions.
    await nav.getByRole('link', { name: 'शॉर्टकट' }).click();
    await expect(page).toHaveURL(/\/shortcuts$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('शॉर्टकट');
    await expect(page).toHaveTitle('शॉर्टकट | Stealth Browser');
    await expect(page.getByRole('columnheader', { name: 'कुंजियाँ' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'क्रिया' })).toBeVisible();
    await expect(page.getByTestId('shortcut').first()).toContainText('दिखाएँ या छिपाएँ');
    await fitsThePhone(page);
    await shot(page, '04-shortcuts');

    // Settings, in Hindi: the profile, then the sessions of the security tab.
    await nav.getByRole('link', { name: 'सेटिंग्स' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('सेटिंग्स');
    await expect(page).toHaveTitle('सेटिंग्स | Stealth Browser');
    await expect(page.getByRole('tab')).toHaveText(['प्रोफ़ाइल', 'सुरक्षा', 'ईमेल सत्यापन', 'जोखिम क्षेत्र']);
    await expect(page.getByLabel('पहला नाम')).toHaveValue('Asha');
    await expect(page.locator('#pref-language')).toHaveValue('hi');
    await fitsThePhone(page);
    await shot(page, '05-settings-profile');
    await page.getByRole('tab', { name: 'सुरक्षा' }).click();
    await expect(page.getByTestId('session-row')).toHaveCount(1);
    await expect(page.getByTestId('session-row')).toContainText('यह डिवाइस');
    await expect(page.getByTestId('session-row')).toContainText(/अभी सक्रिय · \d+ [^\s]+ \d{4} को साइन इन किया/);
    await fitsThePhone(page);
    await shot(page, '06-settings-security');

    // The preference switched to English: the whole UI follows at once, without a reload.
    await page.getByRole('tab', { name: 'प्रोफ़ाइल' }).click();
    // A wrong phone number is told in Hindi too.
    await page.getByLabel('फ़ोन').fill('abc');
    await page.getByLabel('फ़ोन').blur();
    await expect(page.locator('#profile-phone-error')).toHaveText('कृपया सही फ़ोन नंबर दर्ज करें');
    await page.getByLabel('फ़ोन').fill('');
    await expect(page.locator('#profile-phone-error')).toHaveCount(0);
    await page.locator('#pref-language').selectOption('en');
    await page.getByRole('button', { name: 'बदलाव सहेजें' }).click();
    await expect(page.getByTestId('settings-message')).toHaveText('Profile updated successfully!');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle('Settings | Stealth Browser');
    await expect(page.getByRole('tab')).toHaveText(['Profile', 'Security', 'Email Verification', 'Danger Zone']);
    const englishNav = page.getByRole('navigation', { name: 'Account' });
    await expect(englishNav.getByRole('link')).toHaveText(['Dashboard', 'Shortcuts', 'Devices', 'Billing', 'Settings']);
    await shot(page, '07-settings-english');
    await englishNav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Asha!');
    await expect(page).toHaveTitle('Dashboard | Stealth Browser');
    await expect(page.getByTestId('plan-label')).toHaveText('Free');
    await expect(page.getByTestId('trial-banner')).toContainText('Your free trial is running');
    await shot(page, '08-dashboard-english');
  });
});

test('on a desktop, an English account switched to French, then to Hindi, speaks each at once', async ({ page, consoleErrors }) => {
  void consoleErrors;
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  const email = await verifiedUser(page, 'Marie', 'Curie');
  await signIn(page, email);
  // A second session of the account, seen from this one with the time since it was last seen.
  expect((await page.request.post('/api/v1/auth/login', { data: { email, password: USER_PASSWORD, deviceType: 'desktop' } })).status()).toBe(200);

  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Settings' }).click();
  await page.locator('#pref-language').selectOption('fr');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('settings-message')).toHaveText('Profil mis à jour avec succès !');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Paramètres');
  await expect(page).toHaveTitle('Paramètres | Stealth Browser');
  // Each language named in itself in the list, once the page speaks another than English.
  await expect(page.locator('#pref-language option')).toHaveText(['English', 'हिन्दी', 'Español', 'Français']);
  await page.getByRole('tab', { name: 'Sécurité' }).click();
  await expect(page.getByTestId('session-row')).toHaveCount(2);
  await expect(page.getByTestId('session-row').nth(1)).toContainText('Application de bureau');
  await expect(page.getByTestId('session-row').nth(1)).toContainText(/Dernière activité il y a moins d’une minute · Connexion le \d+ [a-zéû.]+ \d{4}/);
  await expect(page.getByRole('button', { name: 'Déconnecter toutes les autres sessions' })).toBeVisible();
  await shot(page, '11-fr-desktop-settings-security');

  const nav = page.getByRole('navigation', { name: 'Compte' });
  await nav.getByRole('link', { name: 'Tableau de bord' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bon retour, Marie !');
  await expect(page).toHaveTitle('Tableau de bord | Stealth Browser');
  await expect(page.getByTestId('plan-label')).toHaveText('Gratuit');
  await expect(page.getByTestId('trial-banner')).toContainText('Votre essai gratuit est en cours');
  await expect(page.getByTestId('trial-countdown')).toContainText('secondes');
  await shot(page, '12-fr-desktop-dashboard');

  await nav.getByRole('link', { name: 'Raccourcis' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Raccourcis');
  await expect(page.getByRole('columnheader', { name: 'Ce que ça fait' })).toBeVisible();
  await shot(page, '13-fr-desktop-shortcuts');

  // And Hindi, from the French settings.
  await nav.getByRole('link', { name: 'Paramètres' }).click();
  await page.locator('#pref-language').selectOption('hi');
  await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
  await expect(page.getByTestId('settings-message')).toHaveText('प्रोफ़ाइल सफलतापूर्वक अपडेट हो गई!');
  await page.getByRole('navigation', { name: 'खाता' }).getByRole('link', { name: 'डैशबोर्ड' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('फिर से स्वागत है, Marie!');
  await expect(page).toHaveTitle('डैशबोर्ड | Stealth Browser');
  await shot(page, '14-hi-desktop-dashboard');

  // The top bar's switcher in the signed-in area: the account's preference, kept after a reload.
  await page.getByTestId('language-select').locator('select').selectOption('es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('¡Hola de nuevo, Marie!');
  await expect(page).toHaveTitle('Panel | Stealth Browser');
  await expect(page.getByTestId('subscription-card')).toContainText('Estás en el plan gratuito.');
  await shot(page, '15-es-desktop-dashboard');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('¡Hola de nuevo, Marie!');
  await page.getByRole('navigation', { name: 'Cuenta' }).getByRole('link', { name: 'Ajustes' }).click();
  await expect(page.locator('#pref-language')).toHaveValue('es');
  await shot(page, '16-es-desktop-settings');

  // Spanish on a phone: its longer words fit (tabs, countdown, navigation).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Seguridad' }).click();
  await expect(page.getByTestId('session-row')).toHaveCount(2);
  await fitsThePhone(page);
  await shot(page, '17-es-phone-settings-security');
  await page.getByRole('navigation', { name: 'Cuenta' }).getByRole('link', { name: 'Panel' }).click();
  await expect(page.getByTestId('trial-countdown')).toContainText('segundos');
  await fitsThePhone(page);
  await shot(page, '18-es-phone-dashboard');
});

test('a complimentary month on the dashboard of a Hindi account: its status, price, period and days in Hindi', async ({ page, consoleErrors }) => {
  void consoleErrors;
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 390, height: 844 });
  // Signed up from a Hindi page: the account speaks Hindi.
  const email = uniqueEmail('mahima');
  const reg = await page.request.post('/api/v1/auth/register', {
    headers: { 'Accept-Language': 'hi' },
    data: { firstName: 'Mahima', lastName: 'Rao', email, password: USER_PASSWORD, confirmPassword: USER_PASSWORD },
  });
  expect(reg.status()).toBe(201);
  const mails = await (await page.request.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
  const token = new URL(mails.data.messages[0].links[0] as string).searchParams.get('token');
  expect((await page.request.get(`/api/v1/auth/verify-email/${token}`)).status()).toBe(200);
  const login = await (await page.request.post('/api/v1/auth/login', { data: { email, password: USER_PASSWORD, deviceType: 'desktop' } })).json();
  const grant = await page.request.post(`/api/v1/admin/users/${login.data.user.id}/complimentary`, {
    headers: await adminHeaders(page.request),
    data: { days: 30, planCode: 'stealth_month', reason: 'Languages journey' },
  });
  expect(grant.status()).toBe(200);

  await signIn(page, email);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('फिर से स्वागत है, Mahima!');
  const card = page.getByTestId('subscription-card');
  await expect(page.getByTestId('plan-label')).toHaveText('सक्रिय');
  await expect(page.getByTestId('subscription-status')).toHaveText('सक्रिय');
  await expect(card).toContainText('कॉम्प्लिमेंटरी (मुफ़्त)');
  await expect(card).toContainText(/मौजूदा अवधि\d+ [^\s]+ \d{4} – \d+ [^\s]+ \d{4}/);
  await expect(page.getByTestId('days-remaining')).toHaveText('30');
  await expect(card.getByRole('link', { name: 'बिलिंग प्रबंधित करें' })).toBeVisible();
  await fitsThePhone(page);
  await shot(page, '21-hi-complimentary-dashboard');
});
