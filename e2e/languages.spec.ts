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
