import { test as base, expect, type Page } from '@playwright/test';

/** Every page fails its test on a console error or an uncaught exception it did not expect. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      // The browser logs every 4xx of a fetch. An API 4xx is an answer the page shows (a 404 of
      // /subscriptions/current means "no subscription", a 401 a wrong password); a 5xx or a missing asset is not.
      const apiAnswer = /status of 4\d\d/.test(msg.text()) && msg.location().url.includes('/api/v1/');
      if (msg.type() === 'error' && !apiAnswer) errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(err.message));
    await use(errors);
    expect(errors, 'console errors on the page').toEqual([]);
  },
});

export { expect };

/** The admin created before the server starts (see playwright.config.ts). */
export { E2E_ADMIN } from './admin-credentials';

export async function gotoAndSettle(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
}
