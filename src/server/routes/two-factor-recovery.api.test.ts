import { and, count, desc, eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR } from '#shared/constants';
import type { SecurityEventKind } from '#shared/security-log';
import { adminAuditLog, outbox, passkeys, recoveryCodes, securityEvents, sessions, signInChallenges, totpFactors, twoFactorRecoveries, users } from '../db/schema';
import { completeRecovery, mailReadyRecoveries } from '../services/auth/two-factor-recovery';
import { softAuthenticator } from '../test/authenticator';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { lastMailTo, tokenFromMail } from '../test/mailbox';
import { createUser, createUserAndLogin, TEST_PASSWORD } from '../test/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const WAIT = TWO_FACTOR.recoveryWaitHours * HOUR;
let address = 0;
const from = () => `10.81.${(++address >> 8) & 255}.${address & 255}`;
const codeAt = (secret: string, steps = 0) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * TWO_FACTOR.periodSeconds });

/** A customer with two-step verification on: a signed-in session (the one that turned it on), the secret, the codes. */
async function enrolled() {
  const u = await createUserAndLogin(t);
  const { secret } = (await t.call('POST', '/api/v1/auth/two-factor/setup', { token: u.token })).json().data as { secret: string };
  const confirmed = await t.call('POST', '/api/v1/auth/two-factor/confirm', { token: u.token, body: { code: codeAt(secret) } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { ...u, secret, codes: confirmed.json().data.recoveryCodes as string[] };
}

/** The password step of a sign-in: its challenge for the second step. */
async function challengeOf(email: string, password = TEST_PASSWORD): Promise<string> {
  const res = await t.call('POST', '/api/v1/auth/login', { body: { email, password, deviceType: 'web' }, remoteAddress: from() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.secondFactor.challenge as string;
}

const ask = (challenge: unknown) => t.call('POST', '/api/v1/auth/two-factor/recovery', { body: { challenge }, remoteAddress: from() });
const cancel = (token: string) => t.call('POST', '/api/v1/auth/two-factor/recovery/cancel', { body: { token }, remoteAddress: from() });
const complete = (token: string) => t.call('POST', '/api/v1/auth/two-factor/recovery/complete', { body: { token }, remoteAddress: from() });
const status = (token: string) => t.call('GET', '/api/v1/auth/two-factor/recovery', { token });

const recoveriesOf = (userId: string) => t.db.select().from(twoFactorRecoveries).where(eq(twoFactorRecoveries.userId, userId)).orderBy(desc(twoFactorRecoveries.createdAt));
const mailsOf = async (to: string, kind: string) =>
  (
    await t.db
      .select({ n: count() })
      .from(outbox)
      .where(and(eq(outbox.toAddress, to), eq(outbox.kind, kind)))
  )[0]!.n;
const eventsOf = (userId: string, kind: SecurityEventKind) =>
  t.db
    .select({ detail: securityEvents.detail })
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, userId), eq(securityEvents.kind, kind)));
const factorOf = async (userId: string) => ({
  totp: (await t.db.select().from(totpFactors).where(eq(totpFactors.userId, userId))).length,
  codes: (await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId))).length,
});

/** Asks for recovery with a fresh challenge; the answer, the moment it was asked, and the cancel link's token. */
async function requested(email: string) {
  const before = Date.now();
  const res = await ask(await challengeOf(email));
  expect(res.statusCode, res.body).toBe(200);
  return { res, before, cancelToken: await tokenFromMail(t, email, 'two-factor-recovery-requested') };
}

/** Runs the job as it would run `hours` after now: the finishing link's token when it mailed one. */
async function readyAfter(email: string, hours: number) {
  const at = new Date(Date.now() + hours * HOUR);
  const done = await mailReadyRecoveries(t.app.ctx, at);
  return { at, done, token: done.mailed ? await tokenFromMail(t, email, 'two-factor-recovery-ready') : null };
}

describe(`recovering two-step verification by e-mail on ${TEST_DB_KIND}`, () => {
  it('needs the challenge of a password step just passed: a made-up, used or expired one starts nothing', async () => {
    const u = await enrolled();
    for (const challenge of ['not-a-challenge', '', 42]) expect((await ask(challenge)).statusCode, String(challenge)).toBe(400);
    expect((await ask('not-a-challenge')).json()).toMatchObject({ code: 'TWO_FACTOR_CHALLENGE_EXPIRED' });
    // A challenge a sign-in spent.
    const spent = await challengeOf(u.email);
    const signedIn = await t.call('POST', '/api/v1/auth/login/second-factor', { body: { challenge: spent, code: codeAt(u.secret, 1) }, remoteAddress: from() });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await ask(spent)).json()).toMatchObject({ code: 'TWO_FACTOR_CHALLENGE_EXPIRED' });
    // One past its minutes.
    const old = await challengeOf(u.email);
    await t.db
      .update(signInChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInChallenges.userId, u.user.id));
    expect((await ask(old)).json()).toMatchObject({ code: 'TWO_FACTOR_CHALLENGE_EXPIRED' });
    // A wrong password gives no challenge at all.
    expect((await t.call('POST', '/api/v1/auth/login', { body: { email: u.email, password: 'Wrong!Passw0rd1', deviceType: 'web' }, remoteAddress: from() })).statusCode).toBe(401);
    expect(await recoveriesOf(u.user.id)).toEqual([]);
    expect(await mailsOf(u.email, 'two-factor-recovery-requested')).toBe(0);
  });

  it('mails the account at once with a cancel link, shows every signed-in session, and takes the challenge', async () => {
    const u = await enrolled();
    const challenge = await challengeOf(u.email);
    const before = Date.now();
    const res = await ask(challenge);
    expect(res.statusCode, res.body).toBe(200);
    const { readyAt, alreadyRequested } = res.json().data as { readyAt: string; alreadyRequested: boolean };
    expect(alreadyRequested).toBe(false);
    expect(Date.parse(readyAt) - before).toBeGreaterThanOrEqual(WAIT - 1000);
    expect(Date.parse(readyAt) - Date.now()).toBeLessThanOrEqual(WAIT);

    const mail = await lastMailTo(t, u.email, 'two-factor-recovery-requested');
    expect(mail!.subject).toBe('Someone asked to turn off two-step verification on your Stealth Browser account');
    expect(mail!.text).toContain('For your safety, nothing happens for 72 hours.');
    expect(mail!.text).toContain('If you still have your authenticator app, a recovery code or a passkey, simply sign in with it: that cancels this request.');
    expect(mail!.text).toMatch(/\/cancel-two-step-recovery\?token=[^\s&]+&lang=en/);
    expect(await eventsOf(u.user.id, 'recovery-requested')).toHaveLength(1);
    // The challenge went with it: it opens no session now.
    const second = await t.call('POST', '/api/v1/auth/login/second-factor', { body: { challenge, code: codeAt(u.secret, 1) }, remoteAddress: from() });
    expect(second.json()).toMatchObject({ code: 'TWO_FACTOR_CHALLENGE_EXPIRED' });

    // The session signed in before sees it (the dashboard's and Settings' notice).
    const seen = (await status(u.token)).json().data.recovery;
    expect(seen).toMatchObject({ readyAt, browser: expect.any(String), os: expect.any(String), place: expect.any(String) });
    // Asked again: the same recovery goes on, and no second mail.
    const again = await ask(await challengeOf(u.email));
    expect(again.json().data).toEqual({ readyAt, alreadyRequested: true });
    expect(await mailsOf(u.email, 'two-factor-recovery-requested')).toBe(1);
    expect(await recoveriesOf(u.user.id)).toHaveLength(1);
    // Nothing of the factors changed yet.
    expect(await factorOf(u.user.id)).toEqual({ totp: 1, codes: 10 });
  });

  it('cannot be finished before the wait is over; after it, the link mailed then turns two-step verification off and ends every session', async () => {
    const u = await enrolled();
    const [before] = await t.db.select().from(users).where(eq(users.id, u.user.id));
    await t.db.insert(passkeys).values({ userId: u.user.id, credentialId: `cred-${u.user.id}`, publicKey: 'AAAA', deviceType: 'multiDevice', name: 'Phone' });
    const { cancelToken } = await requested(u.email);

    // One minute early the job mails nothing; the cancel link finishes nothing.
    expect((await readyAfter(u.email, TWO_FACTOR.recoveryWaitHours - 1 / 60)).done.mailed).toBe(0);
    expect(await mailsOf(u.email, 'two-factor-recovery-ready')).toBe(0);
    expect((await complete(cancelToken)).json()).toMatchObject({ code: 'INVALID_RECOVERY_LINK' });

    const { at, token } = await readyAfter(u.email, TWO_FACTOR.recoveryWaitHours + 1 / 60);
    expect(token).toBeTruthy();
    const ready = await lastMailTo(t, u.email, 'two-factor-recovery-ready');
    expect(ready!.subject).toBe('You can now turn off two-step verification on Stealth Browser');
    expect(ready!.text).toMatch(/\/finish-two-step-recovery\?token=/);
    // Each recovery's link goes out once, whichever instance runs the job.
    expect((await mailReadyRecoveries(t.app.ctx, new Date(at.getTime() + 60_000))).mailed).toBe(0);

    // The clock of this server has not reached the end of the wait: refused, nothing changed.
    const early = await complete(token!);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ code: 'RECOVERY_NOT_READY' });
    await expect(completeRecovery(t.app.ctx, token!, {}, new Date(at.getTime() - 2 * 60_000))).rejects.toMatchObject({ code: 'RECOVERY_NOT_READY' });
    expect(await factorOf(u.user.id)).toEqual({ totp: 1, codes: 10 });
    expect((await status(u.token)).statusCode).toBe(200);

    await completeRecovery(t.app.ctx, token!, {}, at);
    // Called here with the clock moved on, not through the route: its write forgets the kept session checks, as the route's would.
    t.app.ctx.readCache.forget();
    expect(await factorOf(u.user.id)).toEqual({ totp: 0, codes: 0 });
    // Passkeys and the password stay.
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, u.user.id))).toHaveLength(1);
    expect((await t.db.select().from(users).where(eq(users.id, u.user.id)))[0]!.passwordHash).toBe(before!.passwordHash);
    // Every session ended.
    expect((await status(u.token)).statusCode).toBe(401);
    const live = await t.db.select().from(sessions).where(eq(sessions.userId, u.user.id));
    expect(live.every((s) => s.revokedReason === 'two_factor_recovered')).toBe(true);
    expect(await eventsOf(u.user.id, 'recovery-completed')).toHaveLength(1);
    const done = await lastMailTo(t, u.email, 'two-factor-recovery-completed');
    expect(done!.subject).toBe('Two-step verification is off on your Stealth Browser account');
    expect(done!.text).toContain('set up two-step verification again under Settings, Security.');
    expect(done!.text).toContain('/settings?tab=security&lang=en');

    // Both links are dead now; the password alone signs in.
    expect((await complete(token!)).json()).toMatchObject({ code: 'INVALID_RECOVERY_LINK' });
    expect((await cancel(cancelToken)).json()).toMatchObject({ code: 'INVALID_RECOVERY_LINK' });
    const signIn = await t.call('POST', '/api/v1/auth/login', { body: { email: u.email, password: TEST_PASSWORD, deviceType: 'web' }, remoteAddress: from() });
    expect(signIn.json().data).toHaveProperty('token');
    expect((await status(signIn.json().data.token)).json().data).toEqual({ recovery: null });
  });

  it('the cancel link stops it (two-step verification stays on) and is dead after; the finishing link is never mailed', async () => {
    const u = await enrolled();
    const { cancelToken } = await requested(u.email);
    const res = await cancel(cancelToken);
    expect(res.statusCode, res.body).toBe(200);
    expect((await status(u.token)).json().data).toEqual({ recovery: null });
    expect((await recoveriesOf(u.user.id))[0]).toMatchObject({ cancelReason: 'link', completedAt: null });
    expect(await eventsOf(u.user.id, 'recovery-cancelled')).toEqual([{ detail: 'link' }]);
    const mail = await lastMailTo(t, u.email, 'two-factor-recovery-cancelled');
    expect(mail!.text).toContain('was cancelled with its link. Two-step verification stays on.');
    expect((await cancel(cancelToken)).json()).toMatchObject({ code: 'INVALID_RECOVERY_LINK' });
    expect((await readyAfter(u.email, TWO_FACTOR.recoveryWaitHours + 1)).done.mailed).toBe(0);
    expect(await factorOf(u.user.id)).toEqual({ totp: 1, codes: 10 });
    // A new request may start once this one is over.
    expect((await ask(await challengeOf(u.email))).json().data.alreadyRequested).toBe(false);
  });

  it("the finishing link's page may cancel it too", async () => {
    const u = await enrolled();
    await requested(u.email);
    const { token } = await readyAfter(u.email, TWO_FACTOR.recoveryWaitHours + 1 / 60);
    expect((await cancel(token!)).statusCode).toBe(200);
    await expect(completeRecovery(t.app.ctx, token!, {}, new Date(Date.now() + WAIT + HOUR))).rejects.toMatchObject({ code: 'INVALID_RECOVERY_LINK' });
    expect(await factorOf(u.user.id)).toEqual({ totp: 1, codes: 10 });
  });

  it('a sign-in with a code, or with a recovery code, during the wait cancels it: the owner still has a factor', async () => {
    for (const how of ['code', 'recoveryCode'] as const) {
      const u = await enrolled();
      await requested(u.email);
      const body = how === 'code' ? { code: codeAt(u.secret, 1) } : { recoveryCode: u.codes[0] };
      const signed = await t.call('POST', '/api/v1/auth/login/second-factor', { body: { challenge: await challengeOf(u.email), ...body }, remoteAddress: from() });
      expect(signed.statusCode, signed.body).toBe(200);
      expect((await recoveriesOf(u.user.id))[0], how).toMatchObject({ cancelReason: 'signed-in' });
      expect((await status(signed.json().data.token)).json().data).toEqual({ recovery: null });
      expect((await lastMailTo(t, u.email, 'two-factor-recovery-cancelled'))!.text).toContain(
        'because someone signed in with your authenticator app, a recovery code or a passkey',
      );
      expect((await readyAfter(u.email, TWO_FACTOR.recoveryWaitHours + 1)).done.mailed).toBe(0);
    }
  });

  it('so does a sign-in with a passkey that verified its user', async () => {
    const u = await enrolled();
    const url = new URL(t.config.publicUrl);
    const authenticator = softAuthenticator({ origin: url.origin, rpId: url.hostname });
    const options = (await t.call('POST', '/api/v1/auth/passkeys/registration-options', { token: u.token })).json().data.options;
    const made = authenticator.create(options);
    expect((await t.call('POST', '/api/v1/auth/passkeys', { token: u.token, body: { name: 'Pixel 9', response: made.response } })).statusCode).toBe(201);
    await requested(u.email);
    const signInOptions = (await t.call('POST', '/api/v1/auth/passkeys/sign-in-options')).json().data.options;
    const signed = await t.call('POST', '/api/v1/auth/passkeys/sign-in', { body: { response: authenticator.get(made.passkey, signInOptions) } });
    expect(signed.json().data).toHaveProperty('token');
    expect((await recoveriesOf(u.user.id))[0]).toMatchObject({ cancelReason: 'signed-in' });
  });

  it('a signed-in session cancels it from its notice; another account can neither see nor touch it', async () => {
    const u = await enrolled();
    const other = await enrolled();
    const { cancelToken } = await requested(u.email);
    const { cancelToken: othersToken } = await requested(other.email);
    // The other account's session sees only its own, and its "cancel" cancels only its own.
    expect((await status(other.token)).json().data.recovery).not.toBeNull();
    const theirs = await t.call('DELETE', '/api/v1/auth/two-factor/recovery', { token: other.token, body: { userId: u.user.id } });
    expect(theirs.json().data).toEqual({ recovery: null });
    expect((await recoveriesOf(u.user.id))[0]).toMatchObject({ cancelledAt: null });
    // Made-up tokens and a cancel link used to finish do nothing; the other account's link is its own.
    for (const token of ['guessed-token', cancelToken, othersToken]) expect((await complete(token)).json(), token).toMatchObject({ code: 'INVALID_RECOVERY_LINK' });
    expect((await cancel('guessed-token')).statusCode).toBe(400);
    expect((await cancel(othersToken)).json()).toMatchObject({ code: 'INVALID_RECOVERY_LINK' });
    expect((await recoveriesOf(u.user.id))[0]).toMatchObject({ cancelledAt: null });

    const mine = await t.call('DELETE', '/api/v1/auth/two-factor/recovery', { token: u.token });
    expect(mine.statusCode).toBe(200);
    expect((await recoveriesOf(u.user.id))[0]).toMatchObject({ cancelReason: 'session' });
    expect(await factorOf(u.user.id)).toEqual({ totp: 1, codes: 10 });
  });

  it('a password changed during the wait voids it; turning two-step verification off ends it', async () => {
    const u = await enrolled();
    await requested(u.email);
    expect((await t.call('POST', '/api/v1/auth/forgot-password', { body: { email: u.email }, remoteAddress: from() })).statusCode).toBe(200);
    const reset = await tokenFromMail(t, u.email, 'password-reset');
    const chosen = 'An0ther!Passw0rd-9';
    expect((await t.call('POST', '/api/v1/auth/reset-password', { body: { token: reset, password: chosen, confirmPassword: chosen }, remoteAddress: from() })).statusCode).toBe(
      200,
    );
    const { done } = await readyAfter(u.email, TWO_FACTOR.recoveryWaitHours + 1 / 60);
    expect(done.mailed).toBe(0);
    expect((await recoveriesOf(u.user.id))[0]).toMatchObject({ cancelReason: 'password-changed' });

    const v = await enrolled();
    await requested(v.email);
    expect((await t.call('DELETE', '/api/v1/auth/two-factor', { token: v.token })).statusCode).toBe(200);
    expect((await recoveriesOf(v.user.id))[0]).toMatchObject({ cancelReason: 'two-factor-off' });
  });

  it('two requests at once make one recovery and one mail; two runs of the job at once mail its link once', async () => {
    const u = await enrolled();
    const [a, b] = await Promise.all([ask(await challengeOf(u.email)), ask(await challengeOf(u.email))].map(async (r) => (await r).json().data));
    expect([a.alreadyRequested, b.alreadyRequested].sort()).toEqual([false, true]);
    expect(await recoveriesOf(u.user.id)).toHaveLength(1);
    expect(await mailsOf(u.email, 'two-factor-recovery-requested')).toBe(1);
    const at = new Date(Date.now() + WAIT + 60_000);
    await Promise.all([mailReadyRecoveries(t.app.ctx, at), mailReadyRecoveries(t.app.ctx, at)]);
    expect(await mailsOf(u.email, 'two-factor-recovery-ready')).toBe(1);
  });

  it('an account may ask three times a day', async () => {
    const u = await enrolled();
    for (let i = 0; i < 3; i++) expect((await ask(await challengeOf(u.email))).statusCode).toBe(200);
    const fourth = await ask(await challengeOf(u.email));
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ error: 'TOO_MANY_REQUESTS', retryAfterSeconds: expect.any(Number) });
    expect(await mailsOf(u.email, 'two-factor-recovery-requested')).toBe(1);
  });

  it("an admin's recovery leaves no admin action open: the admin area asks for a new authenticator first (decision 193)", async () => {
    const admin = await createUser(t, { role: 'admin' });
    await requested(admin.email);
    const { at, token } = await readyAfter(admin.email, TWO_FACTOR.recoveryWaitHours + 1 / 60);
    await completeRecovery(t.app.ctx, token!, {}, at);
    const signIn = await t.call('POST', '/api/v1/auth/login', { body: { email: admin.email, password: TEST_PASSWORD, deviceType: 'web' }, remoteAddress: from() });
    const session = signIn.json().data.token as string;
    const refused = await t.call('GET', '/api/v1/admin/users', { token: session });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ADMIN_TWO_FACTOR_REQUIRED' });
    expect((await t.call('GET', '/api/v1/auth/two-factor', { token: session })).json().data).toMatchObject({ enabled: false, required: true, sessionVerified: false });
    // Enrolling again from that session opens the admin area.
    const { secret } = (await t.call('POST', '/api/v1/auth/two-factor/setup', { token: session })).json().data as { secret: string };
    expect((await t.call('POST', '/api/v1/auth/two-factor/confirm', { token: session, body: { code: codeAt(secret) } })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/v1/admin/users', { token: session })).statusCode).toBe(200);
  });
});

describe(`an admin resets a customer's two-step verification on ${TEST_DB_KIND}`, () => {
  let admin: Awaited<ReturnType<typeof createUserAndLogin>>;
  beforeAll(async () => {
    admin = await createUserAndLogin(t, { role: 'admin' });
  });
  const reset = (id: string, body: unknown, token = admin.token) => t.call('POST', `/api/v1/admin/users/${id}/reset-two-factor`, { token, body });
  const auditOf = (userId: string) => t.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, userId));

  it("needs an admin, a reason and a fresh step-up; refuses the admin's own account and an account without it; changes nothing then", async () => {
    const c = await enrolled();
    const customer = await createUserAndLogin(t);
    expect((await reset(c.user.id, { reason: 'Lost phone, identity checked' }, customer.token)).json()).toMatchObject({ error: 'FORBIDDEN', code: 'ADMIN_ONLY' });
    expect((await reset(c.user.id, { reason: 'Lost phone' }, c.token)).json()).toMatchObject({ code: 'ADMIN_ONLY' });
    expect((await t.call('POST', `/api/v1/admin/users/${c.user.id}/reset-two-factor`, { body: { reason: 'x' } })).statusCode).toBe(401);
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) expect((await reset(c.user.id, body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await reset(c.user.id, {})).json().message).toBe('Please give a reason: it is kept in the audit log');
    expect((await reset(admin.user.id, { reason: 'Testing' })).json()).toMatchObject({ code: 'OWN_TWO_FACTOR_RESET' });
    expect((await reset(customer.user.id, { reason: 'Testing' })).json()).toMatchObject({ code: 'TWO_FACTOR_NOT_ON' });
    expect((await reset('00000000-0000-4000-8000-000000000000', { reason: 'Testing' })).json()).toMatchObject({ code: 'CUSTOMER_NOT_FOUND' });

    const stale = await createUserAndLogin(t, { role: 'admin' });
    await t.db
      .update(sessions)
      .set({ stepUpUntil: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, stale.user.id));
    expect((await reset(c.user.id, { reason: 'Lost phone' }, stale.token)).json()).toMatchObject({ code: 'STEP_UP_REQUIRED' });

    expect(await factorOf(c.user.id)).toEqual({ totp: 1, codes: 10 });
    expect(await auditOf(c.user.id)).toEqual([]);
    expect(await mailsOf(c.email, 'two-factor-reset-by-admin')).toBe(0);
    expect((await status(c.token)).statusCode).toBe(200);
  });

  it("turns it off, ends the customer's sessions and recovery, mails them, logs both sides in one go, and never touches the password", async () => {
    const c = await enrolled();
    await requested(c.email);
    const [before] = await t.db.select().from(users).where(eq(users.id, c.user.id));
    const res = await reset(c.user.id, { reason: 'Lost phone and codes; identity checked on a call' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Two-step verification was reset; the customer was told by email');
    const data = res.json().data;
    expect(data.customer.security).toEqual({ twoFactor: false, twoFactorSince: null, passkeys: 0, recovery: null });
    // Nothing of the factors or the password in the answer.
    expect(res.body).not.toMatch(/password|secret|sealed|hmac/i);
    expect(data.audit).toMatchObject({
      action: 'user.reset_two_factor',
      reason: 'Lost phone and codes; identity checked on a call',
      admin: { email: admin.email },
      details: { twoFactorBefore: 'on', twoFactorAfter: 'off', recoveryCodesBefore: 10, recoveryCodesAfter: 0, sessionsEnded: 1, emailRecoveryCancelled: true },
    });

    expect(await factorOf(c.user.id)).toEqual({ totp: 0, codes: 0 });
    const [after] = await t.db.select().from(users).where(eq(users.id, c.user.id));
    expect(after!.passwordHash).toBe(before!.passwordHash);
    expect(after!.tokenVersion).toBe(before!.tokenVersion);
    const me = await t.call('GET', '/api/v1/auth/me', { token: c.token });
    expect(me.statusCode).toBe(401);
    expect(me.json().message).toBe('Your sessions were ended by our support team. Please log in again.');
    expect((await recoveriesOf(c.user.id))[0]).toMatchObject({ cancelReason: 'admin-reset' });
    expect(await eventsOf(c.user.id, 'two-factor-reset-by-admin')).toEqual([{ detail: 'support' }]);
    const mail = await lastMailTo(t, c.email, 'two-factor-reset-by-admin');
    expect(mail!.subject).toBe('Two-step verification was turned off on your Stealth Browser account');
    expect(mail!.text).toContain('Your password did not change');
    expect(mail!.text).not.toContain(admin.email);
    expect(await auditOf(c.user.id)).toHaveLength(1);
    // The customer signs in with the password alone, and may turn it on again.
    const signIn = await t.call('POST', '/api/v1/auth/login', { body: { email: c.email, password: TEST_PASSWORD, deviceType: 'web' }, remoteAddress: from() });
    expect(signIn.json().data).toHaveProperty('token');
    // Done once: a second reset finds nothing to reset.
    expect((await reset(c.user.id, { reason: 'Again' })).json()).toMatchObject({ code: 'TWO_FACTOR_NOT_ON' });
  });

  it("writes the customer's mail in their language", async () => {
    const c = await enrolled();
    await t.db.update(users).set({ language: 'hi' }).where(eq(users.id, c.user.id));
    expect((await reset(c.user.id, { reason: 'Lost phone' })).statusCode).toBe(200);
    expect((await lastMailTo(t, c.email, 'two-factor-reset-by-admin'))!.subject).toBe('आपके Stealth Browser खाते पर दो-चरणीय सत्यापन बंद कर दिया गया');
  });
});
