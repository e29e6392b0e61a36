import { and, eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR } from '#shared/constants';
import type { SecurityEventKind } from '#shared/security-log';
import { passkeys, securityEvents, sessions, signInChallenges, webauthnChallenges } from '../db/schema';
import { addPasskeyByApi } from '../test/authenticator';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { createUserAndLogin, TEST_PASSWORD } from '../test/users';

/** A passkey as the sign-in's second step after a password, and for step-up (decision 198). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let address = 0;
const from = () => `10.98.${(++address >> 8) & 255}.${address & 255}`;
type Options = { challenge: string; allowCredentials?: { id: string }[]; userVerification?: string };

const login = (email: string) => t.call('POST', '/api/v1/auth/login', { body: { email, password: TEST_PASSWORD, deviceType: 'web' }, remoteAddress: from() });
const second = (body: Record<string, unknown>) => t.call('POST', '/api/v1/auth/login/second-factor', { body, remoteAddress: from() });
const secondOptions = (challenge: string) => t.call('POST', '/api/v1/auth/login/second-factor/passkey-options', { body: { challenge }, remoteAddress: from() });
const stepUpOptions = (token: string) => t.call('POST', '/api/v1/auth/step-up/passkey-options', { token });
const stepUp = (token: string, body: Record<string, unknown>) => t.call('POST', '/api/v1/auth/step-up', { token, body });

/** A customer with a passkey added through the API (and, when asked, two-step verification on), and the authenticator that holds it. */
async function withPasskey(opts: { userVerified?: boolean; twoFactor?: boolean; role?: 'admin' } = {}) {
  const u = await createUserAndLogin(t, opts.role ? { role: opts.role } : {});
  const { authenticator, passkey } = await addPasskeyByApi(t, u.token, 'Pixel 9', { userVerified: opts.userVerified });
  let secret: string | null = null;
  if (opts.twoFactor) {
    secret = (await t.call('POST', '/api/v1/auth/two-factor/setup', { token: u.token })).json().data.secret as string;
    expect((await t.call('POST', '/api/v1/auth/two-factor/confirm', { token: u.token, body: { code: generateSync({ secret }) } })).statusCode).toBe(200);
  }
  return { ...u, authenticator, passkey, secret };
}

/** The password step of an account with two-step verification: its challenge and methods. */
async function passwordStep(email: string) {
  const res = await login(email);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data).not.toHaveProperty('token');
  return res.json().data.secondFactor as { challenge: string; methods: string[] };
}

async function optionsFor(challenge: string) {
  const res = await secondOptions(challenge);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.options as Options;
}

const sessionsOf = (userId: string) => t.db.select().from(sessions).where(eq(sessions.userId, userId));
const challengeRow = async (userId: string) =>
  (await t.db.select().from(signInChallenges).where(eq(signInChallenges.userId, userId))).sort((a, b) => +b.createdAt - +a.createdAt)[0]!;
const passkeyRow = async (userId: string) => (await t.db.select().from(passkeys).where(eq(passkeys.userId, userId)))[0]!;
const eventsOf = (userId: string, kind: SecurityEventKind) =>
  t.db
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, userId), eq(securityEvents.kind, kind)));
/** Ends the step-up every session of the account has (as ten minutes would). */
const stepUpEnded = (userId: string) =>
  t.db
    .update(sessions)
    .set({ stepUpUntil: new Date(Date.now() - 1000) })
    .where(eq(sessions.userId, userId));

describe(`a passkey as the second step and for step-up on ${TEST_DB_KIND}`, () => {
  it("after the password, one of the account's passkeys opens a session of two factors, stepped up, logged as a passkey's", async () => {
    const u = await withPasskey({ twoFactor: true });
    const other = await withPasskey();
    const step = await passwordStep(u.email);
    expect(step.methods).toEqual(['totp', 'recovery', 'passkey']);
    const options = await optionsFor(step.challenge);
    // Only this account's passkey may answer, and a passkey only present will do (the password was the first factor).
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([u.passkey.id.toString('base64url')]);
    expect(options.userVerification).toBe('preferred');
    const [kept] = await t.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.challenge, options.challenge));
    expect(kept).toMatchObject({ purpose: 'second-step', userId: u.user.id, usedAt: null });
    expect(+kept!.expiresAt - Date.now()).toBeLessThanOrEqual(5 * 60_000);

    const before = (await sessionsOf(u.user.id)).length;
    const res = await second({ challenge: step.challenge, passkey: u.authenticator.get(u.passkey, options) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user.email).toBe(u.email);
    expect((await t.call('GET', '/api/v1/auth/two-factor', { token: res.json().data.token })).json().data).toMatchObject({ sessionVerified: true, passkeys: 1 });
    const all = await sessionsOf(u.user.id);
    expect(all).toHaveLength(before + 1);
    const newest = all.sort((a, b) => +b.createdAt - +a.createdAt)[0]!;
    expect(newest.secondFactorAt).not.toBeNull();
    expect(newest.stepUpUntil!.getTime()).toBeGreaterThan(Date.now());
    const row = await passkeyRow(u.user.id);
    expect(row.lastUsedAt).not.toBeNull();
    expect(row.counter).toBe(u.passkey.counter);
    expect((await eventsOf(u.user.id, 'sign-in')).map((e) => e.detail)).toContain('passkey');
    expect((await t.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.challenge, options.challenge)))[0]!.usedAt).not.toBeNull();
    // The other account's passkey was not touched.
    expect((await passkeyRow(other.user.id)).lastUsedAt).toBeNull();
  });

  it('an admin with an authenticator signs in with the password and a passkey, and the admin area lets them in', async () => {
    const admin = await withPasskey({ role: 'admin' });
    const step = await passwordStep(admin.email);
    expect(step.methods).toContain('passkey');
    const res = await second({ challenge: step.challenge, passkey: admin.authenticator.get(admin.passkey, await optionsFor(step.challenge)) });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.call('GET', '/api/v1/admin/users', { token: res.json().data.token })).statusCode).toBe(200);
  });

  it("another account's passkey is refused and counted, as a wrong code is; the right one still works, five refusals end the challenge", async () => {
    const u = await withPasskey({ twoFactor: true });
    const stranger = await withPasskey({ twoFactor: true });
    const step = await passwordStep(u.email);
    const options = await optionsFor(step.challenge);
    const sessionsBefore = (await sessionsOf(u.user.id)).length;

    // The stranger's passkey signs the challenge handed to this account's sign-in.
    const theirs = await second({ challenge: step.challenge, passkey: stranger.authenticator.get(stranger.passkey, options) });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json()).toMatchObject({
      code: 'PASSKEY_NOT_ACCEPTED',
      message: "That passkey is not one of this account's, or it could not be checked. Try again, or choose another way.",
    });
    expect((await challengeRow(u.user.id)).failures).toBe(1);
    expect((await eventsOf(u.user.id, 'sign-in-failed')).map((e) => e.detail)).toEqual(['passkey']);
    expect((await passkeyRow(stranger.user.id)).lastUsedAt).toBeNull();
    // Its WebAuthn challenge is used, refused or not.
    expect((await second({ challenge: step.challenge, passkey: u.authenticator.get(u.passkey, options) })).json()).toMatchObject({ code: 'PASSKEY_CHALLENGE_EXPIRED' });
    // A challenge handed to the stranger's own sign-in answers nothing here.
    const theirStep = await passwordStep(stranger.email);
    const theirOptions = await optionsFor(theirStep.challenge);
    expect((await second({ challenge: step.challenge, passkey: stranger.authenticator.get(stranger.passkey, theirOptions) })).json()).toMatchObject({
      code: 'PASSKEY_CHALLENGE_EXPIRED',
    });
    expect((await challengeRow(u.user.id)).failures).toBe(3);
    expect(await sessionsOf(u.user.id)).toHaveLength(sessionsBefore);

    // The account's own passkey, on fresh options: in.
    expect((await second({ challenge: step.challenge, passkey: u.authenticator.get(u.passkey, await optionsFor(step.challenge)) })).statusCode).toBe(200);

    // Five refusals, and not even the right passkey opens it.
    const next = await passwordStep(u.email);
    for (let i = 0; i < TWO_FACTOR.challengeFailures; i++) {
      expect((await second({ challenge: next.challenge, passkey: stranger.authenticator.get(stranger.passkey, await optionsFor(next.challenge)) })).statusCode).toBe(400);
    }
    expect((await secondOptions(next.challenge)).json()).toMatchObject({ code: 'TWO_FACTOR_CHALLENGE_EXPIRED' });
  });

  it('a replayed answer opens nothing: not on its own challenge, not on the next sign-in', async () => {
    const u = await withPasskey({ twoFactor: true });
    const step = await passwordStep(u.email);
    const answer = u.authenticator.get(u.passkey, await optionsFor(step.challenge));
    expect((await second({ challenge: step.challenge, passkey: answer })).statusCode).toBe(200);
    const count = (await sessionsOf(u.user.id)).length;
    expect((await second({ challenge: step.challenge, passkey: answer })).json()).toMatchObject({ code: 'TWO_FACTOR_CHALLENGE_EXPIRED' });
    const next = await passwordStep(u.email);
    expect((await second({ challenge: next.challenge, passkey: answer })).json()).toMatchObject({ code: 'PASSKEY_CHALLENGE_EXPIRED' });
    expect((await challengeRow(u.user.id)).failures).toBe(1);
    // Nor for step-up: a second step's challenge is not a step-up's.
    await stepUpEnded(u.user.id);
    expect((await stepUp(u.token, { passkey: answer })).json()).toMatchObject({ code: 'PASSKEY_CHALLENGE_EXPIRED' });
    expect(await sessionsOf(u.user.id)).toHaveLength(count);
  });

  it('an expired sign-in or WebAuthn challenge opens nothing', async () => {
    const u = await withPasskey({ twoFactor: true });
    const late = await passwordStep(u.email);
    const options = await optionsFor(late.challenge);
    await t.db
      .update(signInChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInChallenges.userId, u.user.id));
    expect((await secondOptions(late.challenge)).json()).toMatchObject({ code: 'TWO_FACTOR_CHALLENGE_EXPIRED' });
    expect((await second({ challenge: late.challenge, passkey: u.authenticator.get(u.passkey, options) })).json()).toMatchObject({ code: 'TWO_FACTOR_CHALLENGE_EXPIRED' });

    const step = await passwordStep(u.email);
    const stale = await optionsFor(step.challenge);
    await t.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.challenge, stale.challenge));
    const count = (await sessionsOf(u.user.id)).length;
    expect((await second({ challenge: step.challenge, passkey: u.authenticator.get(u.passkey, stale) })).json()).toMatchObject({ code: 'PASSKEY_CHALLENGE_EXPIRED' });
    expect(await sessionsOf(u.user.id)).toHaveLength(count);
    expect((await challengeRow(u.user.id)).failures).toBe(1);
  });

  it('two submissions of one answer at the same moment give one session', async () => {
    const u = await withPasskey({ twoFactor: true });
    const step = await passwordStep(u.email);
    const answer = u.authenticator.get(u.passkey, await optionsFor(step.challenge));
    const count = (await sessionsOf(u.user.id)).length;
    const results = await Promise.all([second({ challenge: step.challenge, passkey: answer }), second({ challenge: step.challenge, passkey: answer })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await sessionsOf(u.user.id)).toHaveLength(count + 1);
  });

  it('no passkey offered where none may answer: an account without one, a sign-in begun with a passkey', async () => {
    const plain = await createUserAndLogin(t);
    const secret = (await t.call('POST', '/api/v1/auth/two-factor/setup', { token: plain.token })).json().data.secret as string;
    expect((await t.call('POST', '/api/v1/auth/two-factor/confirm', { token: plain.token, body: { code: generateSync({ secret }) } })).statusCode).toBe(200);
    const step = await passwordStep(plain.email);
    expect(step.methods).toEqual(['totp', 'recovery']);
    expect((await secondOptions(step.challenge)).json()).toMatchObject({ code: 'NO_PASSKEY' });

    // A passkey that did not verify its user is one factor: the second step is a code, never the passkey again.
    const u = await withPasskey({ twoFactor: true, userVerified: false });
    const signInOptions = (await t.call('POST', '/api/v1/auth/passkeys/sign-in-options')).json().data.options as Options;
    const first = await t.call('POST', '/api/v1/auth/passkeys/sign-in', { body: { response: u.authenticator.get(u.passkey, signInOptions) } });
    const byPasskey = first.json().data.secondFactor as { challenge: string; methods: string[] };
    expect(byPasskey.methods).toEqual(['totp', 'recovery']);
    expect((await secondOptions(byPasskey.challenge)).json()).toMatchObject({ code: 'NO_PASSKEY' });
    // Options of a password sign-in of the same account do not make it one.
    const options = await optionsFor((await passwordStep(u.email)).challenge);
    const count = (await sessionsOf(u.user.id)).length;
    expect((await second({ challenge: byPasskey.challenge, passkey: u.authenticator.get(u.passkey, options) })).json()).toMatchObject({ code: 'PASSKEY_NOT_ACCEPTED' });
    expect(await sessionsOf(u.user.id)).toHaveLength(count);
  });

  it('bad input changes nothing: a passkey with a code, junk for an answer', async () => {
    const u = await withPasskey({ twoFactor: true });
    const step = await passwordStep(u.email);
    const answer = u.authenticator.get(u.passkey, await optionsFor(step.challenge));
    for (const body of [
      { challenge: step.challenge, code: '123456', passkey: answer },
      { challenge: step.challenge, passkey: { id: '!!' } },
      { challenge: step.challenge, passkey: 'x'.repeat(20000) },
    ]) {
      expect((await second(body)).statusCode).toBe(400);
    }
    expect((await challengeRow(u.user.id)).failures).toBe(0);
    expect((await second({ challenge: step.challenge, passkey: answer })).statusCode).toBe(200);
    for (const body of [{ password: TEST_PASSWORD, passkey: answer }, { passkey: { id: 'AAAA' } }]) expect((await stepUp(u.token, body)).statusCode).toBe(400);
  });

  it("step-up: a passkey of the account that verified its user confirms it's you; one that did not is told so", async () => {
    const u = await withPasskey();
    const other = await withPasskey();
    expect((await t.call('GET', '/api/v1/auth/two-factor', { token: u.token })).json().data).toMatchObject({ enabled: false, passkeys: 1 });
    await stepUpEnded(u.user.id);
    const sensitive = () => t.call('POST', '/api/v1/auth/passkeys/registration-options', { token: u.token });
    expect((await sensitive()).json()).toMatchObject({ code: 'STEP_UP_REQUIRED' });

    const optionsRes = await stepUpOptions(u.token);
    expect(optionsRes.statusCode, optionsRes.body).toBe(200);
    const options = optionsRes.json().data.options as Options;
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([u.passkey.id.toString('base64url')]);
    expect(options.userVerification).toBe('required');
    // Another account's passkey: refused, nothing opened.
    expect((await stepUp(u.token, { passkey: other.authenticator.get(other.passkey, options) })).json()).toMatchObject({ code: 'PASSKEY_NOT_ACCEPTED' });
    expect((await sensitive()).json()).toMatchObject({ code: 'STEP_UP_REQUIRED' });
    // Another account's step-up challenge, answered by this account's passkey: refused.
    const theirs = (await stepUpOptions(other.token)).json().data.options as Options;
    expect((await stepUp(u.token, { passkey: u.authenticator.get(u.passkey, theirs) })).json()).toMatchObject({ code: 'PASSKEY_CHALLENGE_EXPIRED' });

    const answer = u.authenticator.get(u.passkey, (await stepUpOptions(u.token)).json().data.options as Options);
    const stepped = await stepUp(u.token, { passkey: answer });
    expect(stepped.statusCode, stepped.body).toBe(200);
    expect(new Date(stepped.json().data.stepUpUntil).getTime()).toBeGreaterThan(Date.now());
    expect((await passkeyRow(u.user.id)).counter).toBe(u.passkey.counter);
    const [mine] = (await t.call('GET', '/api/v1/auth/passkeys', { token: u.token })).json().data.passkeys as { id: string }[];
    expect((await t.call('DELETE', `/api/v1/auth/passkeys/${mine!.id}`, { token: u.token })).statusCode).toBe(200);
    // The same answer again: its challenge is spent (and the passkey is gone).
    await stepUpEnded(u.user.id);
    expect((await stepUp(u.token, { passkey: answer })).json()).toMatchObject({ code: 'PASSKEY_CHALLENGE_EXPIRED' });
    // No passkey left: nothing to offer.
    expect((await stepUpOptions(u.token)).json()).toMatchObject({ code: 'NO_PASSKEY' });
    expect((await t.call('GET', '/api/v1/auth/two-factor', { token: u.token })).json().data).toMatchObject({ passkeys: 0 });

    // A passkey only present (no PIN, fingerprint or face) does not step up, and its use is not stored.
    const lax = await withPasskey({ userVerified: false });
    await stepUpEnded(lax.user.id);
    const used = (await passkeyRow(lax.user.id)).lastUsedAt;
    const refused = await stepUp(lax.token, { passkey: lax.authenticator.get(lax.passkey, (await stepUpOptions(lax.token)).json().data.options as Options) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'PASSKEY_USER_NOT_VERIFIED',
      message: "Your passkey did not check that it's you with a PIN, fingerprint or face. Try again and unlock it, or use your password.",
    });
    expect((await passkeyRow(lax.user.id)).lastUsedAt).toEqual(used);
    expect((await t.call('POST', '/api/v1/auth/passkeys/registration-options', { token: lax.token })).json()).toMatchObject({ code: 'STEP_UP_REQUIRED' });
  });
});
