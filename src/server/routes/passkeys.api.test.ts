import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeys, sessions } from '../db/schema';
import { addPasskeyByApi, softAuthenticator } from '../test/authenticator';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { createUserAndLogin } from '../test/users';

let t: TestApp;
let site: { origin: string; rpId: string };
beforeAll(async () => {
  t = await createTestApp();
  const url = new URL(t.config.publicUrl);
  site = { origin: url.origin, rpId: url.hostname };
});
afterAll(() => t.close());

type Options = { challenge: string; user: { id: string }; rp: { id: string }; excludeCredentials?: { id: string }[] };

const optionsToAdd = async (token: string) => {
  const res = await t.call('POST', '/api/v1/auth/passkeys/registration-options', { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.options as Options;
};
const optionsToSignIn = async () => (await t.call('POST', '/api/v1/auth/passkeys/sign-in-options')).json().data.options as { challenge: string; allowCredentials?: unknown[] };
const signIn = (response: unknown) => t.call('POST', '/api/v1/auth/passkeys/sign-in', { body: { response } });

/** A customer with a passkey added through the API, and the authenticator that holds it. */
async function withPasskey(opts: { synced?: boolean; userVerified?: boolean } = {}) {
  const u = await createUserAndLogin(t);
  return { ...u, ...(await addPasskeyByApi(t, u.token, 'Pixel 9', opts)) };
}

describe(`passkeys on ${TEST_DB_KIND}`, () => {
  it('adds a passkey for this site, named, synced; signs in with it without an address, a session of two factors', async () => {
    const u = await withPasskey();
    expect(u.dto).toMatchObject({ name: 'Pixel 9', synced: true });
    const options = await optionsToAdd(u.token);
    expect(options.rp.id).toBe(site.rpId);
    // The account's own passkeys are excluded from the next one; the user handle is the account's id, not its address.
    expect(options.excludeCredentials?.map((c) => c.id)).toEqual([u.passkey.id.toString('base64url')]);
    expect(Buffer.from(options.user.id, 'base64url').toString('hex')).toBe(u.user.id.replace(/-/g, ''));

    const signInOptions = await optionsToSignIn();
    expect(signInOptions.allowCredentials ?? []).toEqual([]);
    const res = await signIn(u.authenticator.get(u.passkey, signInOptions));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user.email).toBe(u.email);
    const me = await t.call('GET', '/api/v1/auth/me', { token: res.json().data.token });
    expect(me.statusCode).toBe(200);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, u.user.id)).orderBy(sessions.createdAt);
    const newest = (await t.db.select().from(sessions).where(eq(sessions.userId, u.user.id))).sort((a, b) => +b.createdAt - +a.createdAt)[0]!;
    expect(session).toBeDefined();
    expect(newest.secondFactorAt).not.toBeNull();
    expect(newest.stepUpUntil).not.toBeNull();
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.userId, u.user.id));
    expect(row!.lastUsedAt).not.toBeNull();
    expect(row!.counter).toBe(u.passkey.counter);
  });

  it('a challenge works once; a replayed or foreign answer opens nothing', async () => {
    const u = await withPasskey();
    const options = await optionsToSignIn();
    const answer = u.authenticator.get(u.passkey, options);
    expect((await signIn(answer)).statusCode).toBe(200);
    expect((await signIn(answer)).json()).toMatchObject({ code: 'PASSKEY_CHALLENGE_EXPIRED' });
    // Signed for another site (a phishing page's origin): refused.
    const phished = u.authenticator.get(u.passkey, await optionsToSignIn(), { origin: 'https://stea1th.example' });
    expect((await signIn(phished)).json()).toMatchObject({ code: 'PASSKEY_NOT_RECOGNISED' });
    // A passkey this site does not know.
    const stranger = softAuthenticator(site);
    const theirs = stranger.create({ challenge: 'x', user: { id: 'eA' } }).passkey;
    const res = await signIn(stranger.get(theirs, await optionsToSignIn()));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: 'PASSKEY_NOT_RECOGNISED',
      message: 'This passkey is not recognised. Sign in with your email and password, then add it again in Settings.',
    });
  });

  it('counters: a synced passkey keeps 0 and signs in again; a device-bound one that goes back is a clone, refused', async () => {
    const synced = await withPasskey();
    for (let i = 0; i < 2; i++) expect((await signIn(synced.authenticator.get(synced.passkey, await optionsToSignIn(), { counter: 0 }))).statusCode).toBe(200);

    const bound = await withPasskey({ synced: false });
    expect(bound.dto.synced).toBe(false);
    expect((await signIn(bound.authenticator.get(bound.passkey, await optionsToSignIn(), { counter: 7 }))).statusCode).toBe(200);
    const cloned = await signIn(bound.authenticator.get(bound.passkey, await optionsToSignIn(), { counter: 3 }));
    expect(cloned.json()).toMatchObject({ code: 'PASSKEY_NOT_RECOGNISED' });
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.userId, bound.user.id));
    expect(row!.counter).toBe(7);
  });

  it('without user verification the session is one factor; an account with two-step verification is asked for its code', async () => {
    const u = await withPasskey({ userVerified: false });
    const res = await signIn(u.authenticator.get(u.passkey, await optionsToSignIn()));
    expect(res.statusCode).toBe(200);
    const newest = (await t.db.select().from(sessions).where(eq(sessions.userId, u.user.id))).sort((a, b) => +b.createdAt - +a.createdAt)[0]!;
    expect(newest.secondFactorAt).toBeNull();

    const { secret } = (await t.call('POST', '/api/v1/auth/two-factor/setup', { token: u.token })).json().data as { secret: string };
    expect((await t.call('POST', '/api/v1/auth/two-factor/confirm', { token: u.token, body: { code: generateSync({ secret }) } })).statusCode).toBe(200);
    const asked = await signIn(u.authenticator.get(u.passkey, await optionsToSignIn()));
    expect(asked.json().data).not.toHaveProperty('token');
    const challenge = asked.json().data.secondFactor.challenge as string;
    const code = generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const second = await t.call('POST', '/api/v1/auth/login/second-factor', { body: { challenge, code } });
    expect(second.statusCode, second.body).toBe(200);
  });

  it('lists, renames and removes; adding and removing need a fresh check; another account cannot touch them', async () => {
    const u = await withPasskey();
    const other = await createUserAndLogin(t);
    const list = await t.call('GET', '/api/v1/auth/passkeys', { token: u.token });
    expect(list.json().data.passkeys).toEqual([expect.objectContaining({ id: u.dto.id, name: 'Pixel 9', lastUsedAt: null, synced: true })]);
    const renamed = await t.call('PATCH', `/api/v1/auth/passkeys/${u.dto.id}`, { token: u.token, body: { name: '  Work laptop  ' } });
    expect(renamed.json().data.passkey.name).toBe('Work laptop');
    for (const name of ['', ' ', 'x'.repeat(61)]) expect((await t.call('PATCH', `/api/v1/auth/passkeys/${u.dto.id}`, { token: u.token, body: { name } })).statusCode).toBe(400);
    expect((await t.call('PATCH', `/api/v1/auth/passkeys/${u.dto.id}`, { token: other.token, body: { name: 'Mine now' } })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/v1/auth/passkeys/${u.dto.id}`, { token: other.token })).statusCode).toBe(404);

    await t.db
      .update(sessions)
      .set({ stepUpUntil: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, u.user.id));
    expect((await t.call('DELETE', `/api/v1/auth/passkeys/${u.dto.id}`, { token: u.token })).json()).toMatchObject({ code: 'STEP_UP_REQUIRED' });
    expect((await t.call('POST', '/api/v1/auth/passkeys/registration-options', { token: u.token })).json()).toMatchObject({ code: 'STEP_UP_REQUIRED' });
    expect((await t.call('POST', '/api/v1/auth/step-up', { token: u.token, body: { password: u.password } })).statusCode).toBe(200);
    const removed = await t.call('DELETE', `/api/v1/auth/passkeys/${u.dto.id}`, { token: u.token });
    expect(removed.json().data.passkeys).toEqual([]);
    // Removed, it signs in no more.
    expect((await signIn(u.authenticator.get(u.passkey, await optionsToSignIn()))).json()).toMatchObject({ code: 'PASSKEY_NOT_RECOGNISED' });
  });

  it("bad input changes nothing: another account's challenge, a wrong origin, junk", async () => {
    const u = await withPasskey();
    const other = await createUserAndLogin(t);
    // A challenge handed to another account does not add a passkey to this one.
    const theirs = await optionsToAdd(other.token);
    const made = u.authenticator.create(theirs);
    expect((await t.call('POST', '/api/v1/auth/passkeys', { token: u.token, body: { name: 'x', response: made.response } })).json()).toMatchObject({
      code: 'PASSKEY_CHALLENGE_EXPIRED',
    });
    // Made for another origin.
    const wrong = u.authenticator.create(await optionsToAdd(u.token), { origin: 'https://evil.example' });
    expect((await t.call('POST', '/api/v1/auth/passkeys', { token: u.token, body: { name: 'x', response: wrong.response } })).json()).toMatchObject({
      code: 'PASSKEY_NOT_VERIFIED',
    });
    for (const body of [{}, { name: 'x' }, { name: 'x', response: { id: '!!', rawId: 'x', type: 'public-key' } }, { name: 'x', response: 'x'.repeat(20000) }]) {
      expect((await t.call('POST', '/api/v1/auth/passkeys', { token: u.token, body })).statusCode).toBe(400);
    }
    for (const response of [
      {},
      { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: '', signature: '' }, clientExtensionResults: {} },
    ]) {
      expect((await signIn(response)).statusCode).toBe(400);
    }
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, u.user.id))).toHaveLength(1);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, other.user.id))).toHaveLength(0);
  });
});
