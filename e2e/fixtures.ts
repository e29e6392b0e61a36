import { test as base, expect, type Page } from '@playwright/test';

/**
 * Waits until the app has adopted a page the server rendered (#root[data-hydrated]): the page is on screen before
 * its scripts run, and a click before then would find buttons that do not answer yet.
 */
export const adopted = (page: Page) =>
  page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !root || root.dataset.ssr !== 'true' || root.dataset.hydrated === 'true';
  });

/** Makes `goto` and `reload` of this page return once the app has adopted the page they loaded. */
export function withAdoption(page: Page): Page {
  for (const name of ['goto', 'reload'] as const) {
    const original = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const response = await original(...args);
      await adopted(page);
      return response;
    };
  }
  return page;
}

/** Every page fails its test on a console error or an uncaught exception it did not expect. */
export const test = base.extend<{ consoleErrors: string[] }>({
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(javaScriptEnabled === false ? page : withAdoption(page));
  },
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

/**
 * Opens `path` the way a visitor reaches it from another page of the site: inside the app, which draws it and
 * fetches its data from the browser (where a test can stand in for the API with page.route). Loaded directly, a
 * public page arrives rendered by the server with the server's own answers.
 */
export async function openInApp(page: Page, path: string) {
  await page.goto('/privacy-policy');
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForLoadState('networkidle');
}

export async function gotoAndSettle(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
}
