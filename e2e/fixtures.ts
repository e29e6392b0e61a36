import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN } from './admin-credentials';
import { adminHeaders, keepSession } from './sessions';

export { adminCode, adminHeaders, adminSession, adminSessionData, adminSignIn, adminSignInByForm, answerAdminCode } from './sessions';

/**
 * Waits until the app has hydrated a page the server rendered (#root[data-hydrated]): the page is on screen before
 * its scripts run, and a click before then would find buttons that do not answer yet.
 */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !root || root.dataset.ssr !== 'true' || root.dataset.hydrated === 'true';
  });

/** Makes `goto` and `reload` of this page return once the app has hydrated the page they loaded. */
export function withHydration(page: Page): Page {
  for (const name of ['goto', 'reload'] as const) {
    const original = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const response = await original(...args);
      await hydrated(page);
      return response;
    };
  }
  return page;
}

/**
 * What a failed test's page was showing, printed with the failure (the run's output is all a CI run leaves): its
 * address, its visible text, what it logged and the requests that failed or were refused. A test that passed on its
 * retry (decision 174) is reported as flaky with the same account of its first try.
 */
async function describeFailure(page: Page, seen: string[]) {
  const text = await page.evaluate(() => document.body?.innerText ?? '').catch((err: Error) => `(the page could not be read: ${err.message})`);
  console.log(
    [
      `--- the page at the failure: ${page.url()}`,
      text.replace(/\n{2,}/g, '\n').slice(0, 3000),
      '--- its console, failed and refused requests (last 40):',
      ...seen.slice(-40),
    ].join('\n'),
  );
}

/** Every page fails its test on a console error or an uncaught exception it did not expect. */
export const test = base.extend<{ consoleErrors: string[] }>({
  page: async ({ page, javaScriptEnabled }, use, testInfo) => {
    const seen: string[] = [];
    const started = Date.now();
    const at = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
    page.on('console', (msg) => seen.push(`${at()} console.${msg.type()}: ${msg.text()}`));
    page.on('pageerror', (err) => seen.push(`${at()} page error: ${err.message}`));
    page.on('requestfailed', (req) => seen.push(`${at()} failed: ${req.method()} ${req.url()} (${req.failure()?.errorText})`));
    page.on('response', (res) => {
      if (res.status() >= 400) seen.push(`${at()} ${res.status()}: ${res.request().method()} ${res.url()}`);
    });
    await use(javaScriptEnabled === false ? page : withHydration(page));
    if (testInfo.status !== testInfo.expectedStatus) await describeFailure(page, seen);
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
 * "no subscription", a post that is gone, a refused login, an image a hostile post names that is not there.
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

/**
 * Whether the screenshots the tests take to be looked at are saved: always run here, in CI only with SHOTS_DIR (nobody
 * looks at a CI run's pictures, and drawing a whole page at two widths cost the suite minutes). What a test asserts
 * about the layout (nothing wider than the phone, one height for the cards) is checked either way.
 */
export const SCREENSHOTS = !process.env.CI || Boolean(process.env.SHOTS_DIR);

/** Saves a screenshot of a page or a part of it to be looked at (SCREENSHOTS says when). */
export async function saveScreenshot(target: Page | Locator, options: Parameters<Page['screenshot']>[0] & Parameters<Locator['screenshot']>[0]) {
  if (SCREENSHOTS) await target.screenshot(options);
}

/** The admin created before the server starts (see playwright.config.ts). */
export { E2E_ADMIN };

/**
 * Opens `path` the way a visitor reaches it from another page of the site: inside the app, which draws it and
 * fetches its data from the browser (where a test can stand in for the API with page.route). Loaded directly, a
 * public page arrives rendered by the server with the server's own answers. The app starts on a page the browser
 * draws and that reads nothing (a mail's link without its token): a public page would bring the server's answers of
 * what the footer reads (the installer's config), which the app then keeps.
 */
export async function openInApp(page: Page, path: string) {
  await page.goto('/verify-email');
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

/** Sends the sign-in form from the home page's top bar (behind the menu button on a phone), as a visitor does; the modal. */
export async function submitSignIn(page: Page, email: string, password = USER_PASSWORD) {
  await page.goto('/');
  const menu = page.getByTestId('top-nav').getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByTestId('top-nav').getByRole('button', { name: 'Log in' }).click();
  const modal = page.getByTestId('auth-modal');
  await modal.getByLabel('Email').fill(email);
  await modal.getByLabel('Password', { exact: true }).fill(password);
  await modal.getByRole('button', { name: 'Sign In' }).click();
  return modal;
}

/** Signs in from the home page's top bar, as a visitor does; ends on /dashboard. */
export async function signIn(page: Page, email: string, password = USER_PASSWORD) {
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Signs in through the API and keeps the session (and the device token) in the page's storage as the app does after a
 * sign-in, then opens `to` if given (otherwise the next `goto` opens a signed-in page): for tests about what comes after
 * a sign-in. signIn is the journey itself, some 3 s more on a busy machine, a page load more (decision 180).
 */
export async function signedIn(page: Page, email: string, to?: string) {
  const res = await page.request.post('/api/v1/auth/login', { data: { email, password: USER_PASSWORD, deviceType: 'web' } });
  expect(res.status()).toBe(200);
  await keepSession(page, (await res.json()).data);
  if (to) await page.goto(to);
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
  // The verification answers once the receipt is drawn (decision 160); the first document of a server just started
  // loads the PDF library and its fonts, which took over 10 s on a loaded CI machine (the GST journey restarts its server).
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 20_000 });
}

/** A new verified customer who buys the month plan in the checkout window, then leaves the browser signed out. */
export async function buyMonth(page: Page, first: string, last: string) {
  const email = await verifiedUser(page, first, last);
  await signIn(page, email);
  await page.goto('/billing');
  await page.getByRole('button', { name: 'Choose Plan: Stealth Month' }).click();
  await payMonthInCheckout(page);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  return email;
}

// The desktop program, played by API calls with the customer's token as it makes them (issue 34).

/** The customer's bearer token and id, as the desktop program holds them after its sign-in. */
export async function desktopSignIn(request: APIRequestContext, email: string) {
  const res = await request.post('/api/v1/auth/login', { data: { email, password: USER_PASSWORD, deviceType: 'desktop' } });
  expect(res.status()).toBe(200);
  const { data } = await res.json();
  return { token: data.token as string, userId: data.user.id as string };
}

/** The admin grants the month plan (two seats) for 30 days, through the admin API. */
export async function grantMonth(request: APIRequestContext, userId: string) {
  const res = await request.post(`/api/v1/admin/users/${userId}/complimentary`, {
    headers: await adminHeaders(request),
    data: { days: 30, planCode: 'stealth_month', reason: 'Devices journey' },
  });
  expect(res.status()).toBe(200);
}

/** Activates a machine as the program does: its install id, its hardware hash, its name, system and version. */
export async function activate(request: APIRequestContext, token: string, name: string, os: string, appVersion: string, installId = `install-${name}-${Date.now()}`) {
  const hardwareId = `hardware-${name}-${Math.random().toString(36).slice(2)}`;
  const res = await request.post('/api/v1/devices', {
    headers: { authorization: `Bearer ${token}` },
    data: { installId, hardwareId, name, os, appVersion },
  });
  expect(res.status()).toBe(201);
  return { id: (await res.json()).data.device.id as string, hardwareId };
}
