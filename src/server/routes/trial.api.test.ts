import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages';
import { queryRows } from '../db/client';
import { emailTokens, users } from '../db/schema';
import { toPublicUser } from '../services/auth/public-user';
import { rememberTrial } from '../services/auth/trial-memory';
import { verifyEmail } from '../services/auth/verify-email';
import { entitlementOf } from '../services/billing/subscriptions/entitlement';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { lastMailTo, tokenFromMail } from '../test/mailbox';
import { findUser, loginAs, TEST_PASSWORD } from '../test/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
let n = 0;
const uniqueEmail = (name: string) => `${name}.${++n}.${Date.now()}@example.com`;

async function signup(email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { firstName: 'Asha', lastName: 'Verma', email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD },
    remoteAddress: `198.51.100.${n % 250}`,
  });
  expect(res.statusCode).toBe(201);
}

const grants = async () => (await queryRows<{ email_hash: string }>(t.db, sql`select email_hash from trial_grants`)).map((g) => g.email_hash);

describe(`the trial starts when the address is verified, on ${TEST_DB_KIND}`, () => {
  it('does not start at sign-up: no trial end, not on trial, nothing remembered, and the mail says it starts on verifying', async () => {
    const email = uniqueEmail('pending');
    await signup(email);
    const row = await findUser(t, email);
    expect(row.trialExpires).toBeNull();
    expect(toPublicUser(row)).toMatchObject({ isEmailVerified: false, isOnTrial: false, trialExpires: null });
    expect(await entitlementOf(t.db, row)).toMatchObject({ entitled: false, isOnTrial: false, trialExpires: null });
    expect(await grants()).not.toContain(t.app.ctx.trialKey(email));

    const mail = await lastMailTo(t, email, 'verify-email');
    expect(mail?.text).toContain('Your one-day free trial starts the moment you do');
    expect(mail?.text).not.toContain('sign in.');
  });

  it('starts at verification and lasts one day from then, however late the link is followed', async () => {
    const email = uniqueEmail('late');
    await signup(email);
    const token = await tokenFromMail(t, email, 'verify-email');
    const { createdAt } = await findUser(t, email);
    // The link followed 20 hours after sign-up: the whole day is still there.
    const verifiedAt = new Date(createdAt.getTime() + 20 * 3_600_000);
    expect(await verifyEmail(t.app.ctx, token, verifiedAt)).toEqual({ email, outcome: 'verified', trialStarted: true });

    const row = await findUser(t, email);
    expect(row.emailVerifiedAt).toEqual(verifiedAt);
    expect(row.trialExpires).toEqual(new Date(verifiedAt.getTime() + DAY));
    expect(toPublicUser(row, 'user', new Date(verifiedAt.getTime() + 23 * 3_600_000))).toMatchObject({ isOnTrial: true, trialExpires: row.trialExpires!.toISOString() });
    expect(toPublicUser(row, 'user', new Date(verifiedAt.getTime() + DAY))).toMatchObject({ isOnTrial: false });
    // The address's one trial is remembered when it starts.
    expect(await grants()).toContain(t.app.ctx.trialKey(email));
  });

  it('through the link: trialExpires is verifiedAt + 1 day, the answer says the trial started, and the account shows it', async () => {
    const email = uniqueEmail('link');
    await signup(email);
    const res = await t.call('GET', `/api/v1/auth/verify-email/${await tokenFromMail(t, email, 'verify-email')}`);
    expect(res.json()).toMatchObject({ error: false, data: { email, alreadyVerified: false, trialStarted: true }, message: MSG.emailVerifiedTrialStarted });
    const row = await findUser(t, email);
    expect(row.trialExpires!.getTime() - row.emailVerifiedAt!.getTime()).toBe(DAY);

    const me = (await t.call('GET', '/api/v1/auth/me', { token: (await loginAs(t, email)).token })).json().data.user;
    expect(me).toMatchObject({ isEmailVerified: true, isOnTrial: true, trialExpires: row.trialExpires!.toISOString() });
  });

  it('a second account on the same normalised address gets no second trial', async () => {
    const email = uniqueEmail('again');
    await signup(email);
    await t.call('GET', `/api/v1/auth/verify-email/${await tokenFromMail(t, email, 'verify-email')}`);
    const first = await loginAs(t, email);
    expect((await t.call('DELETE', '/api/v1/auth/account', { token: first.token, body: { password: TEST_PASSWORD } })).statusCode).toBe(200);

    await signup(` ${email.toUpperCase()}.`);
    expect((await lastMailTo(t, email, 'verify-email'))?.text).not.toContain('trial');
    const res = await t.call('GET', `/api/v1/auth/verify-email/${await tokenFromMail(t, email, 'verify-email')}`);
    expect(res.json()).toMatchObject({ error: false, message: MSG.emailVerified });
    const row = await findUser(t, email);
    // Over from the start: the dashboard shows 'Trial ended'.
    expect(row.trialExpires).toEqual(row.emailVerifiedAt);
    const me = (await t.call('GET', '/api/v1/auth/me', { token: (await loginAs(t, email)).token })).json().data.user;
    expect(me.isOnTrial).toBe(false);
  });

  it('verifying again grants nothing: the link clicked twice, or a password reset afterwards, leaves the trial as it was', async () => {
    const email = uniqueEmail('twice');
    await signup(email);
    const token = await tokenFromMail(t, email, 'verify-email');
    await t.call('GET', `/api/v1/auth/verify-email/${token}`);
    const ended = new Date(Date.now() - 1000);
    await t.db.update(users).set({ trialExpires: ended }).where(eq(users.email, email));

    expect((await t.call('GET', `/api/v1/auth/verify-email/${token}`)).json()).toMatchObject({ data: { alreadyVerified: true } });
    expect(await verifyEmail(t.app.ctx, token, new Date(Date.now() + DAY))).toEqual({ email, outcome: 'already-verified' });
    await t.call('POST', '/api/v1/auth/forgot-password', { body: { email } });
    await t.call('POST', '/api/v1/auth/reset-password', { body: { token: await tokenFromMail(t, email, 'password-reset'), password: 'N3w!Password' } });
    expect((await findUser(t, email)).trialExpires).toEqual(ended);
  });

  it('a password reset link proves the mailbox too: it verifies the account and starts the trial', async () => {
    const email = uniqueEmail('reset');
    await signup(email);
    await t.call('POST', '/api/v1/auth/forgot-password', { body: { email } });
    await t.call('POST', '/api/v1/auth/reset-password', { body: { token: await tokenFromMail(t, email, 'password-reset'), password: 'N3w!Password' } });
    const row = await findUser(t, email);
    expect(row.isEmailVerified).toBe(true);
    expect(row.trialExpires!.getTime() - row.emailVerifiedAt!.getTime()).toBe(DAY);
    expect(await grants()).toContain(t.app.ctx.trialKey(email));
  });

  it('an account made when the trial started at sign-up keeps its grant, and gets its day from verification', async () => {
    const email = uniqueEmail('legacy');
    await signup(email);
    const { createdAt } = await findUser(t, email);
    // As sign-up left it before: a trial from creation, and the address remembered.
    await t.db
      .update(users)
      .set({ trialExpires: new Date(createdAt.getTime() + DAY) })
      .where(eq(users.email, email));
    await rememberTrial(t.db, t.app.ctx.trialKey(email));
    expect(toPublicUser(await findUser(t, email))).toMatchObject({ isOnTrial: false, trialExpires: null });

    const verifiedAt = new Date(createdAt.getTime() + 30 * 3_600_000);
    await verifyEmail(t.app.ctx, await tokenFromMail(t, email, 'verify-email'), verifiedAt);
    expect((await findUser(t, email)).trialExpires).toEqual(new Date(verifiedAt.getTime() + DAY));
  });
});

describe('a verification link of an account verified already', () => {
  it('answers "already verified", used or expired, and fails for an unverified account or an unknown link', async () => {
    const email = uniqueEmail('already');
    await signup(email);
    const token = await tokenFromMail(t, email, 'verify-email');
    // A used link of an account not verified still fails.
    await t.call('POST', '/api/v1/auth/resend-verification', { body: { email } });
    const { id: userId } = await findUser(t, email);
    await t.db.update(emailTokens).set({ usedAt: new Date() }).where(eq(emailTokens.userId, userId));
    const used = await t.call('GET', `/api/v1/auth/verify-email/${token}`);
    expect(used.statusCode).toBe(400);
    expect(used.json().message).toBe(MSG.emailVerificationFailed);

    // Verified with a newer link: the older, used one now says so, and so does it once expired.
    await t.call('POST', '/api/v1/auth/resend-verification', { body: { email } });
    const newer = await tokenFromMail(t, email, 'verify-email');
    expect((await t.call('GET', `/api/v1/auth/verify-email/${newer}`)).statusCode).toBe(200);
    const { id } = await findUser(t, email);
    await t.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, id));
    for (const link of [token, newer]) {
      const res = await t.call('GET', `/api/v1/auth/verify-email/${link}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        error: false,
        data: { email, alreadyVerified: true, trialStarted: false },
        message: 'Your email is already verified. You can sign in.',
      });
    }

    const unknown = await t.call('GET', '/api/v1/auth/verify-email/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(MSG.emailVerificationFailed);
  });

  it('is not answered for a reset link: a token of another purpose stays unknown here', async () => {
    const email = uniqueEmail('purpose');
    await signup(email);
    await t.call('GET', `/api/v1/auth/verify-email/${await tokenFromMail(t, email, 'verify-email')}`);
    await t.call('POST', '/api/v1/auth/forgot-password', { body: { email } });
    const res = await t.call('GET', `/api/v1/auth/verify-email/${await tokenFromMail(t, email, 'password-reset')}`);
    expect(res.statusCode).toBe(400);
  });
});

describe('one trial per mailbox: sub-addresses and Gmail spellings of an address that had its trial get none (decision 100)', () => {
  /** Signs up and verifies through the link; answers the verification message and the account as /auth/me shows it. */
  async function signUpAndVerify(email: string) {
    await signup(email);
    const stored = (await findUser(t, email.trim().toLowerCase())).email;
    const verified = (await t.call('GET', `/api/v1/auth/verify-email/${await tokenFromMail(t, stored, 'verify-email')}`)).json();
    const me = (await t.call('GET', '/api/v1/auth/me', { token: (await loginAs(t, stored)).token })).json().data.user;
    return { stored, message: verified.message as string, me, row: await findUser(t, stored) };
  }

  it('x+2@gmail.com, x.y@gmail.com and x@googlemail.com each sign in with their own address and get "Trial ended"', async () => {
    const id = `${++n}${Date.now()}`;
    const first = await signUpAndVerify(`asha.verma${id}@gmail.com`);
    expect(first.message).toBe(MSG.emailVerifiedTrialStarted);
    expect(first.me.isOnTrial).toBe(true);

    for (const variant of [`ashaverma${id}+2@gmail.com`, `a.s.h.a.verma${id}@gmail.com`, `asha.verma${id}@googlemail.com`, `Asha.Verma${id}+promo@GoogleMail.com`]) {
      const again = await signUpAndVerify(variant);
      // The sign-in address is the one typed (in its normal form), not the mailbox behind it.
      expect(again.stored).toBe(variant.toLowerCase());
      expect(again.message, variant).toBe(MSG.emailVerified);
      // Over from the start: the dashboard's countdown shows 'Trial ended'.
      expect(again.row.trialExpires, variant).toEqual(again.row.emailVerifiedAt);
      expect(again.me, variant).toMatchObject({ isOnTrial: false, trialExpires: again.row.emailVerifiedAt!.toISOString() });
    }
  });

  it('a +tag is dropped at every domain, dots only at Gmail: s.am@example.com is another mailbox', async () => {
    const id = `${++n}${Date.now()}`;
    expect((await signUpAndVerify(`sam${id}@example.com`)).me.isOnTrial).toBe(true);
    expect((await signUpAndVerify(`sam${id}+trial@example.com`)).me.isOnTrial).toBe(false);
    expect((await signUpAndVerify(`s.am${id}@example.com`)).me.isOnTrial).toBe(true);
  });

  it('a trial remembered before under the address as typed (with its tag) still counts', async () => {
    const email = `lee.ng${++n}${Date.now()}+old@gmail.com`;
    const [mailboxKey, typedKey] = t.app.ctx.trialKey.all(email);
    expect(mailboxKey).toBe(t.app.ctx.trialKey(`leeng${email.slice(6)}`.replace('+old', '')));
    await rememberTrial(t.db, typedKey);
    expect((await signUpAndVerify(email)).me.isOnTrial).toBe(false);
  });
});
