import { test as base, expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from './admin-credentials';

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

/**
 * Browsers report every failed load as a console error. Forgive only those of the given addresses: a 404 that means
 * "no subscription" (spec §7), a post that is gone, a refused login, an image a hostile post names that is not there.
 */
export function forgiveFetches(page: Page, errors: string[], urls: RegExp) {
  page.on('console', (msg) => {
    if (msg.type() !== 'error' || !urls.test(msg.location().url)) return;
    // The fixture's listener ran first and recorded the text; take that one entry back out.
    const i = errors.lastIndexOf(msg.text());
    if (i >= 0) errors.splice(i, 1);
  });
}

/**
 * A page meant to answer 404 (a post that is not published, a path that is no page): the browser logs the document's
 * own 404 as a console error. Forgives that line only for a document of the main frame whose address matches `url`
 * and that answered 404; any other 404 (a script, an image, a fetch, another page) still fails the test.
 */
export function forgiveNotFoundDocument(page: Page, errors: string[], url: RegExp) {
  const notFound = new Set<string>();
  page.on('response', (res) => {
    const req = res.request();
    if (res.status() === 404 && req.isNavigationRequest() && req.frame() === page.mainFrame() && url.test(res.url())) notFound.add(res.url());
  });
  page.on('console', (msg) => {
    if (msg.type() !== 'error' || !/status of 404/.test(msg.text()) || !notFound.has(msg.location().url)) return;
    // The fixture's listener ran first and recorded the text; take that one entry back out.
    const i = errors.lastIndexOf(msg.text());
    if (i >= 0) errors.splice(i, 1);
  });
}

/** The admin created before the server starts (see playwright.config.ts). */
export { E2E_ADMIN };

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

/** The password of the accounts the tests register. */
export const USER_PASSWORD = 'Str0ng!Passw0rd';

export const uniqueEmail = (name: string) => `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

/** An address of a visitor of its own (the e2e server trusts its loopback proxy: playwright.config.ts). */
const visitorAddress = () => `10.98.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

/**
 * A verified account: registered through the API, from an address of its own (as a visitor would: the suite's
 * sign-ups stay within the per-address limit), and verified through the link of its mail. Returns its address.
 */
export async function verifiedUser(page: Page, firstName = 'Asha', lastName = 'Verma') {
  const email = uniqueEmail(firstName.toLowerCase());
  const reg = await page.request.post('/api/v1/auth/register', {
    data: { firstName, lastName, email, password: USER_PASSWORD, confirmPassword: USER_PASSWORD },
    headers: { 'x-forwarded-for': visitorAddress() },
  });
  expect(reg.status()).toBe(201);
  const mails = await (await page.request.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
  const link = new URL(mails.data.messages[0].links[0] as string);
  expect((await page.request.get(`/api/v1/auth/verify-email/${link.searchParams.get('token')}`)).status()).toBe(200);
  return email;
}

/** Signs in from the home page's top bar (behind the menu button on a phone), as a visitor does; ends on /dashboard. */
export async function signIn(page: Page, email: string, password = USER_PASSWORD) {
  await page.goto('/');
  const menu = page.getByTestId('top-nav').getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByTestId('top-nav').getByRole('button', { name: 'Log in' }).click();
  const modal = page.getByTestId('auth-modal');
  await modal.getByLabel('Email').fill(email);
  await modal.getByLabel('Password', { exact: true }).fill(password);
  await modal.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export async function gotoAndSettle(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
}

/** The payment simulator's checkout window, as Razorpay's: an iframe over the page. */
export const checkoutWindow = (page: Page) => page.frameLocator('iframe[title="Razorpay Checkout"]');

/** Fills the billing step of the checkout with an Indian address and goes on to the review. */
export async function fillBillingForm(page: Page) {
  await page.getByLabel('Country').selectOption('IN');
  await page.getByLabel(/^State/).selectOption({ label: 'Karnataka' });
  await page.getByLabel('Address').fill('12 MG Road');
  await page.getByLabel('City').fill('Bengaluru');
  await page.getByLabel('ZIP Code').fill('560001');
  await page.getByRole('button', { name: 'Continue to review' }).click();
}

/** From the checkout's billing step: the address, the terms, and ₹299 paid in the checkout window, up to the success. */
export async function payMonthInCheckout(page: Page) {
  await fillBillingForm(page);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
  await checkoutWindow(page).getByRole('button', { name: 'Pay ₹299' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
}

/** Signs the e2e admin in through the admin login page and waits for the admin dashboard. */
export async function adminSignIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}
