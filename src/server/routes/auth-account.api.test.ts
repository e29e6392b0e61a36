import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../shared/messages';
import { queryRows } from '../db/client';
import { appSettings, emailTokens, outbox, sessions, users } from '../db/schema';
import { AUTH_LIMITS } from '../services/auth/rate-limits';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { lastMailTo, tokenFromMail } from '../test/mailbox';
import { createUser, createUserAndLogin, findUser, loginAs, TEST_PASSWORD } from '../test/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const uniqueEmail = (name = 'person') => `${name}.${++n}.${Date.now()}@example.com`;
const NEW_PASSWORD = 'N3w!Password';

const signup = async (over: Record<string, unknown> = {}) => {
  const email = (over.email as string) ?? uniqueEmail();
  // Each sign-up from its own address, so that the per-IP limit (tested below) stays out of the other tests.
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { firstName: 'Asha', lastName: 'Verma', email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, ...over },
    remoteAddress: `192.0.2.${n % 250}`,
  });
  return Object.assign(res, { json: () => JSON.parse(res.body) });
};

/** Signs up, opens the verification mail and follows its link, as a person would. */
async function signupVerified() {
  const email = uniqueEmail('verified');
  expect((await signup({ email })).statusCode).toBe(201);
  const token = await tokenFromMail(t, email, 'verify-email');
  expect((await t.call('GET', `/api/v1/auth/verify-email/${token}`)).statusCode).toBe(200);
  return email;
}

describe(`sign-up on ${TEST_DB_KIND}`, () => {
  it('creates an unverified account, its trial not started yet, and mails a 24-hour verification link', async () => {
    const email = uniqueEmail('new');
    const res = await signup({ email: `  ${email.toUpperCase()} ` });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, data: null, message: 'Registration successful! Please check your email to verify your account.' });

    const user = await findUser(t, email);
    expect(user).toMatchObject({ firstName: 'Asha', lastName: 'Verma', isEmailVerified: false, subscriptionStatus: 'free' });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    // The trial starts at verification (trial.api.test.ts).
    expect(user.trialExpires).toBeNull();

    const mail = await lastMailTo(t, email, 'verify-email');
    expect(mail?.subject).toBe('Verify your email for Stealth Browser');
    expect(mail?.text).toMatch(new RegExp(`${t.config.publicUrl}/verify-email\\?token=[\\w-]{20,}`));
    expect(mail?.html).toContain('Stealth Browser');
    expect(mail?.html).toContain('/verify-email?token=');
    expect(mail?.text).toContain('valid for 24 hours');

    const [token] = await t.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id));
    expect(token.purpose).toBe('verify');
    expect(token.expiresAt.getTime() - token.createdAt.getTime()).toBeGreaterThan(24 * 3_600_000 - 5000);
    // Stored hashed: the mailed token is not in the table.
    expect(mail?.text).not.toContain(token.tokenHash);
  });

  it.each([
    [{ firstName: '' }, 'First name is required'],
    [{ firstName: undefined }, 'First name is required'],
    [{ firstName: 'A' }, 'First name should be at least 2 characters long'],
    [{ firstName: 'A'.repeat(51) }, 'First name should not exceed 50 characters'],
    [{ firstName: 'R2D2' }, 'First name should contain only alphabets'],
    [{ lastName: '' }, 'Last name is required'],
    [{ lastName: 'V' }, 'Last name should be at least 2 characters long'],
    [{ lastName: 'x'.repeat(51) }, 'Last name should not exceed 50 characters'],
    [{ lastName: "O'Neil" }, 'Last name should contain only alphabets'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'not-an-address' }, 'Please enter a valid email address'],
    [{ password: '', confirmPassword: '' }, 'Password is required'],
    [{ password: 'Sh0rt!', confirmPassword: 'Sh0rt!' }, 'Min 8 chars, 1 uppercase, 1 number, 1 special character'],
    [{ password: 'lower1234!', confirmPassword: 'lower1234!' }, 'Needs min 1 uppercase letter'],
    [{ password: 'NoDigits!!', confirmPassword: 'NoDigits!!' }, 'Needs min 1 number'],
    [{ password: 'NoSpecial12', confirmPassword: 'NoSpecial12' }, 'Needs min 1 special char'],
    [{ confirmPassword: 'Different1!' }, 'Passwords do not match'],
  ])('refuses %j with the spec message', async (over, message) => {
    const res = await signup(over);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'VALIDATION_ERROR', message });
  });

  it.each([
    [{ firstName: 'A'.repeat(51) }, 'NAME_TOO_LONG', { field: 'firstName' }, 'First name should not exceed 50 characters', 'firstName'],
    [{ lastName: '' }, 'REQUIRED', { field: 'lastName' }, 'Last name is required', 'lastName'],
    [{ email: 'not-an-address' }, 'EMAIL_INVALID', undefined, 'Please enter a valid email address', 'email'],
    [{ confirmPassword: 'Different1!' }, 'PASSWORDS_DO_NOT_MATCH', undefined, 'Passwords do not match', 'confirmPassword'],
  ])('names the refusal of %j by its code and params, with the spec text as the message (decision 175)', async (over, code, params, message, field) => {
    const res = await signup(over);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: 'VALIDATION_ERROR', code, ...(params ? { params } : {}), message, field });
  });

  it('takes names written in Hindi, Tamil, Bengali and decomposed Latin, and keeps them composed', async () => {
    const email = uniqueEmail('hindi');
    expect((await signup({ email, firstName: 'रवि', lastName: 'கார்த்திக்' })).statusCode).toBe(201);
    expect(await findUser(t, email)).toMatchObject({ firstName: 'रवि', lastName: 'கார்த்திக்' });
    const s = await createUserAndLogin(t);
    const res = await t.call('PUT', '/api/v1/auth/profile', { token: s.token, body: { firstName: 'সৌমিত্র', lastName: 'Jose\u0301' } });
    expect(res.json()).toMatchObject({ success: true, data: { user: { firstName: 'সৌমিত্র', lastName: 'José' } } });
  });

  it('refuses disposable addresses with the spec message, and creates nothing', async () => {
    for (const email of ['someone@mailinator.com', 'Someone@YOPMAIL.com']) {
      const res = await signup({ email });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Disposable email are not allowed. Please use valid email address.');
      expect(await findUser(t, email.toLowerCase())).toBeUndefined();
    }
  });

  it('refuses the passwords most common in breaches at sign-up, reset and change, changing nothing; 64 characters pass', async () => {
    const common = 'P@ssw0rd';
    const email = uniqueEmail('common');
    const res = await signup({ email, password: common, confirmPassword: common });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'PASSWORD_TOO_COMMON',
      message: 'This password is one of the most common ones found in data breaches, so it is easy to guess. Choose another.',
    });
    expect(await findUser(t, email)).toBeUndefined();

    const u = await createUserAndLogin(t);
    const change = await t.call('PUT', '/api/v1/auth/change-password', {
      token: u.token,
      body: { currentPassword: TEST_PASSWORD, newPassword: '1qaz@WSX', confirmPassword: '1qaz@WSX' },
    });
    expect(change.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });
    expect((await t.call('GET', '/api/v1/auth/me', { token: u.token })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/v1/auth/forgot-password', { body: { email: u.email } })).statusCode).toBe(200);
    const token = await tokenFromMail(t, u.email, 'password-reset');
    const reset = await t.call('POST', '/api/v1/auth/reset-password', { body: { token, password: '!QAZ2wsx', confirmPassword: '!QAZ2wsx' } });
    expect(reset.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });
    // The link still works for a good password, of the longest length ASVS asks to allow.
    const long = `Aa1!${'long-passphrase-'.repeat(4)}`.slice(0, 64);
    expect((await t.call('POST', '/api/v1/auth/reset-password', { body: { token, password: long, confirmPassword: long } })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/v1/auth/login', { body: { email: u.email, password: long } })).statusCode).toBe(200);
  });

  it('answers an address that already has an account exactly as a new one, mails its owner and changes nothing', async () => {
    const email = await signupVerified();
    const before = await findUser(t, email);
    const mailsBefore = await t.db.select().from(outbox).where(eq(outbox.toAddress, email));

    const taken = await signup({ email: ` ${email.toUpperCase()}`, firstName: 'Eve', lastName: 'Other', password: 'An0ther!pass', confirmPassword: 'An0ther!pass' });
    const fresh = await signup({ email: uniqueEmail('fresh') });
    expect(taken.statusCode).toBe(201);
    expect(fresh.statusCode).toBe(201);
    expect(taken.json()).toEqual({ success: true, data: null, message: 'Registration successful! Please check your email to verify your account.' });
    expect(taken.json()).toEqual(fresh.json());
    expect(taken.headers['content-type']).toBe(fresh.headers['content-type']);

    // One account, untouched: the same row, the old password still signs in and the typed one does not.
    const [{ n }] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from users where lower(email) = ${email}`);
    expect(n).toBe(1);
    expect(await findUser(t, email)).toEqual(before);
    expect((await t.call('POST', '/api/v1/auth/login', { body: { email, password: 'An0ther!pass' } })).statusCode).toBe(401);
    expect((await t.call('POST', '/api/v1/auth/login', { body: { email, password: TEST_PASSWORD } })).statusCode).toBe(200);

    // The owner is told, and only that: no verification link for a verified account.
    const mails = await t.db.select().from(outbox).where(eq(outbox.toAddress, email));
    expect(mails.map((m) => m.kind).sort()).toEqual([...mailsBefore.map((m) => m.kind), 'signup-attempt'].sort());
    const notice = await lastMailTo(t, email, 'signup-attempt');
    expect(notice?.subject).toBe('Someone tried to sign up to Stealth Browser with your email');
    expect(notice?.text).toContain('Hi Asha, someone, perhaps you, tried to create a new Stealth Browser account with this email address');
    expect(notice?.text).toContain('nothing was changed: your password and your data stay as they were');
    expect(notice?.text).not.toContain('token=');
  });

  it("gives the owner of a taken, unverified address a reset link, never a verification link that would keep the first sign-up's password", async () => {
    // Someone pre-registers the address with a password of their own; the mailbox's owner then signs up.
    const email = uniqueEmail('unverified.taken');
    expect((await signup({ email })).statusCode).toBe(201);
    const again = await signup({ email, password: 'An0ther!pass', confirmPassword: 'An0ther!pass' });
    expect(again.statusCode).toBe(201);
    const notice = await lastMailTo(t, email, 'signup-attempt');
    expect(notice?.text).toContain(
      'Your account is not verified yet. To finish it, choose your password with the button below: this also verifies your email address and signs you out anywhere else. The link is valid for 1 hour.',
    );
    expect(notice?.text).not.toContain('verify-email');
    const link = notice?.text.match(/Choose your password:\n\S+\/reset-password\?token=([^\s&]+)&lang=en\n/);
    expect(link).not.toBeNull();
    expect((await t.call('POST', '/api/v1/auth/reset-password', { body: { token: decodeURIComponent(link![1]), password: NEW_PASSWORD } })).statusCode).toBe(200);
    // The owner's password holds and the address is verified; the first sign-up's password opens nothing.
    expect((await findUser(t, email)).isEmailVerified).toBe(true);
    expect((await t.call('POST', '/api/v1/auth/login', { body: { email, password: TEST_PASSWORD }, remoteAddress: '192.0.2.251' })).json()).toMatchObject({
      error: 'INVALID_CREDENTIALS',
      message: MSG.invalidCredentials,
    });
    expect((await t.call('POST', '/api/v1/auth/login', { body: { email, password: NEW_PASSWORD } })).statusCode).toBe(200);
  });

  it('answers the bot-check configuration: off by default', async () => {
    const res = await t.call('GET', '/api/v1/auth/turnstile-config');
    expect(res.json()).toEqual({ success: true, data: { enabled: false, siteKey: null } });
  });
});

describe('e-mail verification', () => {
  it('refuses to sign in an unverified address with a message about verifying, then verifies once', async () => {
    const email = uniqueEmail('unverified');
    await signup({ email });
    const refused = await t.call('POST', '/api/v1/auth/login', { body: { email, password: TEST_PASSWORD, deviceType: 'web' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('verify your email');

    const token = await tokenFromMail(t, email, 'verify-email');
    const ok = await t.call('GET', `/api/v1/auth/verify-email/${token}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ error: false, data: { email, alreadyVerified: false }, message: MSG.emailVerifiedTrialStarted });
    expect((await findUser(t, email)).isEmailVerified).toBe(true);

    // Clicked twice: the account is verified, and the answer says so.
    const reused = await t.call('GET', `/api/v1/auth/verify-email/${token}`);
    expect(reused.statusCode).toBe(200);
    expect(reused.json()).toMatchObject({ success: true, error: false, data: { email, alreadyVerified: true }, message: MSG.emailAlreadyVerified });

    const login = await t.call('POST', '/api/v1/auth/login', { body: { email: ` ${email.toUpperCase()} `, password: TEST_PASSWORD, deviceType: 'web' } });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user).toMatchObject({ email, isEmailVerified: true, isOnTrial: true });
  });

  it('refuses unknown and expired links', async () => {
    const unknown = await t.call('GET', '/api/v1/auth/verify-email/not-a-real-token');
    expect(unknown.json().message).toBe(MSG.emailVerificationFailed);

    const email = uniqueEmail('expired');
    await signup({ email });
    const token = await tokenFromMail(t, email, 'verify-email');
    const user = await findUser(t, email);
    await t.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, user.id));
    const expired = await t.call('GET', `/api/v1/auth/verify-email/${token}`);
    expect(expired.statusCode).toBe(400);
    expect((await findUser(t, email)).isEmailVerified).toBe(false);
  });

  it('resends a fresh link to unverified accounts only, answering the same for every address', async () => {
    const email = uniqueEmail('resend');
    await signup({ email });
    const first = await tokenFromMail(t, email, 'verify-email');
    const res = await t.call('POST', '/api/v1/auth/resend-verification', { body: { email: ` ${email.toUpperCase()}` } });
    expect(res.json()).toEqual({ success: true, data: null, message: 'Verification email sent! Please check your inbox.' });
    const second = await tokenFromMail(t, email, 'verify-email');
    expect(second).not.toBe(first);
    // The older link keeps working: anyone may ask for a new one, which must not cancel the owner's (decision 103).
    expect((await t.call('GET', `/api/v1/auth/verify-email/${first}`)).json()).toMatchObject({ data: { alreadyVerified: false } });
    expect((await t.call('GET', `/api/v1/auth/verify-email/${second}`)).json()).toMatchObject({ data: { alreadyVerified: true } });

    const before = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from outbox`);
    const unknown = await t.call('POST', '/api/v1/auth/resend-verification', { body: { email: uniqueEmail('nobody') } });
    const verified = await t.call('POST', '/api/v1/auth/resend-verification', { body: { email } });
    expect(unknown.json()).toEqual(res.json());
    expect(verified.json()).toEqual(res.json());
    const after = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from outbox`);
    expect(after[0].n).toBe(before[0].n);
  });
});

describe('password reset', () => {
  it('answers the same for known and unknown addresses and mails a one-hour link only to the known one', async () => {
    const email = await signupVerified();
    const known = await t.call('POST', '/api/v1/auth/forgot-password', { body: { email: email.toUpperCase() } });
    const unknown = await t.call('POST', '/api/v1/auth/forgot-password', { body: { email: uniqueEmail('ghost') } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ success: true, data: null, message: 'Password reset link sent to your email. Please check your inbox.' });
    expect(unknown.json()).toEqual(known.json());

    const mail = await lastMailTo(t, email, 'password-reset');
    expect(mail?.text).toMatch(new RegExp(`${t.config.publicUrl}/reset-password\\?token=`));
    expect(mail?.html).toContain('/reset-password?token=');
    const user = await findUser(t, email);
    const [row] = await t.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.userId, user.id))
      .orderBy(sql`created_at desc`)
      .limit(1);
    expect(row.purpose).toBe('reset');
    expect(Math.round((row.expiresAt.getTime() - row.createdAt.getTime()) / 60000)).toBe(60);
  });

  it('checks the new password with the spec messages', async () => {
    const email = await signupVerified();
    await t.call('POST', '/api/v1/auth/forgot-password', { body: { email } });
    const token = await tokenFromMail(t, email, 'password-reset');
    const short = await t.call('POST', '/api/v1/auth/reset-password', { body: { token, password: 'Ab1!', confirmPassword: 'Ab1!' } });
    expect(short.json().message).toBe('Password must be at least 8 characters long');
    const mismatch = await t.call('POST', '/api/v1/auth/reset-password', { body: { token, password: NEW_PASSWORD, confirmPassword: 'Other1!pass' } });
    expect(mismatch.json().message).toBe('Passwords do not match');
    const missing = await t.call('POST', '/api/v1/auth/reset-password', { body: { password: NEW_PASSWORD } });
    expect(missing.json().message).toBe('Invalid reset link. Please request a new password reset.');
    const bad = await t.call('POST', '/api/v1/auth/reset-password', { body: { token: 'nope', password: NEW_PASSWORD } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Password reset failed. The link may be expired or invalid.');
  });

  it('sets the new password, ends every session, works once and sends a notice', async () => {
    const email = await signupVerified();
    const web = await loginAs(t, email);
    const desktop = await loginAs(t, email, TEST_PASSWORD, 'desktop');
    await t.call('POST', '/api/v1/auth/forgot-password', { body: { email } });
    const token = await tokenFromMail(t, email, 'password-reset');

    const res = await t.call('POST', '/api/v1/auth/reset-password', { body: { token, password: NEW_PASSWORD } });
    expect(res.json()).toEqual({ success: true, data: null, message: 'Password reset successful! You can now sign in with your new password.' });

    for (const s of [web, desktop]) {
      const me = await t.call('GET', '/api/v1/auth/me', { token: s.token });
      expect(me.statusCode).toBe(401);
      expect(me.json()).toMatchObject({ error: 'TOKEN_INVALIDATED', code: 'TOKEN_VERSION_MISMATCH' });
      const refreshed = await t.call('POST', '/api/v1/auth/refresh', { body: { refreshToken: s.refreshToken } });
      expect(refreshed.statusCode).toBe(401);
      expect(refreshed.json().code).toBe('TOKEN_VERSION_MISMATCH');
    }
    const old = await t.call('POST', '/api/v1/auth/login', { body: { email, password: TEST_PASSWORD } });
    expect(old.statusCode).toBe(401);
    expect((await t.call('POST', '/api/v1/auth/login', { body: { email, password: NEW_PASSWORD } })).statusCode).toBe(200);

    const again = await t.call('POST', '/api/v1/auth/reset-password', { body: { token, password: 'An0ther!pass' } });
    expect(again.statusCode).toBe(400);
    const notice = await lastMailTo(t, email, 'password-changed');
    expect(notice?.subject).toBe('Your Stealth Browser password was reset');
    expect(notice?.text).toContain('every other session');
  });

  it('refuses an expired reset link', async () => {
    const email = await signupVerified();
    await t.call('POST', '/api/v1/auth/forgot-password', { body: { email } });
    const token = await tokenFromMail(t, email, 'password-reset');
    const user = await findUser(t, email);
    await t.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(emailTokens.userId, user.id));
    const res = await t.call('POST', '/api/v1/auth/reset-password', { body: { token, password: NEW_PASSWORD } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.passwordResetLinkFailed);
  });
});

describe('change password', () => {
  it('checks the current password and the spec rules', async () => {
    const s = await createUserAndLogin(t);
    const call = (body: object) => t.call('PUT', '/api/v1/auth/change-password', { token: s.token, body });
    expect((await call({ currentPassword: '', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).json().message).toBe('Current password is required');
    expect((await call({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: 'Other1!pass' })).json().message).toBe('New passwords do not match');
    expect((await call({ currentPassword: TEST_PASSWORD, newPassword: 'Ab1!', confirmPassword: 'Ab1!' })).json().message).toBe('Password must be at least 8 characters long');
    const wrong = await call({ currentPassword: 'Wrong!pass1', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect');
  });

  it('keeps this session with a new token and ends every other one with TOKEN_VERSION_MISMATCH', async () => {
    const s = await createUserAndLogin(t);
    const desktop = await loginAs(t, s.email, TEST_PASSWORD, 'desktop');
    const res = await t.call('PUT', '/api/v1/auth/change-password', {
      token: s.token,
      body: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Password changed successfully!');
    const fresh = res.json().data.token as string;
    expect((await t.call('GET', '/api/v1/auth/me', { token: fresh })).statusCode).toBe(200);

    // The old access token of this very session names the old version too.
    const stale = await t.call('GET', '/api/v1/auth/me', { token: s.token });
    expect(stale.json()).toMatchObject({ error: 'TOKEN_INVALIDATED', code: 'TOKEN_VERSION_MISMATCH' });
    const other = await t.call('GET', '/api/v1/auth/me', { token: desktop.token });
    expect(other.statusCode).toBe(401);
    expect(other.json().code).toBe('TOKEN_VERSION_MISMATCH');
    expect((await t.call('POST', '/api/v1/auth/refresh', { body: { refreshToken: desktop.refreshToken } })).statusCode).toBe(401);
    // This session's refresh token still works and yields tokens of the new version.
    const rotated = await t.call('POST', '/api/v1/auth/refresh', { body: { refreshToken: s.refreshToken } });
    expect(rotated.statusCode).toBe(200);
    expect((await t.call('GET', '/api/v1/auth/me', { token: rotated.json().data.token })).statusCode).toBe(200);
    expect((await lastMailTo(t, s.email, 'password-changed'))?.subject).toBe('Your Stealth Browser password was changed');
  });
});

describe('sessions and their 401 codes', () => {
  it('TOKEN_INVALIDATED for a forged token, TOKEN_EXPIRED for an expired one, UNAUTHORIZED without one', async () => {
    const none = await t.call('GET', '/api/v1/auth/me');
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toBe('UNAUTHORIZED');

    const forged = await t.call('GET', '/api/v1/auth/me', { token: 'eyJhbGciOiJIUzI1NiJ9.e30.x' });
    expect(forged.json()).toMatchObject({ error: 'TOKEN_INVALIDATED', message: MSG.sessionInvalidated });

    const s = await createUserAndLogin(t);
    const [secret] = await t.db.select().from(appSettings).where(eq(appSettings.key, 'jwt_secret'));
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, s.user.id));
    const expired = await new SignJWT({ sid: session.id, tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(s.user.id)
      .setIssuer('stealth-browser')
      .setAudience('stealth-browser-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(secret.value));
    const res = await t.call('GET', '/api/v1/auth/me', { token: expired });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_EXPIRED');
  });

  it('SESSION_NOT_FOUND after logout', async () => {
    const s = await createUserAndLogin(t);
    const out = await t.call('POST', '/api/v1/auth/logout', { token: s.token, body: { deviceType: 'web' } });
    expect(out.json()).toMatchObject({ success: true, message: 'Logged out successfully' });
    const after = await t.call('GET', '/api/v1/auth/me', { token: s.token });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('SESSION_NOT_FOUND');
  });

  it('keeps five browsers signed in side by side; a sixth sign-in ends the oldest with SESSION_INVALID; the desktop program keeps one', async () => {
    expect([t.config.WEB_SESSIONS_PER_USER, t.config.DESKTOP_SESSIONS_PER_USER]).toEqual([5, 1]);
    const { email } = await createUser(t);
    const me = async (token: string) => t.call('GET', '/api/v1/auth/me', { token });

    const desktop = await loginAs(t, email, TEST_PASSWORD, 'desktop');
    const web: { token: string }[] = [];
    for (let i = 0; i < 5; i++) web.push(await loginAs(t, email));
    // A laptop and a phone (and three more browsers) stay signed in together, beside the desktop program.
    for (const s of [...web, desktop]) expect((await me(s.token)).statusCode).toBe(200);
    const listed = await t.call('GET', '/api/v1/auth/sessions', { token: web[4].token });
    expect((listed.json().data.sessions as { deviceType: string }[]).map((r) => r.deviceType).sort()).toEqual(['desktop', 'web', 'web', 'web', 'web', 'web']);

    const sixth = await loginAs(t, email);
    const displaced = await me(web[0].token);
    expect(displaced.statusCode).toBe(401);
    expect(displaced.json()).toMatchObject({ error: 'SESSION_INVALID', code: 'SESSION_INVALID' });
    expect(displaced.json().message).toContain('another device');
    for (const s of [...web.slice(1), sixth, desktop]) expect((await me(s.token)).statusCode).toBe(200);

    // A second desktop sign-in ends the first one, and no browser.
    const desktop2 = await loginAs(t, email, TEST_PASSWORD, 'desktop');
    expect((await me(desktop.token)).json()).toMatchObject({ code: 'SESSION_INVALID' });
    for (const s of [...web.slice(1), sixth, desktop2]) expect((await me(s.token)).statusCode).toBe(200);
  });

  it('rotates refresh tokens; reusing one ends the session', async () => {
    const s = await createUserAndLogin(t);
    const first = await t.call('POST', '/api/v1/auth/refresh', { body: { refreshToken: s.refreshToken } });
    expect(first.statusCode).toBe(200);
    const { token, refreshToken } = first.json().data;
    expect(refreshToken).not.toBe(s.refreshToken);
    expect((await t.call('GET', '/api/v1/auth/me', { token })).statusCode).toBe(200);
    const reuse = await t.call('POST', '/api/v1/auth/refresh', { body: { refreshToken: s.refreshToken } });
    expect(reuse.statusCode).toBe(401);
    const me = await t.call('GET', '/api/v1/auth/me', { token });
    expect(me.json().code).toBe('SESSION_INVALID');
  });

  it('lists active sessions with device, browser, place and last seen, and signs out one or all others', async () => {
    const { email, user } = await createUser(t);
    const chromeUa = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
    const login = async (deviceType: string, ua: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: TEST_PASSWORD, deviceType }, headers: { 'user-agent': ua } })).json().data;
    const web = await login('web', chromeUa);
    const desktop = await login('desktop', 'StealthBrowser/2.1.0 (Windows NT 10.0)');
    await t.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() + interval '1 minute'` })
      .where(sql`${sessions.userId} = ${user.id} and ${sessions.deviceType} = 'desktop'`);

    // The desktop program signed in last and was seen last, yet this browser's own session comes first.
    const list = await t.call('GET', '/api/v1/auth/sessions', { token: web.token });
    const rows = list.json().data.sessions as any[];
    expect(rows).toHaveLength(2);
    const current = rows[0];
    expect(current).toMatchObject({ current: true, deviceType: 'web', browser: 'Chrome', os: 'Windows', place: '' });
    expect(new Date(current.lastSeenAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const other = rows.find((r) => !r.current);
    expect(other).toMatchObject({ deviceType: 'desktop', browser: 'Stealth Browser app' });

    const del = await t.call('DELETE', `/api/v1/auth/sessions/${other.id}`, { token: web.token });
    expect(del.json().message).toBe('The session was signed out.');
    const ended = await t.call('GET', '/api/v1/auth/me', { token: desktop.token });
    expect(ended.json()).toMatchObject({ code: 'SESSION_NOT_FOUND' });
    expect(ended.json().message).toContain('signed out from your account settings');

    const desktop2 = await login('desktop', 'StealthBrowser/2.1.0');
    await t.call('POST', '/api/v1/auth/sessions/revoke-others', { token: web.token });
    expect((await t.call('GET', '/api/v1/auth/me', { token: desktop2.token })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/v1/auth/me', { token: web.token })).statusCode).toBe(200);

    // Someone else's session cannot be signed out.
    const stranger = await createUserAndLogin(t);
    const [theirs] = await t.db.select().from(sessions).where(eq(sessions.userId, stranger.user.id));
    expect((await t.call('DELETE', `/api/v1/auth/sessions/${theirs.id}`, { token: web.token })).statusCode).toBe(404);
  });
});

describe('profile', () => {
  it('saves every field of the User entity and the preferences', async () => {
    const s = await createUserAndLogin(t);
    const profile = {
      firstName: 'Meera',
      lastName: 'Iyer',
      phone: '+91 98765 43210',
      company: 'Acme',
      designation: 'Engineer',
      address: { street: '1 MG Road', city: 'Bengaluru', state: 'Karnataka', country: 'India', pincode: '560001' },
      preferences: { emailNotifications: false, smsNotifications: true, timezone: 'Europe/London', language: 'hi' },
    };
    const res = await t.call('PUT', '/api/v1/auth/profile', { token: s.token, body: profile });
    expect(res.json()).toMatchObject({ success: true, message: 'Profile updated successfully!', data: { user: profile } });
    const me = await t.call('GET', '/api/v1/auth/me', { token: s.token });
    expect(me.json().data.user).toMatchObject(profile);
  });

  it('defaults the country to India and checks names and choices', async () => {
    const s = await createUserAndLogin(t);
    const res = await t.call('PUT', '/api/v1/auth/profile', { token: s.token, body: { firstName: 'Ravi', lastName: 'Kumar' } });
    expect(res.json().data.user.address.country).toBe('India');
    expect(res.json().data.user.preferences).toEqual({ emailNotifications: true, smsNotifications: false, timezone: 'Asia/Kolkata', language: 'en' });
    expect((await t.call('PUT', '/api/v1/auth/profile', { token: s.token, body: { firstName: '', lastName: 'Kumar' } })).json().message).toBe('First name is required');
    expect((await t.call('PUT', '/api/v1/auth/profile', { token: s.token, body: { firstName: 'Ravi', lastName: '' } })).json().message).toBe('Last name is required');
    const tz = await t.call('PUT', '/api/v1/auth/profile', { token: s.token, body: { firstName: 'Ravi', lastName: 'Kumar', preferences: { timezone: 'Mars/Olympus' } } });
    expect(tz.statusCode).toBe(400);
  });
});

describe('account deletion', () => {
  it('asks for the account password: an access token alone, a wrong or a missing password deletes nothing (decision 104)', async () => {
    const s = await createUserAndLogin(t);
    const del = (body?: object) => t.call('DELETE', '/api/v1/auth/account', { token: s.token, ...(body && { body }) });

    const bare = await del();
    expect(bare.statusCode).toBe(400);
    const missing = await del({ password: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false, error: 'VALIDATION_ERROR', message: MSG.passwordRequired });
    const wrong = await del({ password: 'Wrong!pass1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ success: false, code: 'WRONG_PASSWORD', message: MSG.currentPasswordWrong });
    // Nothing deleted: the account signs in, the session still works.
    expect(await findUser(t, s.email)).toBeDefined();
    expect((await t.call('GET', '/api/v1/auth/me', { token: s.token })).statusCode).toBe(200);

    // A stolen token cannot guess on: the checks of the current password are counted per account.
    for (let i = 0; i < AUTH_LIMITS.currentPasswordAccount.max - 1; i++) expect((await del({ password: `Wrong!pass${i}` })).statusCode).toBe(400);
    const limited = await del({ password: s.password });
    expect(limited.statusCode).toBe(429);
    expect(await findUser(t, s.email)).toBeDefined();
  });

  it('deletes with the right password', async () => {
    const s = await createUserAndLogin(t);
    const res = await t.call('DELETE', '/api/v1/auth/account', { token: s.token, body: { password: s.password } });
    expect(res.json()).toEqual({ success: true, data: null, message: MSG.accountDeleted });
    expect(await findUser(t, s.email)).toBeUndefined();
  });

  it('deletes the user and personal data, cancels a running subscription at period end and keeps the payment record', async () => {
    const s = await createUserAndLogin(t);
    await t.call('POST', '/api/v1/usage', { token: s.token, body: { feature: 'invisible-mode', description: 'Zoom call', quantity: 1 } });
    const [plan] = await queryRows<{ id: string }>(t.db, sql`select id from plans where code = 'stealth_month'`);
    const end = new Date(Date.now() + 20 * 86_400_000);
    const [sub] = await queryRows<{ id: string }>(
      t.db,
      sql`insert into subscriptions (user_id, plan_id, plan_code, plan_name, kind, status, current_start, current_end, amount_paise, interval)
          values (${s.user.id}, ${plan.id}, 'stealth_month', 'Stealth Month', 'subscription', 'active', now(), ${end}, 29900, 'month') returning id`,
    );
    await t.db.execute(sql`insert into payments (user_id, subscription_id, razorpay_payment_id, amount_paise, amount_paid_paise, status, buyer_name, buyer_email)
          values (${s.user.id}, ${sub.id}, ${`pay_${sub.id.slice(0, 8)}`}, 29900, 29900, 'captured', 'Test User', ${s.email})`);

    const res = await t.call('DELETE', '/api/v1/auth/account', { token: s.token, body: { password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(await findUser(t, s.email)).toBeUndefined();
    const left = await queryRows<{ n: number }>(
      t.db,
      sql`select (select count(*) from sessions where user_id = ${s.user.id}) + (select count(*) from usage_events where user_id = ${s.user.id}) + (select count(*) from profiles where id = ${s.user.id}) as n`,
    );
    expect(Number(left[0].n)).toBe(0);
    const [subAfter] = await queryRows<{ cancel_at_period_end: boolean; cancelled_at: Date | null; user_id: string | null }>(
      t.db,
      sql`select cancel_at_period_end, cancelled_at, user_id from subscriptions where id = ${sub.id}`,
    );
    expect(subAfter).toMatchObject({ cancel_at_period_end: true, user_id: null });
    expect(subAfter.cancelled_at).not.toBeNull();
    const [payment] = await queryRows<{ user_id: string | null; buyer_email: string; amount_paid_paise: number }>(
      t.db,
      sql`select user_id, buyer_email, amount_paid_paise from payments where subscription_id = ${sub.id}`,
    );
    expect(payment).toEqual({ user_id: null, buyer_email: s.email, amount_paid_paise: 29900 });

    // Its access token, still signed and unexpired, now says the account is closed (decision 187), on every signed-in
    // call; so does one that has expired, which would otherwise only send the program to a refresh that finds nothing.
    const after = await t.call('GET', '/api/v1/auth/me', { token: s.token });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ error: 'UNAUTHORIZED', code: 'ACCOUNT_CLOSED' });
    const entitlement = await t.call('GET', '/api/v1/entitlement', { token: s.token });
    expect(entitlement.json()).toMatchObject({ error: 'UNAUTHORIZED', code: 'ACCOUNT_CLOSED' });
    const expired = await t.call('GET', '/api/v1/entitlement', { token: await expiredToken(s.user.id) });
    expect(expired.json()).toMatchObject({ error: 'UNAUTHORIZED', code: 'ACCOUNT_CLOSED' });
    // An expired token of an account that exists is only expired.
    const other = await createUserAndLogin(t);
    expect((await t.call('GET', '/api/v1/entitlement', { token: await expiredToken(other.user.id) })).json()).toMatchObject({ code: 'TOKEN_EXPIRED' });
  });

  /** An access token of the site's own for `userId` that expired a minute ago. */
  async function expiredToken(userId: string) {
    const [secret] = await t.db.select().from(appSettings).where(eq(appSettings.key, 'jwt_secret'));
    return new SignJWT({ sid: crypto.randomUUID(), tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer('stealth-browser')
      .setAudience('stealth-browser-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(secret!.value));
  }
});

describe('one trial per address', () => {
  it('signing up again after deleting the account gives no second trial, and the memory holds no address', async () => {
    const email = await signupVerified();
    const first = await loginAs(t, email);
    expect((await t.call('GET', '/api/v1/auth/me', { token: first.token })).json().data.user.isOnTrial).toBe(true);
    expect((await t.call('DELETE', '/api/v1/auth/account', { token: first.token, body: { password: TEST_PASSWORD } })).statusCode).toBe(200);

    const grants = await queryRows<{ email_hash: string }>(t.db, sql`select email_hash from trial_grants`);
    const hash = t.app.ctx.trialKey(email);
    expect(grants.map((g) => g.email_hash)).toContain(hash);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    // A keyed hash: not the plain SHA-256 of the address, which anyone could compute from a list of addresses.
    expect(hash).not.toBe(createHash('sha256').update(email).digest('hex'));
    expect(JSON.stringify(grants)).not.toContain(email.split('@')[0]);

    // The same mailbox in another spelling (case, a root dot) is the same address.
    const again = await signup({ email: `${email.toUpperCase()}.` });
    expect(again.statusCode).toBe(201);
    expect(again.json().message).toBe('Registration successful! Please check your email to verify your account.');
    const verifyMail = await lastMailTo(t, email, 'verify-email');
    expect(verifyMail?.text).not.toContain('trial');
    const token = await tokenFromMail(t, email, 'verify-email');
    expect((await t.call('GET', `/api/v1/auth/verify-email/${token}`)).statusCode).toBe(200);
    const second = await loginAs(t, email);

    const user = (await t.call('GET', '/api/v1/auth/me', { token: second.token })).json().data.user;
    expect(user.isOnTrial).toBe(false);
    // The dashboard shows the spec's 'Trial ended' for a trial whose end has passed.
    expect(Date.parse(user.trialExpires)).toBeLessThanOrEqual(Date.now());
    expect((await t.call('GET', '/api/v1/users/dashboard', { token: second.token })).json().data.user.isOnTrial).toBe(false);
    const entitlement = (await t.call('GET', '/api/v1/entitlement', { token: second.token })).json().data.entitlement;
    expect(entitlement).toMatchObject({ entitled: false, plan: 'free', status: 'free', isOnTrial: false });
  });

  it('still gives a new address its trial', async () => {
    const email = await signupVerified();
    const s = await loginAs(t, email);
    const entitlement = (await t.call('GET', '/api/v1/entitlement', { token: s.token })).json().data.entitlement;
    expect(entitlement).toMatchObject({ entitled: true, plan: 'trial', status: 'trial', isOnTrial: true });
  });
});

describe('rate limits', () => {
  it('locks an account after repeated failed logins with a clear 429, and counts no successes', async () => {
    const { email } = await createUser(t);
    for (let i = 0; i < 5; i++) expect((await t.call('POST', '/api/v1/auth/login', { body: { email, password: TEST_PASSWORD } })).statusCode).toBe(200);
    for (let i = 0; i < 8; i++) expect((await t.call('POST', '/api/v1/auth/login', { body: { email, password: 'Wrong!pass1' } })).statusCode).toBe(401);
    const blocked = await t.call('POST', '/api/v1/auth/login', { body: { email: email.toUpperCase(), password: TEST_PASSWORD } });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ success: false, error: 'TOO_MANY_REQUESTS', message: 'Too many attempts. Please wait 15 minutes and try again.' });
    expect(blocked.json().retryAfterSeconds).toBeGreaterThan(800);
  });

  it('limits failed logins per IP address across accounts', async () => {
    const from = (i: number) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: `nobody${i}@example.com`, password: 'x' }, remoteAddress: '203.0.113.9' });
    for (let i = 0; i < 30; i++) expect((await from(i)).statusCode).toBe(401);
    const blocked = await from(99);
    expect(blocked.statusCode).toBe(429);
    // Another address is not affected.
    const other = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'nobody@example.com', password: 'x' }, remoteAddress: '203.0.113.10' });
    expect(other.statusCode).toBe(401);
  });

  it('limits forgot-password, resend and sign-up per account', async () => {
    const email = uniqueEmail('limit');
    for (let i = 0; i < 5; i++) expect((await t.call('POST', '/api/v1/auth/forgot-password', { body: { email } })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/v1/auth/forgot-password', { body: { email } })).statusCode).toBe(429);
    for (let i = 0; i < 5; i++) expect((await t.call('POST', '/api/v1/auth/resend-verification', { body: { email } })).statusCode).toBe(200);
    const resend = await t.call('POST', '/api/v1/auth/resend-verification', { body: { email } });
    expect(resend.statusCode).toBe(429);
    expect(resend.json().message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    const regEmail = uniqueEmail('reglimit');
    for (let i = 0; i < 5; i++) await signup({ email: regEmail });
    expect((await signup({ email: regEmail })).statusCode).toBe(429);
  });

  it('limits sign-ups and resets per IP address', async () => {
    const reg = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { firstName: 'Ip', lastName: 'Test', email: `ip${i}@x`, password: 'x', confirmPassword: 'x' },
        remoteAddress: '198.51.100.7',
      });
    for (let i = 0; i < 30; i++) expect((await reg(i)).statusCode).toBe(400);
    expect((await reg(31)).statusCode).toBe(429);
    const reset = () => t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', payload: { token: 'guess', password: NEW_PASSWORD }, remoteAddress: '198.51.100.8' });
    for (let i = 0; i < 20; i++) expect((await reset()).statusCode).toBe(400);
    expect((await reset()).statusCode).toBe(429);
  });
});

describe('bot check (Turnstile) when configured', () => {
  let bot: TestApp;
  beforeAll(async () => {
    bot = await createTestApp({ TURNSTILE_SITE_KEY: '1x00000000000000000000AA', TURNSTILE_SECRET_KEY: '1x0000000000000000000000000000000AA' });
  });
  afterAll(() => bot.close());
  const body = (over: Record<string, unknown> = {}) => ({
    firstName: 'Bot',
    lastName: 'Check',
    email: uniqueEmail('bot'),
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    ...over,
  });

  it('publishes the site key and requires a completed check', async () => {
    expect((await bot.call('GET', '/api/v1/auth/turnstile-config')).json().data).toEqual({ enabled: true, siteKey: '1x00000000000000000000AA' });
    const res = await bot.call('POST', '/api/v1/auth/register', { body: body() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please complete the security verification');
  });

  it('verifies the token with Cloudflare and reports its reason on refusal', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response(JSON.stringify({ success: false, 'error-codes': ['invalid-input-response'] })));
    const refused = await bot.call('POST', '/api/v1/auth/register', { body: body({ 'cf-turnstile-response': 'bad-token' }) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Turnstile verification failed: invalid-input-response');
    const [url, init] = fetchSpy.mock.calls[0];
    expect(String(url)).toBe('https://challenges.cloudflare.com/turnstile/v0/siteverify');
    const sent = new URLSearchParams(String((init as RequestInit).body));
    expect(sent.get('response')).toBe('bad-token');
    expect(sent.get('secret')).toBe('1x0000000000000000000000000000000AA');

    fetchSpy.mockResolvedValueOnce(new Response(JSON.stringify({ success: true })));
    const accepted = await bot.call('POST', '/api/v1/auth/register', { body: body({ 'cf-turnstile-response': 'good-token' }) });
    expect(accepted.statusCode).toBe(201);
  });
});

describe('the embedded mailbox', () => {
  it('lists the kept mail with its links, newest first, filtered by address', async () => {
    const email = uniqueEmail('mailbox');
    await signup({ email });
    const list = await t.call('GET', `/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`);
    const [first] = list.json().data.messages;
    expect(first).toMatchObject({ kind: 'verify-email', to: email, subject: 'Verify your email for Stealth Browser' });
    expect(first.links[0]).toMatch(/\/verify-email\?token=/);
    const one = await t.call('GET', `/api/v1/dev/mailbox/${first.id}`);
    expect(one.json().data.message.html).toContain('<html');
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, first.id));
    expect(row.status).toBe('pending');
  });

  it('is absent when SMTP is configured', async () => {
    const smtp = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      expect((await smtp.call('GET', '/api/v1/dev/mailbox')).statusCode).toBe(404);
    } finally {
      await smtp.close();
    }
  });
});

describe('users', () => {
  it('shows the dashboard with the user and recent usage reported by the desktop program', async () => {
    const s = await createUserAndLogin(t, { deviceType: 'desktop' });
    const bad = await t.call('POST', '/api/v1/usage', { token: s.token, body: { feature: '' } });
    expect(bad.json().message).toBe('Feature is required');
    expect((await t.call('POST', '/api/v1/usage', { body: { feature: 'x' } })).statusCode).toBe(401);
    for (let i = 1; i <= 12; i++) {
      const r = await t.call('POST', '/api/v1/usage', { token: s.token, body: { feature: 'ai-assist', description: `Prompt ${i}`, quantity: i } });
      expect(r.statusCode).toBe(201);
    }
    const res = await t.call('GET', '/api/v1/users/dashboard', { token: s.token });
    const data = res.json().data;
    expect(data.user).toMatchObject({ email: s.email, isOnTrial: true });
    expect(data.user.passwordHash).toBeUndefined();
    expect(data.recentUsage).toHaveLength(10);
    expect(data.recentUsage[0]).toMatchObject({ feature: 'ai-assist', description: 'Prompt 12', quantity: 12 });
    expect(typeof data.recentUsage[0].usageDate).toBe('string');
  });

  it('answers the dashboard only to a signed-in user', async () => {
    expect((await t.call('GET', '/api/v1/users/dashboard')).statusCode).toBe(401);
  });

  it('reports isOnTrial false once trialExpires has passed', async () => {
    const s = await createUserAndLogin(t);
    await t.db
      .update(users)
      .set({ trialExpires: new Date(Date.now() - 1000) })
      .where(eq(users.id, s.user.id));
    const res = await t.call('GET', '/api/v1/users/dashboard', { token: s.token });
    expect(res.json().data.user.isOnTrial).toBe(false);
  });
});
