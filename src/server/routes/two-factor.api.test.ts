import { and, eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR } from '#shared/constants';
import { outbox, recoveryCodes, sessions, signInChallenges, subscriptions, totpFactors } from '../db/schema';
import { createSealer } from '../lib/sealed';
import { spendTotpCode } from '../services/auth/two-factor';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { createUser, createUserAndLogin, loginAs, TEST_PASSWORD } from '../test/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let address = 0;
const from = () => `10.77.${(++address >> 8) & 255}.${address & 255}`;
const now = () => Math.floor(Date.now() / 1000);
/** The authenticator's code `steps` time steps from now. */
const codeAt = (secret: string, steps = 0) => generateSync({ secret, epoch: now() + steps * TWO_FACTOR.periodSeconds });

const login = (email: string, deviceType: 'web' | 'desktop' = 'web', password = TEST_PASSWORD) =>
  t.call('POST', '/api/v1/auth/login', { body: { email, password, deviceType }, remoteAddress: from() });
const second = (body: Record<string, unknown>) => t.call('POST', '/api/v1/auth/login/second-factor', { body, remoteAddress: from() });

/** A customer who turned two-step verification on: the secret their app holds and the ten recovery codes. */
async function enrolled() {
  const u = await createUserAndLogin(t);
  const setup = await t.call('POST', '/api/v1/auth/two-factor/setup', { token: u.token });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, otpauthUri, qrSvg } = setup.json().data as { secret: string; otpauthUri: string; qrSvg: string };
  const confirmed = await t.call('POST', '/api/v1/auth/two-factor/confirm', { token: u.token, body: { code: codeAt(secret) } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { ...u, secret, otpauthUri, qrSvg, codes: confirmed.json().data.recoveryCodes as string[] };
}

async function challengeOf(email: string) {
  const res = await login(email);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  expect(data).not.toHaveProperty('token');
  return data.secondFactor.challenge as string;
}

describe(`two-step verification on ${TEST_DB_KIND}`, () => {
  it('enrols with a QR code drawn here and a code; the secret is sealed, the ten recovery codes kept only as hashes', async () => {
    const u = await enrolled();
    expect(u.otpauthUri).toMatch(new RegExp(`^otpauth://totp/Stealth%20Browser:${encodeURIComponent(u.email)}\\?`));
    expect(u.otpauthUri).toContain(`secret=${u.secret}`);
    expect(u.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(u.codes).toHaveLength(10);
    for (const code of u.codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(new Set(u.codes).size).toBe(10);

    const [factor] = await t.db.select().from(totpFactors).where(eq(totpFactors.userId, u.user.id));
    expect(factor!.confirmedAt).not.toBeNull();
    expect(factor!.secretSealed).not.toContain(u.secret);
    expect(t.app.ctx.twoFactor.sealer.open(factor!.secretSealed)).toBe(u.secret);
    // Another key opens nothing.
    expect(() => createSealer(Buffer.alloc(32, 1)).open(factor!.secretSealed)).toThrow();
    const stored = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, u.user.id));
    expect(stored).toHaveLength(10);
    const joined = JSON.stringify(stored);
    for (const code of u.codes) expect(joined).not.toContain(code.replace('-', ''));

    const status = await t.call('GET', '/api/v1/auth/two-factor', { token: u.token });
    expect(status.json().data).toMatchObject({ enabled: true, recoveryCodesLeft: 10, recoveryCodesLow: false });
    // A second setup while it is on is refused.
    expect((await t.call('POST', '/api/v1/auth/two-factor/setup', { token: u.token })).json()).toMatchObject({ code: 'TWO_FACTOR_ALREADY_ON' });
  });

  it('a wrong code does not turn it on', async () => {
    const u = await createUserAndLogin(t);
    const { secret } = (await t.call('POST', '/api/v1/auth/two-factor/setup', { token: u.token })).json().data as { secret: string };
    const wrong = await t.call('POST', '/api/v1/auth/two-factor/confirm', { token: u.token, body: { code: codeAt(secret, 3) } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_TWO_FACTOR_CODE' });
    expect((await t.call('GET', '/api/v1/auth/two-factor', { token: u.token })).json().data).toMatchObject({ enabled: false });
    expect((await login(u.email)).json().data).toHaveProperty('token');
  });

  it('signs in in two steps: the password answers a challenge, a code of the app opens the session; the code works once', async () => {
    const u = await enrolled();
    const challenge = await challengeOf(u.email);
    // The setup spent this step's code: the next step's code (one step of skew) signs in.
    const code = codeAt(u.secret, 1);
    const ok = await second({ challenge, code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ user: { id: u.user.id } });
    const me = await t.call('GET', '/api/v1/auth/me', { token: ok.json().data.token });
    expect(me.statusCode).toBe(200);
    // The same code again, on a new challenge: refused.
    const replay = await second({ challenge: await challengeOf(u.email), code });
    expect(replay.json()).toMatchObject({
      code: 'INVALID_TWO_FACTOR_CODE',
      message: 'That code is not right. Check the code in your authenticator app, or the recovery code, and try again.',
    });
    // The challenge is spent by the sign-in it opened.
    expect((await second({ challenge, code: codeAt(u.secret, 1) })).json()).toMatchObject({ code: 'TWO_FACTOR_CHALLENGE_EXPIRED' });
  });

  it('accepts one step of skew either way and refuses two, at a fixed clock', async () => {
    const u = await enrolled();
    const at = new Date(Date.now() + 3600_000);
    const epoch = Math.floor(at.getTime() / 1000);
    const code = (steps: number) => generateSync({ secret: u.secret, epoch: epoch + steps * TWO_FACTOR.periodSeconds });
    const spend = (c: string) => spendTotpCode(t.app.ctx, t.db, u.user.id, c, at);
    expect(await spend(code(-2))).toBe(false);
    expect(await spend(code(-1))).toBe(true);
    expect(await spend(code(-1))).toBe(false);
    expect(await spend(code(2))).toBe(false);
    expect(await spend(code(0))).toBe(true);
    // An earlier step than the last one used is refused too.
    expect(await spend(code(-1))).toBe(false);
    expect(await spend(code(1))).toBe(true);
  });

  it('two submissions of one code at the same moment give exactly one session', async () => {
    const u = await enrolled();
    const [a, b] = [await challengeOf(u.email), await challengeOf(u.email)];
    const code = codeAt(u.secret, 1);
    const results = await Promise.all([second({ challenge: a, code }), second({ challenge: b, code })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const live = await t.db.select().from(sessions).where(eq(sessions.userId, u.user.id));
    // The enrolling sign-in and one more.
    expect(live).toHaveLength(2);

    // One recovery code sent twice at once on one challenge: one session, the code spent once.
    const c = await challengeOf(u.email);
    const twice = await Promise.all([second({ challenge: c, recoveryCode: u.codes[0] }), second({ challenge: c, recoveryCode: u.codes[0] })]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, u.user.id))).toHaveLength(3);
  });

  it('a recovery code works once, typed in any case and spacing; new codes void the old set', async () => {
    const u = await enrolled();
    const typed = u.codes[3]!.toLowerCase().replace('-', ' ');
    const used = await second({ challenge: await challengeOf(u.email), recoveryCode: typed });
    expect(used.statusCode, used.body).toBe(200);
    expect((await second({ challenge: await challengeOf(u.email), recoveryCode: u.codes[3] })).json()).toMatchObject({ code: 'INVALID_TWO_FACTOR_CODE' });
    expect((await t.call('GET', '/api/v1/auth/two-factor', { token: u.token })).json().data).toMatchObject({ recoveryCodesLeft: 9 });
    // The account is told, with what is left and a way back to the settings.
    const [told] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, u.email), eq(outbox.kind, 'recovery-code-used')));
    expect(told!.subject).toBe('A recovery code was used to sign in to Stealth Browser');
    expect(told!.text).toContain('You have 9 recovery codes left.');
    expect(told!.text).toContain('/settings?tab=security&lang=en');

    // A recovery code's session is not a fresh check: a sensitive change asks to confirm first.
    const viaRecovery = used.json().data.token as string;
    expect((await t.call('POST', '/api/v1/auth/two-factor/recovery-codes', { token: viaRecovery })).json()).toMatchObject({ code: 'STEP_UP_REQUIRED' });
    const stepped = await t.call('POST', '/api/v1/auth/step-up', { token: viaRecovery, body: { code: codeAt(u.secret, 1) } });
    expect(stepped.statusCode, stepped.body).toBe(200);
    const fresh = await t.call('POST', '/api/v1/auth/two-factor/recovery-codes', { token: viaRecovery });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const newCodes = fresh.json().data.recoveryCodes as string[];
    expect((await second({ challenge: await challengeOf(u.email), recoveryCode: u.codes[4] })).json()).toMatchObject({ code: 'INVALID_TWO_FACTOR_CODE' });
    expect((await second({ challenge: await challengeOf(u.email), recoveryCode: newCodes[0] })).statusCode).toBe(200);
  });

  it('warns when two or fewer recovery codes remain', async () => {
    const u = await enrolled();
    let token = u.token;
    for (const code of u.codes.slice(0, 8)) {
      const res = await second({ challenge: await challengeOf(u.email), recoveryCode: code });
      expect(res.statusCode).toBe(200);
      token = res.json().data.token as string;
    }
    expect((await t.call('GET', '/api/v1/auth/two-factor', { token })).json().data).toMatchObject({ recoveryCodesLeft: 2, recoveryCodesLow: true });
  });

  it('a challenge takes five wrong codes, then not even the right one; it ends after five minutes', async () => {
    const u = await enrolled();
    const challenge = await challengeOf(u.email);
    for (let i = 0; i < TWO_FACTOR.challengeFailures; i++) expect((await second({ challenge, code: '000000' })).json()).toMatchObject({ code: 'INVALID_TWO_FACTOR_CODE' });
    expect((await second({ challenge, code: codeAt(u.secret, 1) })).json()).toMatchObject({ code: 'TWO_FACTOR_CHALLENGE_EXPIRED' });

    const late = await challengeOf(u.email);
    await t.db
      .update(signInChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInChallenges.userId, u.user.id));
    expect((await second({ challenge: late, code: codeAt(u.secret, 1) })).json()).toMatchObject({ code: 'TWO_FACTOR_CHALLENGE_EXPIRED' });
    expect((await second({ challenge: 'made-up', code: '123456' })).json()).toMatchObject({ code: 'TWO_FACTOR_CHALLENGE_EXPIRED' });
  });

  it('bad input changes nothing: both kinds of code, neither, a huge value', async () => {
    const u = await enrolled();
    const challenge = await challengeOf(u.email);
    for (const body of [
      { challenge },
      { challenge, code: '123456', recoveryCode: u.codes[0] },
      { challenge, code: '1'.repeat(5000) },
      { challenge: 'x'.repeat(5000), code: '123456' },
    ]) {
      const res = await second(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().code).toMatch(/^(VALIDATION_ERROR|INVALID_TWO_FACTOR_CODE|TEXT_TOO_LONG)$/);
    }
    const [row] = await t.db.select().from(signInChallenges).where(eq(signInChallenges.userId, u.user.id));
    expect(row).toMatchObject({ failures: 0, usedAt: null });
    expect((await second({ challenge, recoveryCode: u.codes[0] })).statusCode).toBe(200);
  });

  it("the desktop program's password sign-in is told to sign in through the browser", async () => {
    const u = await enrolled();
    const res = await login(u.email, 'desktop');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'TWO_FACTOR_BROWSER_SIGN_IN' });
  });

  it('step-up: a sensitive change needs a fresh check; a wrong password changes nothing; the flag lasts ten minutes and is renewed by each change', async () => {
    const u = await createUserAndLogin(t);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, u.user.id));
    // The sign-in with the password was a fresh check.
    expect(session!.stepUpUntil!.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    await t.db
      .update(sessions)
      .set({ stepUpUntil: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, session!.id));
    const refused = await t.call('POST', '/api/v1/auth/two-factor/setup', { token: u.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'STEP_UP_REQUIRED', message: "For your security, confirm it's you to continue." });
    expect((await t.call('POST', '/api/v1/auth/step-up', { token: u.token, body: { password: 'Wrong!Passw0rd' } })).json()).toMatchObject({ code: 'WRONG_PASSWORD' });
    expect((await t.call('POST', '/api/v1/auth/two-factor/setup', { token: u.token })).json()).toMatchObject({ code: 'STEP_UP_REQUIRED' });
    // No authenticator yet: a code cannot step up.
    expect((await t.call('POST', '/api/v1/auth/step-up', { token: u.token, body: { code: '123456' } })).json()).toMatchObject({ code: 'TWO_FACTOR_NOT_ON' });
    const ok = await t.call('POST', '/api/v1/auth/step-up', { token: u.token, body: { password: TEST_PASSWORD } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(Date.parse(ok.json().data.stepUpUntil)).toBeGreaterThan(Date.now() + 9 * 60_000);
    await t.db
      .update(sessions)
      .set({ stepUpUntil: new Date(Date.now() + 60_000) })
      .where(eq(sessions.id, session!.id));
    expect((await t.call('POST', '/api/v1/auth/two-factor/setup', { token: u.token })).statusCode).toBe(200);
    const [renewed] = await t.db.select().from(sessions).where(eq(sessions.id, session!.id));
    expect(renewed!.stepUpUntil!.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
  });

  it('ending a session, the others, or removing a device needs a fresh check; refused, nothing ends', async () => {
    const u = await createUserAndLogin(t);
    const other = await loginAs(t, u.email);
    const [mine] = await t.db.select().from(sessions).where(eq(sessions.userId, u.user.id)).orderBy(sessions.createdAt);
    await t.db
      .update(sessions)
      .set({ stepUpUntil: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, mine!.id));
    const [theirs] = (await t.db.select().from(sessions).where(eq(sessions.userId, u.user.id))).filter((s) => s.id !== mine!.id);
    for (const [method, url] of [
      ['DELETE', `/api/v1/auth/sessions/${theirs!.id}`],
      ['POST', '/api/v1/auth/sessions/revoke-others'],
      ['DELETE', '/api/v1/devices/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await t.call(method, url, { token: u.token });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ code: 'STEP_UP_REQUIRED' });
    }
    expect((await t.call('GET', '/api/v1/auth/me', { token: other.token })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/v1/auth/step-up', { token: u.token, body: { password: TEST_PASSWORD } })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/v1/auth/sessions/revoke-others', { token: u.token })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/v1/auth/me', { token: other.token })).statusCode).toBe(401);
  });

  it('turning it off removes the authenticator and the codes; the next sign-in is the password alone', async () => {
    const u = await enrolled();
    const off = await t.call('DELETE', '/api/v1/auth/two-factor', { token: u.token });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, u.user.id))).toHaveLength(0);
    expect((await login(u.email)).json().data).toHaveProperty('token');
    expect((await t.call('DELETE', '/api/v1/auth/two-factor', { token: u.token })).json()).toMatchObject({ code: 'TWO_FACTOR_NOT_ON' });
  });

  it('an admin acts only from a session that passed a second factor: without one, the enrolment first; it stays on', async () => {
    const admin = await createUserAndLogin(t, { role: 'admin', twoFactor: false });
    const other = await loginAs(t, admin.email);
    const refused = await t.call('GET', '/api/v1/admin/users', { token: admin.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'ADMIN_TWO_FACTOR_REQUIRED',
      message: 'The admin area needs two-step verification: turn it on, or sign in again with your code.',
    });
    expect((await t.call('GET', '/api/v1/auth/two-factor', { token: admin.token })).json().data).toMatchObject({ enabled: false, required: true, sessionVerified: false });
    // Refused before anything is read or changed: a write gets the same answer and leaves no trace.
    const write = await t.call('POST', `/api/v1/admin/users/${admin.user.id}/complimentary`, { token: admin.token, body: { days: 30, planCode: 'stealth_month', reason: 'x' } });
    expect(write.json()).toMatchObject({ code: 'ADMIN_TWO_FACTOR_REQUIRED' });
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, admin.user.id))).toHaveLength(0);

    const { secret } = (await t.call('POST', '/api/v1/auth/two-factor/setup', { token: admin.token })).json().data as { secret: string };
    expect((await t.call('POST', '/api/v1/auth/two-factor/confirm', { token: admin.token, body: { code: codeAt(secret) } })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/v1/auth/two-factor', { token: admin.token })).json().data).toMatchObject({ enabled: true, required: true, sessionVerified: true });
    expect((await t.call('GET', '/api/v1/admin/users', { token: admin.token })).statusCode).toBe(200);
    // The session opened by the password before the enrolment is still refused: it signs in again, with a code.
    expect((await t.call('GET', '/api/v1/admin/users', { token: other.token })).json()).toMatchObject({ code: 'ADMIN_TWO_FACTOR_REQUIRED' });
    const challenge = await challengeOf(admin.email);
    const fresh = await second({ challenge, code: codeAt(secret, 1) });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect((await t.call('GET', '/api/v1/admin/users', { token: fresh.json().data.token })).statusCode).toBe(200);

    // An admin keeps it on.
    const off = await t.call('DELETE', '/api/v1/auth/two-factor', { token: admin.token });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED_FOR_ADMINS' });
    const [factor] = await t.db.select().from(totpFactors).where(eq(totpFactors.userId, admin.user.id));
    expect(factor!.confirmedAt).not.toBeNull();
  });

  it("a customer's session never needs it; a recovery code's sign-in lets an admin in but opens no step-up", async () => {
    const customer = await createUserAndLogin(t);
    expect((await t.call('GET', '/api/v1/auth/two-factor', { token: customer.token })).json().data).toMatchObject({ required: false, sessionVerified: false });
    expect((await t.call('GET', '/api/v1/admin/users', { token: customer.token })).json()).toMatchObject({ code: 'ADMIN_ONLY' });

    const admin = await createUserAndLogin(t, { role: 'admin', twoFactor: false });
    const { secret } = (await t.call('POST', '/api/v1/auth/two-factor/setup', { token: admin.token })).json().data as { secret: string };
    const codes = (await t.call('POST', '/api/v1/auth/two-factor/confirm', { token: admin.token, body: { code: codeAt(secret) } })).json().data.recoveryCodes as string[];
    const byRecovery = await second({ challenge: await challengeOf(admin.email), recoveryCode: codes[0] });
    expect(byRecovery.statusCode, byRecovery.body).toBe(200);
    const token = byRecovery.json().data.token as string;
    expect((await t.call('GET', '/api/v1/admin/users', { token })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/v1/auth/two-factor/recovery-codes', { token })).json()).toMatchObject({ code: 'STEP_UP_REQUIRED' });
  });

  it("an account without it signs in as before; a stranger's challenge or another account's code opens nothing", async () => {
    const plain = await createUser(t);
    expect((await login(plain.email)).json().data).toHaveProperty('token');
    const a = await enrolled();
    const b = await enrolled();
    const challenge = await challengeOf(a.email);
    expect((await second({ challenge, code: codeAt(b.secret, 1) })).statusCode).toBe(400);
    expect((await second({ challenge, recoveryCode: b.codes[0] })).statusCode).toBe(400);
  });
});
