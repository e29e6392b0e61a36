import { expect, test } from './fixtures';

// Decision 090: a public page has an address per language; the switcher keeps the page and remembers the choice.
test('switching the language keeps the page, is remembered, and links stay in the language', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/privacy-policy');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // The top bar's select: the same page in Hindi, the title and the chrome in Devanagari.
  await page.getByTestId('language-select').locator('select').selectOption('hi');
  await expect(page).toHaveURL(/\/hi\/privacy-policy$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('गोपनीयता नीति');
  await expect(page).toHaveTitle('गोपनीयता नीति | Stealth Browser');
  await expect(page.getByTestId('english-governs')).toBeVisible();
  const blogLink = page.getByTestId('top-nav').getByRole('link', { name: 'ब्लॉग' });
  await expect(blogLink).toHaveAttribute('href', '/hi/blog');

  // Remembered: the English address of another page now leads to its Hindi version.
  await page.goto('/contact-us');
  await expect(page).toHaveURL(/\/hi\/contact-us$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('संपर्क करें');

  // The footer's links switch back; English is remembered as well and stays where it is.
  await page.getByTestId('footer').getByTestId('language-switcher').getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/contact-us$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('tagline')).toContainText('The future of productive video calls.');
});

// A policy in another language: its own text in that language, loaded alone (not the other policies' texts), the
// server render hydrated as it is; the English text governs and is a click away.
test('a policy in Hindi shows its own text in Hindi and loads no other policy', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.setViewportSize({ width: 1440, height: 900 });
  const scripts: Promise<string>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.push(res.text().catch(() => ''));
  });
  await page.goto('/hi/privacy-policy');
  await expect(page.locator('#root')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('heading', { level: 2, name: /आपके अधिकार$/ })).toBeVisible();
  await expect(page.getByText('हम अधिकारों से जुड़े हर अनुरोध का जवाब 1 दिन के भीतर देते हैं')).toBeVisible();
  await expect(page.getByTestId('legal-date')).toHaveText('31 जुलाई 2025 से प्रभावी');
  await expect(page.getByTestId('english-governs')).toContainText('अंग्रेज़ी पाठ ही मान्य है');
  await expect(page.locator('article').getByRole('link', { name: 'संपर्क फ़ॉर्म' })).toHaveAttribute('href', '/hi/contact-us');
  const loaded = (await Promise.all(scripts)).join('\n');
  expect(loaded).toContain('डेटा न्यासी');
  // Neither the terms' nor the refund policy's texts, nor the English privacy policy.
  expect(loaded).not.toContain('बौद्धिक संपदा');
  expect(loaded).not.toContain('जिन मामलों में रिफ़ंड नहीं मिलता');
  expect(loaded).not.toContain('We respond to every rights request');

  // The related links stay in Hindi; the terms' texts come with the page that shows them.
  await page.getByRole('complementary', { name: 'संबंधित नीतियाँ' }).getByRole('link', { name: 'सेवा की शर्तें' }).click();
  await expect(page).toHaveURL(/\/hi\/terms-of-service$/);
  await expect(page.getByRole('heading', { level: 2, name: /बौद्धिक संपदा$/ })).toBeVisible();
  await expect(page.getByTestId('legal-date')).toHaveText('अंतिम अपडेट: 31 जुलाई 2025');

  // The English text, one click away, as it always was.
  await page.getByTestId('english-governs').getByRole('link').click();
  await expect(page).toHaveURL(/\/terms-of-service$/);
  await expect(page.getByRole('heading', { level: 2, name: /Intellectual Property$/ })).toBeVisible();
  await expect(page.getByTestId('legal-date')).toHaveText('Last updated 31 July 2025');
  await expect(page.getByTestId('english-governs')).toHaveCount(0);
});
