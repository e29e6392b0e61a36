import type { APIRequestContext } from '@playwright/test';
import { expect, saveScreenshot, test, USER_PASSWORD, verifiedUser } from './fixtures';

/**
 * Sign-in through the system browser (RFC 8628, decision 185): a request context plays the desktop program (asks for a
 * code, polls the token endpoint at its interval), the page is the user's browser (signs in, approves or denies).
 */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/device-sign-in';
const GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

type Code = { device_code: string; user_code: string; verification_uri: string; verification_uri_complete: string; expires_in: number; interval: number };

/** The program's address: one of its own per test, as programs on different machines come. */
const programAddress = () => `10.185.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

async function askCode(program: APIRequestContext, ip: string): Promise<Code> {
  const res = await program.post('/api/v1/auth/device/code', {
    form: { client_id: 'stealth-browser-desktop', device_name: 'Asha’s ThinkPad', device_os: 'Windows 11 Pro' },
    headers: { 'x-forwarded-for': ip },
  });
  expect(res.status()).toBe(200);
  return res.json();
}

const pollOnce = (program: APIRequestContext, ip: string, deviceCode: string) =>
  program.post('/api/v1/auth/device/token', { form: { grant_type: GRANT, device_code: deviceCode }, headers: { 'x-forwarded-for': ip } });

/** Polls as a program does: waits its interval between polls (slow_down raises it), until the user has decided. */
async function pollUntilDecided(program: APIRequestContext, ip: string, code: Code) {
  let interval = code.interval;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, interval * 1000));
    const res = await pollOnce(program, ip, code.device_code);
    const body = await res.json();
    if (body.error === 'slow_down') interval = body.interval;
    else if (body.error !== 'authorization_pending') return { status: res.status(), body };
  }
}

for (const width of [390, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 844 : 900 } });

    test('the program asks for a code, the user signs in on the page and approves, the poll gets a working session', async ({ page, request, consoleErrors }) => {
      test.slow();
      void consoleErrors;
      const email = await verifiedUser(page);
      const ip = programAddress();
      const code = await askCode(request, ip);
      // As for a session that signed in over 10 minutes ago (the server's rule is the API tests'): the page asks for
      // the password, and the approval carries it.
      await page.route('**/api/v1/auth/device/lookup', async (route) => {
        const answer = await route.fetch();
        const body = await answer.json();
        await route.fulfill({ response: answer, json: { ...body, data: { ...body.data, reauth: true } } });
      });
      expect(code.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
      expect((await (await pollOnce(request, ip, code.device_code)).json()).error).toBe('authorization_pending');

      // The program opens verification_uri_complete in the system browser; the visitor is not signed in there.
      await page.goto(new URL(code.verification_uri_complete).pathname + new URL(code.verification_uri_complete).search);
      await expect(page.getByTestId('activate-code')).toHaveText(code.user_code);
      await saveScreenshot(page, { path: `${SHOTS}/sign-in-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Sign in' }).click();
      const modal = page.getByTestId('auth-modal');
      await modal.getByLabel('Email').fill(email);
      await modal.getByLabel('Password', { exact: true }).fill(USER_PASSWORD);
      await modal.getByRole('button', { name: 'Sign In' }).click();

      // Back on the page, which names the device the program sent.
      await expect(page).toHaveURL(/\/activate\?code=/);
      await expect(page.getByRole('heading', { name: 'Sign in Stealth Browser on Asha’s ThinkPad?' })).toBeVisible();
      await expect(page.getByText('Windows 11 Pro')).toBeVisible();
      await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
      await expect(page.getByTestId('activate-requested')).toContainText('Asked from an unknown location on');
      await expect(modal).toBeHidden();
      await expect(page.getByText('You signed in a while ago: enter your password to approve.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Approve' })).toBeDisabled();
      // The page's own field: the sign-in modal's may still be in the document as it closes.
      const password = page.locator('#activate-password');
      await expect(password).toHaveAccessibleName('Password');
      await password.fill(USER_PASSWORD);
      await saveScreenshot(page, { path: `${SHOTS}/confirm-${width}.png`, fullPage: true });
      const decision = page.waitForRequest('**/api/v1/auth/device/decision');
      await page.getByRole('button', { name: 'Approve' }).click();
      expect((await decision).postDataJSON()).toEqual({ userCode: code.user_code, approve: true, password: USER_PASSWORD });
      await expect(page.getByRole('heading', { name: 'Stealth Browser is signed in' })).toBeVisible();
      await saveScreenshot(page, { path: `${SHOTS}/approved-${width}.png`, fullPage: true });

      const { status, body } = await pollUntilDecided(request, ip, code);
      expect(status).toBe(200);
      expect(body).toMatchObject({ token_type: 'Bearer', user: { email }, device: { name: 'Asha’s ThinkPad', os: 'Windows 11 Pro' } });
      const me = await request.get('/api/v1/auth/me', { headers: { authorization: `Bearer ${body.access_token}` } });
      expect(me.status()).toBe(200);
      expect((await me.json()).data.user.email).toBe(email);
      // The code gave its session once.
      expect((await (await pollOnce(request, ip, code.device_code)).json()).error).toBe('invalid_grant');
      // The account was told, by mail, which device was signed in.
      const mails = await (await request.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
      expect(mails.data.messages.map((m: { subject: string }) => m.subject)).toContain('Stealth Browser was signed in on Asha’s ThinkPad');
    });

    test('a signed-in user types the code and denies: the program is told access_denied', async ({ page, request, consoleErrors }) => {
      test.slow();
      void consoleErrors;
      const email = await verifiedUser(page, 'Ravi', 'Kumar');
      const login = await page.request.post('/api/v1/auth/login', { data: { email, password: USER_PASSWORD, deviceType: 'web' } });
      const session = (await login.json()).data;
      await page.goto('/privacy-policy');
      await page.evaluate((s) => {
        localStorage.setItem('token', s.token);
        localStorage.setItem('refreshToken', s.refreshToken);
        localStorage.setItem('user', JSON.stringify(s.user));
      }, session);
      const ip = programAddress();
      const code = await askCode(request, ip);

      await page.goto('/activate');
      const input = page.getByLabel('Code');
      await expect(input).toBeVisible();
      await input.fill(code.user_code.toLowerCase().replace('-', ''));
      await expect(input).toHaveValue(code.user_code);
      await saveScreenshot(page, { path: `${SHOTS}/code-entry-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('heading', { name: 'Sign in Stealth Browser on Asha’s ThinkPad?' })).toBeVisible();
      await page.getByRole('button', { name: 'Deny' }).click();
      await expect(page.getByRole('heading', { name: 'Sign-in denied' })).toBeVisible();
      await saveScreenshot(page, { path: `${SHOTS}/denied-${width}.png`, fullPage: true });

      const { status, body } = await pollUntilDecided(request, ip, code);
      expect(status).toBe(400);
      expect(body.error).toBe('access_denied');

      // A code the program never gave: the page says so in its words.
      await page.goto('/activate');
      await page.getByLabel('Code').fill('BCDFGHJK');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('alert')).toHaveText('This code is not valid. Check the code Stealth Browser shows and try again.');
      await saveScreenshot(page, { path: `${SHOTS}/code-error-${width}.png`, fullPage: true });
    });
  });
}
