import type { Page } from '@playwright/test';
import { expect, test, withHydration } from './fixtures';

const PASSWORD = 'Str0ng!Passw0rd';
const NEW_PASSWORD = 'N3w!Passw0rd#';
const uniqueEmail = (name: string) => `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

const modal = (page: Page) => page.getByTestId('auth-modal');

/**
 * Chromium logs every 4xx answer as "Failed to load resource"; these journeys expect some (a refused
 * sign-in, 'no subscription' 404). Script errors and 5xx answers still fail the test.
 */
function allowExpectedHttpErrors(errors: string[]) {
  const rest = errors.filter((e) => !/^Failed to load resource: the server responded with a status of 4\d\d/.test(e));
  errors.splice(0, errors.length, ...rest);
}

/** Opens the newest mail to an address in /dev/mailbox and follows its link, as a person would. */
async function followMailLink(page: Page, email: string, subject: RegExp) {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await expect(page.getByTestId('mailbox-item').first()).toContainText(subject);
  await page.getByTestId('mailbox-item').first().click();
  await expect(page.getByRole('article', { name: 'Message' })).toContainText(subject);
  await page.getByTestId('mail-link').first().click();
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByTestId('top-nav').getByRole('button', { name: 'Log in' }).click();
  await expect(modal(page)).toHaveAttribute('data-mode', 'signin');
  await modal(page).getByLabel('Email').fill(email);
  await modal(page).getByLabel('Password', { exact: true }).fill(password);
  await modal(page).getByRole('button', { name: 'Sign In' }).click();
}

test.describe('accounts', () => {
  // Each test asks for consoleErrors so that it listens from the first page on.
  test.afterEach(({ consoleErrors }) => allowExpectedHttpErrors(consoleErrors));

  test('sign up, verify by mail, sign in, trial countdown, change password, old session refused, sign in again, log out', async ({
    page,
    browser,
    consoleErrors: _consoleErrors,
  }) => {
    // One journey through the spec's own timers (the 2 s return to sign-in, the 3 s verify redirect, the 5 s settings
    // message) and two browsers: on a loaded two-core CI machine it has come within seconds of the 60 s default.
    test.setTimeout(120_000);
    const email = uniqueEmail('journey');
    await page.goto('/');

    // Sign up with the strength meter.
    await page.getByTestId('top-nav').getByRole('button', { name: 'Sign up' }).click();
    await expect(modal(page)).toHaveAttribute('data-mode', 'signup');
    await modal(page).getByLabel('First name').fill('Asha');
    await modal(page).getByLabel('Last name').fill('Verma');
    await modal(page).getByLabel('Email').fill(email);
    await modal(page).getByLabel('Password', { exact: true }).fill('abc');
    await expect(page.getByTestId('password-strength')).toContainText(/Very Weak|Weak/);
    await modal(page).getByLabel('Password', { exact: true }).fill(PASSWORD);
    await modal(page).getByLabel('Confirm password').fill('Mismatch1!');
    await modal(page).getByRole('button', { name: 'Create Account' }).click();
    await expect(modal(page).getByText('Passwords do not match')).toBeVisible();
    await modal(page).getByLabel('Confirm password').fill(PASSWORD);
    await modal(page).getByRole('button', { name: 'Create Account' }).click();
    await expect(modal(page).getByRole('status')).toHaveText('Registration successful! Please check your email to verify your account.');
    // Back to sign-in after 2 s.
    await expect(modal(page)).toHaveAttribute('data-mode', 'signin', { timeout: 4000 });

    // Signing in before verifying offers to resend the link.
    await modal(page).getByLabel('Email').fill(email);
    await modal(page).getByLabel('Password', { exact: true }).fill(PASSWORD);
    await modal(page).getByRole('button', { name: 'Sign In' }).click();
    await expect(modal(page).getByRole('alert')).toContainText('verify your email');
    await modal(page).getByRole('button', { name: 'Resend Verification Email' }).click();
    await expect(modal(page).getByText('Verification email sent! Please check your inbox.')).toBeVisible();
    await modal(page).getByRole('button', { name: 'Close' }).click();

    // Open the verification mail and follow its link.
    await followMailLink(page, email, /Verify your email/);
    await expect(page).toHaveURL(/\/verify-email\?token=/);
    await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
    await expect(page.getByTestId('redirect-countdown')).toContainText(/Redirecting to the home page in \d seconds?/);
    await expect(page).toHaveURL(/localhost:\d+\/$/, { timeout: 8000 });

    // Sign in: toast, then the dashboard with the live trial countdown.
    await signIn(page, email, PASSWORD);
    await expect(page.getByTestId('toast').filter({ hasText: 'Login successful! Redirecting...' })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome back, Asha!' })).toBeVisible();
    const countdown = page.getByTestId('trial-countdown');
    await expect(countdown).toBeVisible();
    const before = await countdown.textContent();
    await expect.poll(() => countdown.textContent(), { timeout: 4000 }).not.toBe(before);
    await expect(countdown).toContainText(/\d{2}days/i);
    await expect(page.getByTestId('plan-label')).toHaveText('Free');
    await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Settings' })).toBeVisible();

    // Keep this session's tokens as they were: the "old session" after the change.
    const oldSession = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      refreshToken: localStorage.getItem('refreshToken'),
      user: localStorage.getItem('user'),
    }));

    // Change the password in Settings, Security.
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: 'Security' }).click();
    await expect(page.getByTestId('session-row')).toHaveCount(1);
    await expect(page.getByTestId('session-row')).toContainText('This device');
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByTestId('settings-message')).toHaveText('Password changed successfully!');
    // This tab carries on with its new token; the message goes away after 5 s.
    await expect(page.getByTestId('settings-message')).toHaveCount(0, { timeout: 7000 });
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back, Asha!' })).toBeVisible();

    // The old session is refused: tokens cleared, the server's message shown, back on /.
    const other = await browser.newContext();
    const old = withHydration(await other.newPage());
    const oldErrors: string[] = [];
    old.on('pageerror', (e) => oldErrors.push(e.message));
    await old.goto('/blog');
    await old.evaluate((s) => {
      localStorage.setItem('token', s.token!);
      localStorage.setItem('refreshToken', s.refreshToken!);
      localStorage.setItem('user', s.user!);
    }, oldSession);
    await old.goto('/dashboard');
    await expect(old).toHaveURL(/localhost:\d+\/$/);
    await expect(old.getByTestId('top-nav').getByRole('button', { name: 'Log in' })).toBeVisible();
    expect(await old.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('refreshToken'), localStorage.getItem('user')])).toEqual([null, null, null]);
    const api = await old.request.get('/api/v1/auth/me', { headers: { authorization: `Bearer ${oldSession.token}` } });
    expect(api.status()).toBe(401);
    expect(await api.json()).toMatchObject({ code: 'TOKEN_VERSION_MISMATCH', message: 'Your password was changed, so this session was ended. Please log in again.' });

    // The old password no longer works there; the new one does. Then log out.
    await signIn(old, email, PASSWORD);
    await expect(modal(old).getByRole('alert')).toHaveText('Invalid email or password');
    await modal(old).getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await modal(old).getByRole('button', { name: 'Sign In' }).click();
    await expect(old).toHaveURL(/\/dashboard$/);
    await expect(old.getByRole('heading', { name: 'Welcome back, Asha!' })).toBeVisible();
    await old.getByTestId('top-nav').getByRole('button', { name: 'Logout' }).click();
    await expect(old).toHaveURL(/localhost:\d+\/$/);
    expect(await old.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await old.goto('/dashboard');
    await expect(old).toHaveURL(/localhost:\d+\/$/);
    expect(oldErrors).toEqual([]);
    await other.close();

    // A newer sign-in in another browser leaves the first tab signed in (several web sessions live side by side).
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome back, Asha!' })).toBeVisible();
  });

  // Decision 150: a refusal reaches the screen by its code, in the page's language; English keeps the spec's words.
  test('a refused sign-in says why in Hindi on a Hindi page, and in the spec words in English', async ({ page, consoleErrors: _consoleErrors }) => {
    const email = uniqueEmail('wrong.password');
    await page.goto('/hi');
    await page.getByTestId('top-nav').getByRole('button', { name: 'लॉग इन' }).click();
    await expect(modal(page)).toHaveAttribute('data-mode', 'signin');
    await modal(page).locator('#signin-email').fill(email);
    await modal(page).locator('#signin-password').fill(PASSWORD);
    const answer = page.waitForResponse((res) => res.url().endsWith('/api/v1/auth/login'));
    await modal(page).getByRole('button', { name: 'साइन इन करें' }).click();
    // The API speaks English with the code; the screen shows the code's Hindi text.
    expect(await (await answer).json()).toMatchObject({ success: false, error: 'INVALID_CREDENTIALS', code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
    await expect(modal(page).getByRole('alert')).toHaveText('ईमेल या पासवर्ड गलत है');

    // The English page (its address names no language, and /hi was not chosen in the switcher, so none is remembered).
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await signIn(page, email, PASSWORD);
    await expect(modal(page).getByRole('alert')).toHaveText('Invalid email or password');
  });

  test("a form's issue shows in the page's language by its code, and in the spec's words in English", async ({ page, consoleErrors: _consoleErrors }) => {
    // The server names a refused field by its code and params, with the spec's English as the message (decision 175).
    const refused = await page.request.post('/api/v1/auth/register', {
      data: { firstName: 'A'.repeat(51), lastName: 'Kumar', email: uniqueEmail('too.long'), password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({
      code: 'NAME_TOO_LONG',
      params: { field: 'firstName' },
      message: 'First name should not exceed 50 characters',
      field: 'firstName',
    });

    const pages = [
      { path: '/hi', login: 'लॉग इन', signUp: 'साइन अप करें', short: 'पहला नाम कम से कम 2 अक्षरों का होना चाहिए', email: 'कृपया एक मान्य ईमेल पता दर्ज करें' },
      { path: '/fr', login: 'Se connecter', signUp: 'Inscrivez-vous', short: 'Le prénom doit contenir au moins 2 caractères', email: 'Veuillez saisir une adresse e-mail valide' },
      { path: '/', login: 'Log in', signUp: 'Sign up', short: 'First name should be at least 2 characters long', email: 'Please enter a valid email address' },
    ];
    for (const at of pages) {
      await page.goto(at.path);
      await page.getByTestId('top-nav').getByRole('button', { name: at.login }).click();
      await modal(page).getByRole('button', { name: at.signUp }).click();
      await expect(modal(page)).toHaveAttribute('data-mode', 'signup');
      await modal(page).locator('#signup-first').fill('A');
      await modal(page).locator('#signup-first').blur();
      await expect(modal(page).locator('#signup-first-error')).toHaveText(at.short);
      await modal(page).locator('#signup-email').fill('not-an-address');
      await modal(page).locator('#signup-email').blur();
      await expect(modal(page).locator('#signup-email-error')).toHaveText(at.email);
    }
  });

  test('forgot password, reset from the mailed link, then sign in', async ({ page, consoleErrors: _consoleErrors }) => {
    const email = uniqueEmail('reset');
    // An account made through the API and verified through its mail.
    const reg = await page.request.post('/api/v1/auth/register', { data: { firstName: 'Ravi', lastName: 'Kumar', email, password: PASSWORD, confirmPassword: PASSWORD } });
    expect(reg.status()).toBe(201);
    const mails = await (await page.request.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
    const verifyLink = mails.data.messages[0].links[0] as string;
    expect((await page.request.get(`/api/v1/auth/verify-email/${new URL(verifyLink).searchParams.get('token')}`)).status()).toBe(200);

    await page.goto('/');
    await page.getByTestId('top-nav').getByRole('button', { name: 'Log in' }).click();
    await modal(page).getByRole('button', { name: 'Forgot password?' }).click();
    await expect(modal(page)).toHaveAttribute('data-mode', 'forgot-password');
    await modal(page).getByLabel('Email').fill(email.toUpperCase());
    await modal(page).getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(modal(page).getByRole('status')).toHaveText('Password reset link sent to your email. Please check your inbox.');
    await expect(modal(page)).toHaveAttribute('data-mode', 'signin', { timeout: 5000 });
    await modal(page).getByRole('button', { name: 'Close' }).click();

    await followMailLink(page, email, /Reset your Stealth Browser password/);
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await expect(page.getByTestId('top-nav')).toHaveCount(0);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password reset successful! You can now sign in with your new password.')).toBeVisible();
    // After 3 s: home, with the sign-in modal open.
    await expect(page).toHaveURL(/localhost:\d+\/$/, { timeout: 6000 });
    await expect(modal(page)).toHaveAttribute('data-mode', 'signin');
    await modal(page).getByLabel('Email').fill(email);
    await modal(page).getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await modal(page).getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the pages answer a missing token with the spec messages', async ({ page, consoleErrors: _consoleErrors }) => {
    await page.goto('/verify-email');
    await expect(page.getByText('Invalid verification link. Please check your email for the correct link.')).toBeVisible();
    await page.goto('/reset-password');
    await expect(page.getByText('Invalid reset link. Please request a new password reset.')).toBeVisible();
    await page.goto('/verify-email?token=not-a-real-token');
    await expect(page.getByText('Email verification failed. The link may be expired or invalid.')).toBeVisible();
  });

  test('sign-up with an address that already has an account shows the same success, and its owner is told by mail', async ({ page, consoleErrors: _consoleErrors }) => {
    const email = uniqueEmail('taken');
    const reg = await page.request.post('/api/v1/auth/register', { data: { firstName: 'Ravi', lastName: 'Kumar', email, password: PASSWORD, confirmPassword: PASSWORD } });
    expect(reg.status()).toBe(201);

    await page.goto('/');
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('open-auth-modal', { detail: { mode: 'signup' } })));
    await modal(page).getByLabel('First name').fill('Other');
    await modal(page).getByLabel('Last name').fill('Person');
    await modal(page).getByLabel('Email').fill(email);
    await modal(page).getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await modal(page).getByLabel('Confirm password').fill(NEW_PASSWORD);
    await modal(page).getByRole('button', { name: 'Create Account' }).click();
    await expect(modal(page).getByRole('status')).toHaveText('Registration successful! Please check your email to verify your account.');
    await expect(modal(page)).toHaveAttribute('data-mode', 'signin', { timeout: 4000 });

    const mails = await (await page.request.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
    expect(mails.data.messages[0]).toMatchObject({ kind: 'signup-attempt', subject: 'Someone tried to sign up to Stealth Browser with your email' });
  });

  test('sign-up refuses a disposable address with the server message', async ({ page, consoleErrors: _consoleErrors }) => {
    await page.goto('/');
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('open-auth-modal', { detail: { mode: 'signup' } })));
    await modal(page).getByLabel('First name').fill('Temp');
    await modal(page).getByLabel('Last name').fill('User');
    await modal(page).getByLabel('Email').fill('someone@mailinator.com');
    await modal(page).getByLabel('Password', { exact: true }).fill(PASSWORD);
    await modal(page).getByLabel('Confirm password').fill(PASSWORD);
    await modal(page).getByRole('button', { name: 'Create Account' }).click();
    await expect(modal(page).getByText('Disposable email are not allowed. Please use valid email address.')).toBeVisible();
    // The event's 'login' mode opens sign-in.
    await modal(page).getByRole('button', { name: 'Close' }).click();
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('open-auth-modal', { detail: { mode: 'login' } })));
    await expect(modal(page)).toHaveAttribute('data-mode', 'signin');
  });

  test('settings: profile, shortcuts in compact mode, and account deletion after typing DELETE', async ({ page, consoleErrors: _consoleErrors }) => {
    const email = uniqueEmail('settings');
    await page.request.post('/api/v1/auth/register', { data: { firstName: 'Neha', lastName: 'Shah', email, password: PASSWORD, confirmPassword: PASSWORD } });
    const mails = await (await page.request.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
    await page.goto(mails.data.messages[0].links[0]);
    await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
    await page.goto('/');
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Shortcuts' }).click();
    await expect(page.getByTestId('shortcuts-compact').getByTestId('shortcut')).toHaveCount(7);
    await expect(page.getByTestId('shortcuts-compact')).toContainText('Google, ChatGPT, Grok, DeepSeek');

    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByLabel('Country')).toHaveValue('India');
    await page.getByLabel('Company').fill('Acme Labs');
    await page.getByLabel('Timezone').selectOption('Europe/London');
    await page.getByLabel('SMS notifications').check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByTestId('settings-message')).toHaveText('Profile updated successfully!');
    await page.reload();
    await expect(page.getByLabel('Company')).toHaveValue('Acme Labs');
    await expect(page.getByLabel('Timezone')).toHaveValue('Europe/London');

    await page.getByRole('tab', { name: 'Email Verification' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('Verified');

    await page.getByRole('tab', { name: 'Danger Zone' }).click();
    await page.getByLabel(/to confirm/).fill('delete');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await expect(page.getByTestId('settings-message')).toHaveText('Please type DELETE to confirm account deletion');
    await page.getByLabel(/to confirm/).fill('DELETE');
    // The account's password is asked for too (decision 104): without it nothing is asked or sent.
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await expect(page.getByTestId('settings-message')).toHaveText('Password is required');
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.accept();
    });
    // A wrong password deletes nothing and says so.
    await page.getByLabel('Your password').fill('Wrong!Passw0rd');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await expect(page.getByTestId('settings-message')).toHaveText('Current password is incorrect');
    await expect(page).toHaveURL(/\/settings/);
    await page.getByLabel('Your password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    expect(dialogs).toEqual(Array(2).fill('Are you sure you want to delete your account? This action cannot be undone.'));
    const login = await page.request.post('/api/v1/auth/login', { data: { email, password: PASSWORD, deviceType: 'web' } });
    expect(login.status()).toBe(401);
  });
});
