import { test as base, expect, type Page } from '@playwright/test';

/** Every page fails its test on a console error or an uncaught exception it did not expect. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(err.message));
    await use(errors);
    expect(errors, 'console errors on the page').toEqual([]);
  },
});

export { expect };

export async function gotoAndSettle(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
}
