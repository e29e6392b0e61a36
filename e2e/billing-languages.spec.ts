import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { checkoutWindow, expect, forgiveFetches, openInApp, saveScreenshot, signIn, test, verifiedUser } from './fixtures';

/**
 * Issue 18: /billing speaks the account's language (preferences.language): the tabs, the plan cards with the plans'
 * seeded texts (decision 096), the checkout form's labels and messages, the overview and the payment history, in Hindi,
 * then in Spanish and French. Each screen is saved at 390 and 1440 px under /tmp/shots/billing-i18n/ to be looked at.
 */
const SHOTS = '/tmp/shots/billing-i18n';
const WIDTHS = [390, 1440] as const;

/** The account's language, as Settings saves it; the page follows it on its next load. */
async function preferLanguage(page: Page, language: 'hi' | 'es' | 'fr' | 'en') {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.put('/api/v1/auth/profile', {
    headers: { authorization: `Bearer ${token}` },
    data: { firstName: 'Asha', lastName: 'Verma', preferences: { language } },
  });
  expect(res.status()).toBe(200);
}

/** A signed-in account whose language is Hindi, at desktop width; its address. */
async function hindiAccount(page: Page): Promise<string> {
  await page.setViewportSize({ width: 1440, height: 900 });
  const email = await verifiedUser(page, 'Asha', 'Verma');
  await signIn(page, email);
  await preferLanguage(page, 'hi');
  return email;
}

/** The screen at both widths, the phone's without a sideways scroll. */
async function shots(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    if (width === 390) await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, { path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test('an account whose language is Hindi sees billing in Hindi, then in Spanish and French', async ({ page, consoleErrors }) => {
  // A purchase and every billing screen in three languages at two widths: 40 s on a quiet CI run, past a minute on a busy one.
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const email = await hindiAccount(page);

  // The plans as the account sees them: tabs, heading, the period switch and the cards in Hindi, names and prices as they are.
  await page.goto('/billing');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('बिलिंग');
  await expect(page.getByRole('tab', { name: 'सारांश' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'भुगतान इतिहास' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'सदस्यता रद्द करें' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'अपने लिए सही प्लान चुनें' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'मासिक' })).toHaveAttribute('aria-checked', 'true');
  const month = page.getByTestId('plan-card').filter({ has: page.getByRole('heading', { name: 'Stealth Month' }) });
  await expect(month).toContainText('₹299');
  await expect(month).toContainText('/ महीना');
  await expect(month).toContainText('पूरी पहुँच, हर महीने नवीनीकृत।');
  await expect(month).toContainText('प्राथमिकता वाली ईमेल सहायता');
  await expect(month).not.toContainText('Priority email support');
  await shots(page, '01-hi-plans');

  // Checkout: the form's labels, the name from the account, and the missing fields named by their Hindi labels.
  await page.setViewportSize({ width: 1440, height: 900 });
  await month.getByRole('button', { name: 'प्लान चुनें: Stealth Month' }).click();
  await expect(page.getByRole('heading', { name: 'चेकआउट: Stealth Month' })).toBeVisible();
  await expect(page.getByLabel('पहला नाम')).toHaveValue('Asha');
  await expect(page.getByLabel('ईमेल')).toHaveValue(email);
  await page.getByRole('button', { name: 'आगे बढ़ें और जाँचें' }).click();
  await expect(page.getByTestId('checkout-error')).toHaveText('कृपया सभी आवश्यक फ़ील्ड भरें: देश, शहर, पता, पिन कोड');
  await shots(page, '02-hi-checkout-form');

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByLabel('देश').selectOption('IN');
  await page.getByLabel(/^राज्य/).selectOption({ label: 'कर्नाटक' });
  await page.getByLabel('पता').fill('12 MG Road');
  await page.getByLabel('शहर').fill('Bengaluru');
  await page.getByLabel('पिन कोड').fill('560001');
  await page.getByRole('button', { name: 'आगे बढ़ें और जाँचें' }).click();
  await expect(page.getByTestId('review-amount')).toContainText('₹299');
  await expect(page.getByTestId('review-amount')).toContainText('/ महीना');
  await expect(page.getByText('भारत')).toBeVisible();
  await page.getByRole('button', { name: 'ख़रीदारी पूरी करें' }).click();
  await expect(page.getByTestId('checkout-error')).toHaveText('आगे बढ़ने के लिए कृपया नियम और शर्तें स्वीकार करें');
  await shots(page, '03-hi-checkout-review');

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'ख़रीदारी पूरी करें' }).click();
  await checkoutWindow(page).getByRole('button', { name: 'Pay ₹299' }).click();
  await expect(page.getByRole('heading', { name: 'भुगतान सफल रहा!' })).toBeVisible();
  await expect(page).toHaveTitle('भुगतान सफल | Stealth Browser');
  await expect(page.getByTestId('redirect-countdown')).toContainText('सेकंड में आपके डैशबोर्ड पर ले जा रहे हैं');
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 6000 });

  // The overview of the running plan, then the payment history with its status, amount, date and receipt in Hindi.
  await page.goto('/billing');
  await expect(page.getByTestId('billing-status')).toHaveText('सक्रिय');
  await expect(page.getByRole('heading', { name: 'मौजूदा प्लान' })).toBeVisible();
  await expect(page.getByText('नवीनीकरण की तारीख़', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'प्लान बदलें' })).toBeVisible();
  await shots(page, '04-hi-overview');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('tab', { name: 'भुगतान इतिहास' }).click();
  const row = page.getByTestId('payment-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('payment-status')).toHaveText('भुगतान हुआ');
  await expect(row.getByTestId('payment-amount')).toHaveText('₹299');
  await expect(row.getByTestId('payment-date')).toContainText(/[०-९0-9]+ (जन॰|फ़र॰|मार्च|अप्रैल|मई|जून|जुल॰|अग॰|सित॰|अक्तू॰|नव॰|दिस॰) \d{4}/);
  await expect(row).toContainText('Stealth Month: मासिक सदस्यता');
  await expect(row.getByRole('button', { name: /रसीद #\d+/ })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'स्थिति' })).toBeVisible();
  await shots(page, '05-hi-history');

  // The same account in Spanish: tabs, overview, plan change, history and the cancellation.
  await preferLanguage(page, 'es');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/billing');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Facturación');
  await expect(page.getByRole('tab', { name: 'Resumen' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('billing-status')).toHaveText('Activa');
  await expect(page.getByRole('heading', { name: 'Plan actual' })).toBeVisible();
  await expect(page.getByTestId('plan-change')).toContainText('Cambiar en la renovación');
  await expect(page.getByTestId('plan-change')).toContainText('/ año');
  await shots(page, '06-es-overview');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('tab', { name: 'Historial de pagos' }).click();
  await expect(page.getByTestId('payment-row').getByTestId('payment-status')).toHaveText('Pagado');
  await expect(page.getByTestId('payment-row').getByRole('button', { name: /Recibo n\.º \d+/ })).toBeVisible();
  await shots(page, '07-es-history');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('tab', { name: 'Cancelar suscripción' }).click();
  await expect(page.getByRole('heading', { name: 'Cancelar tu suscripción Stealth Month' })).toBeVisible();
  await expect(page.getByText('Los asistentes de IA: ChatGPT, Grok y DeepSeek')).toBeVisible();
  await page.getByRole('button', { name: 'Cancelar suscripción' }).click();
  await expect(page.getByLabel('¿Por qué cancelas? (opcional)')).toBeVisible();
  await shots(page, '08-es-cancel');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: 'Confirmar la cancelación' }).click();
  await expect(page.getByTestId('cancel-success')).toContainText('¡Suscripción cancelada correctamente!');
  await page.getByRole('tab', { name: 'Resumen' }).click();
  await expect(page.getByTestId('autopay-cancelled')).toContainText('Pago automático cancelado');
  await expect(page.getByTestId('billing-status')).toHaveText('Cancelándose');
  await shots(page, '09-es-cancelling');

  // And in French: the plan set to end, its notice and the history.
  await preferLanguage(page, 'fr');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/billing');
  await expect(page.getByRole('tab', { name: 'Vue d’ensemble' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('billing-status')).toHaveText('Résiliation en cours');
  await expect(page.getByTestId('autopay-cancelled')).toContainText('Paiement automatique annulé');
  // The date access ends, said once (the notice above the plan), not again in the plan's card.
  await expect(page.getByTestId('autopay-cancelled')).toContainText('Vous pouvez l’utiliser jusque-là');
  await expect(page.getByText(/Votre abonnement se termine le/)).toHaveCount(1);
  await shots(page, '10-fr-cancelling');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('tab', { name: 'Historique des paiements' }).click();
  await expect(page.getByTestId('payment-row').getByTestId('payment-status')).toHaveText('Payé');
  await expect(page.getByTestId('payment-row')).toContainText('Stealth Month : abonnement mensuel');
  await shots(page, '11-fr-history');
  expect(consoleErrors).toEqual([]);
});

test("the landing's pricing shows the plans' texts in the page's language, by the same rule as billing (decision 096)", async ({ page, consoleErrors }) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/hi#pricing');
  const month = page
    .locator('#pricing')
    .getByTestId('plan-card')
    .filter({ has: page.getByRole('heading', { name: 'Stealth Month' }) });
  await expect(month).toContainText('पूरी पहुँच, हर महीने नवीनीकृत।');
  await expect(month).toContainText('सभी कीबोर्ड शॉर्टकट');
  await page.locator('#pricing').scrollIntoViewIfNeeded();
  await saveScreenshot(page, { path: `${SHOTS}/12-hi-landing-pricing-1440.png` });
  // Another language in the same tab: its own answer, not the Hindi one kept from before.
  await page.goto('/fr#pricing');
  await expect(month).toContainText('Accès complet, renouvelé chaque mois.');
  await expect(month).toContainText('Assistance prioritaire par e-mail');
  await page.goto('/#pricing');
  await expect(month).toContainText('Full access, renewed every month.');
  expect(consoleErrors).toEqual([]);
});

// A page of the signed-in area is drawn in the browser: the server heads it in the remembered language, which the app
// keeps to the account's, so it never arrives titled in English first.
test('a signed-in page arrives with its language and title in the account language', async ({ page, context, consoleErrors }) => {
  void consoleErrors;
  await hindiAccount(page);
  await page.goto('/billing');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('hi');
  for (const [path, title] of [
    ['/billing', 'बिलिंग | Stealth Browser'],
    ['/dashboard', 'डैशबोर्ड | Stealth Browser'],
    ['/settings', 'सेटिंग्स | Stealth Browser'],
  ]) {
    const html = await (await page.goto(path))!.text();
    expect(html, path).toContain('<html lang="hi"');
    expect(html, path).toContain(`<title>${title}</title>`);
    await expect(page).toHaveTitle(title);
  }
});

// Spec §9: when the plans cannot be loaded the pricing shows two built-in plans; on a Hindi page, in Hindi.
test('the Hindi landing shows the built-in plans in Hindi when the plans cannot be loaded', async ({ page, consoleErrors }) => {
  forgiveFetches(page, consoleErrors, /\/api\/v1\/subscriptions\/plans\/public/);
  await page.route(/\/api\/v1\/subscriptions\/plans\/public/, (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ success: false, error: 'Service Unavailable', message: 'Service Unavailable' }) }),
  );
  await page.setViewportSize({ width: 1440, height: 900 });
  await openInApp(page, '/hi');
  const pricing = page.locator('#pricing');
  await expect(pricing.getByRole('alert')).toHaveText('प्लान लोड नहीं हो सके।');
  const cards = pricing.getByTestId('plan-card');
  await expect(cards).toHaveCount(2);
  const week = cards.filter({ has: page.getByRole('heading', { name: 'Stealth Week' }) });
  await expect(week).toContainText('₹99');
  await expect(week).toContainText('सात दिन की पूरी पहुँच।');
  await expect(week).toContainText('स्क्रीन शेयरिंग के दौरान अदृश्य');
  await expect(week).toContainText('AI सहायक');
  const month = cards.filter({ has: page.getByRole('heading', { name: 'Stealth Month' }) });
  await expect(month).toContainText('पूरी पहुँच, हर महीने नवीनीकृत।');
  await expect(month).toContainText('प्राथमिकता वाली ईमेल सहायता');
  await expect(pricing).not.toContainText('Invisible during screen sharing');
  await expect(pricing).not.toContainText('Seven days of full access.');
  const dir = process.env.SHOTS_DIR ?? SHOTS;
  mkdirSync(dir, { recursive: true });
  for (const width of WIDTHS) {
    // The section from its heading down (below the sticky top bar); on a phone the two cards stacked.
    await page.setViewportSize({ width, height: width === 390 ? 1800 : 900 });
    if (width === 390) await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await pricing.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 64));
    await saveScreenshot(page, { path: `${dir}/fallback-plans-hi-${width}.png` });
  }
});
