import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_GRANT } from '#shared/constants';
import { deviceGrants, outbox, sessions, users } from '../db/schema';
import { sha256 } from '../lib/crypto';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { lastMailTo } from '../test/mailbox';
import { createUserAndLogin, TEST_PASSWORD } from '../test/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let addresses = 0;
/** Each program from an address of its own, so that one test's calls do not spend another's limits. */
const program = () => `10.185.${(++addresses >> 8) & 255}.${addresses & 255}`;

const form = (fields: Record<string, string>) => ({ body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

async function askCode(ip = program(), fields: Record<string, string> = { client_id: DEVICE_GRANT.clientId, device_name: 'Asha’s ThinkPad', device_os: 'Windows 11 Pro' }) {
  const res = await t.call('POST', '/api/v1/auth/device/code', { ...form(fields), remoteAddress: ip });
  expect(res.statusCode, res.body).toBe(200);
  return { ...(res.json() as { device_code: string; user_code: string; verification_uri: string; verification_uri_complete: string; expires_in: number; interval: number }), ip };
}

const poll = (deviceCode: string, ip: string, grantType: string = DEVICE_GRANT.grantType) =>
  t.call('POST', '/api/v1/auth/device/token', { ...form({ grant_type: grantType, device_code: deviceCode, client_id: DEVICE_GRANT.clientId }), remoteAddress: ip });

/** The poll interval as if the program had waited it out: the last poll moved back in time (no sleeping). */
const waitInterval = (deviceCode: string) =>
  t.db
    .update(deviceGrants)
    .set({ lastPolledAt: sql`now() - interval '1 hour'` })
    .where(eq(deviceGrants.deviceCodeHash, sha256(deviceCode)));

/** A customer whose session signed in 11 minutes ago: past DEVICE_GRANT.recentSignInSeconds. */
async function signedInLongAgo() {
  const owner = await createUserAndLogin(t);
  await t.db
    .update(sessions)
    .set({ createdAt: sql`now() - interval '11 minutes'` })
    .where(eq(sessions.userId, owner.user.id));
  return owner;
}
/** An approval with a password, as the page sends it for a session signed in long ago. */
const approveWith = (token: string, userCode: string, password: string) =>
  t.call('POST', '/api/v1/auth/device/decision', { token, body: { userCode, approve: true, password }, remoteAddress: program() });

const decide = (token: string, userCode: string, approve: boolean) =>
  t.call('POST', '/api/v1/auth/device/decision', { token, body: { userCode, approve }, remoteAddress: program() });
const lookup = (token: string, userCode: string) => t.call('POST', '/api/v1/auth/device/lookup', { token, body: { userCode }, remoteAddress: program() });

describe(`device authorization request (RFC 8628 §3.1–3.2) on ${TEST_DB_KIND}`, () => {
  it('keeps the device name and OS without control or format characters: nothing on the approval page reads other than it is', async () => {
    // A NUL, a line break, a right-to-left override, isolates, a zero-width space and a C1 character.
    const code = await askCode(program(), { client_id: DEVICE_GRANT.clientId, device_name: 'Lap\u0000top\n\u202e\u2066Office\u2069\u200b\u0085', device_os: '\u202eWindows 11' });
    const [row] = await t.db
      .select()
      .from(deviceGrants)
      .where(eq(deviceGrants.deviceCodeHash, sha256(code.device_code)));
    expect(row).toMatchObject({ deviceName: 'LaptopOffice', deviceOs: 'Windows 11' });
  });

  it('answers the RFC fields, a user code of the unambiguous alphabet as XXXX-XXXX, and keeps only hashes', async () => {
    const code = await askCode();
    expect(code.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(code.device_code.length).toBeGreaterThanOrEqual(43);
    expect(code.verification_uri).toBe(`${t.config.publicUrl}/activate`);
    expect(code.verification_uri_complete).toBe(`${t.config.publicUrl}/activate?code=${code.user_code}`);
    expect(code).toMatchObject({ expires_in: 600, interval: 5 });
    const [row] = await t.db
      .select()
      .from(deviceGrants)
      .where(eq(deviceGrants.deviceCodeHash, sha256(code.device_code)));
    expect(row).toMatchObject({ userCodeHash: sha256(code.user_code.replace('-', '')), deviceName: 'Asha’s ThinkPad', deviceOs: 'Windows 11 Pro', status: 'pending' });
    const stored = JSON.stringify(await t.db.select().from(deviceGrants));
    expect(stored).not.toContain(code.device_code);
    expect(stored).not.toContain(code.user_code.replace('-', ''));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(600_000);
  });

  it('takes JSON too, and names the program language in the page address', async () => {
    const res = await t.call('POST', '/api/v1/auth/device/code', { body: { device_name: 'Desk', device_os: 'Windows 10', ui_locales: 'hi en' }, remoteAddress: program() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().verification_uri_complete).toMatch(/\/activate\?code=[A-Z]{4}-[A-Z]{4}&lang=hi$/);
  });

  it('refuses a device name that is not text with invalid_request', async () => {
    const res = await t.call('POST', '/api/v1/auth/device/code', { body: { device_name: 42 }, remoteAddress: program() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('counts code requests per address: the 21st in an hour is 429', async () => {
    const ip = program();
    for (let i = 0; i < 20; i++) await askCode(ip);
    const res = await t.call('POST', '/api/v1/auth/device/code', { ...form({ device_name: 'x' }), remoteAddress: ip });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ error: 'TOO_MANY_REQUESTS', code: 'RATE_LIMITED' });
  });
});

describe(`device access token request (RFC 8628 §3.4–3.5) on ${TEST_DB_KIND}`, () => {
  it('pending, slow_down (+5 s), approval, the tokens once, then invalid_grant', async () => {
    const owner = await createUserAndLogin(t);
    const code = await askCode();
    const first = await poll(code.device_code, code.ip);
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({ error: 'authorization_pending' });
    expect(first.headers['cache-control']).toBe('no-store');

    const fast = await poll(code.device_code, code.ip);
    expect(fast.statusCode).toBe(400);
    expect(fast.json()).toMatchObject({ error: 'slow_down', interval: 10 });
    const faster = await poll(code.device_code, code.ip);
    expect(faster.json()).toMatchObject({ error: 'slow_down', interval: 15 });
    await waitInterval(code.device_code);
    expect((await poll(code.device_code, code.ip)).json()).toMatchObject({ error: 'authorization_pending' });

    const seen = await lookup(owner.token, code.user_code.toLowerCase().replace('-', ' '));
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data).toMatchObject({ userCode: code.user_code, deviceName: 'Asha’s ThinkPad', deviceOs: 'Windows 11 Pro', status: 'pending' });
    const approved = await decide(owner.token, code.user_code, true);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.status).toBe('approved');

    await waitInterval(code.device_code);
    const tokens = await poll(code.device_code, code.ip);
    expect(tokens.statusCode, tokens.body).toBe(200);
    const body = tokens.json();
    expect(body).toMatchObject({
      token_type: 'Bearer',
      expires_in: t.config.ACCESS_TOKEN_TTL_SECONDS,
      user: { email: owner.email },
      device: { name: 'Asha’s ThinkPad', os: 'Windows 11 Pro' },
    });
    const me = await t.call('GET', '/api/v1/auth/me', { token: body.access_token });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user.email).toBe(owner.email);
    const [session] = await t.db
      .select()
      .from(sessions)
      .where(
        eq(
          sessions.id,
          (
            await t.db
              .select()
              .from(deviceGrants)
              .where(eq(deviceGrants.deviceCodeHash, sha256(code.device_code)))
          )[0]!.sessionId!,
        ),
      );
    expect(session).toMatchObject({ deviceType: 'desktop', userId: owner.user.id, revokedAt: null });
    // The refresh token is the password sign-in's: it rotates at /auth/refresh.
    const refreshed = await t.call('POST', '/api/v1/auth/refresh', { body: { refreshToken: body.refresh_token } });
    expect(refreshed.statusCode, refreshed.body).toBe(200);

    await waitInterval(code.device_code);
    const again = await poll(code.device_code, code.ip);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('the page shows where and when the program asked; an approval mails the account which device, when and from where', async () => {
    const owner = await createUserAndLogin(t);
    const code = await askCode();
    // As the site's CDN would have named the program's place (TRUSTED_CDN, services/auth/place.ts).
    await t.db
      .update(deviceGrants)
      .set({ place: 'Pune, IN' })
      .where(eq(deviceGrants.deviceCodeHash, sha256(code.device_code)));
    const seen = (await lookup(owner.token, code.user_code)).json().data;
    expect(seen).toMatchObject({ place: 'Pune, IN', reauth: false });
    expect(Date.now() - Date.parse(seen.requestedAt)).toBeLessThan(60_000);
    expect(await lastMailTo(t, owner.email, 'desktop-sign-in')).toBeUndefined();
    expect((await decide(owner.token, code.user_code, true)).statusCode).toBe(200);
    const mail = await lastMailTo(t, owner.email, 'desktop-sign-in');
    expect(mail?.subject).toBe('Stealth Browser was signed in on Asha’s ThinkPad');
    expect(mail?.text).toContain('Asha’s ThinkPad (Windows 11 Pro)');
    expect(mail?.text).toContain('Pune, IN');
    expect(mail?.text).toContain(`${t.config.publicUrl}/devices`);
    expect(mail?.text).toContain('If this was not you, remove the device under Devices, change your password');
    // A second click mails nothing more; a denial mails nothing.
    expect((await decide(owner.token, code.user_code, true)).statusCode).toBe(200);
    const denied = await askCode();
    expect((await decide(owner.token, denied.user_code, false)).statusCode).toBe(200);
    const mails = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, owner.email), eq(outbox.kind, 'desktop-sign-in')));
    expect(mails).toHaveLength(1);
  });

  it('a session signed in over 10 minutes ago approves only with the account password; a denial needs none', async () => {
    const owner = await signedInLongAgo();
    const code = await askCode();
    expect((await lookup(owner.token, code.user_code)).json().data).toMatchObject({ status: 'pending', reauth: true });
    const bare = await decide(owner.token, code.user_code, true);
    expect(bare.statusCode).toBe(403);
    expect(bare.json()).toMatchObject({ code: 'REAUTH_REQUIRED', message: 'For your security, enter your password to approve this sign-in.' });
    const wrong = await approveWith(owner.token, code.user_code, 'Wrong!pass1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD' });
    // Neither decided anything: the program still waits.
    expect((await poll(code.device_code, code.ip)).json()).toMatchObject({ error: 'authorization_pending' });
    const right = await approveWith(owner.token, code.user_code, TEST_PASSWORD);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().data.status).toBe('approved');
    const other = await askCode();
    expect((await decide(owner.token, other.user_code, false)).json().data.status).toBe('denied');
  });

  it('password tries at approval are counted per account with the other password checks: the 11th in 15 minutes is 429', async () => {
    const owner = await signedInLongAgo();
    const code = await askCode();
    const attempt = () => approveWith(owner.token, code.user_code, 'Wrong!pass1');
    for (let i = 0; i < 10; i++) expect((await attempt()).statusCode, `try ${i + 1}`).toBe(400);
    expect((await attempt()).statusCode).toBe(429);
    const right = await approveWith(owner.token, code.user_code, TEST_PASSWORD);
    expect(right.statusCode).toBe(429);
  });

  it('access_denied after a denial, and the code cannot be approved afterwards', async () => {
    const owner = await createUserAndLogin(t);
    const code = await askCode();
    const denied = await decide(owner.token, code.user_code, false);
    expect(denied.json().data.status).toBe('denied');
    expect((await poll(code.device_code, code.ip)).json()).toMatchObject({ error: 'access_denied' });
    const change = await decide(owner.token, code.user_code, true);
    expect(change.statusCode).toBe(409);
    expect(change.json()).toMatchObject({ code: 'DEVICE_CODE_USED' });
  });

  it('expired_token past the lifetime; the page says DEVICE_CODE_EXPIRED', async () => {
    const owner = await createUserAndLogin(t);
    const code = await askCode();
    await t.db
      .update(deviceGrants)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(deviceGrants.deviceCodeHash, sha256(code.device_code)));
    expect((await poll(code.device_code, code.ip)).json()).toMatchObject({ error: 'expired_token' });
    const late = await decide(owner.token, code.user_code, true);
    expect(late.statusCode).toBe(404);
    expect(late.json()).toMatchObject({ code: 'DEVICE_CODE_EXPIRED' });
    expect((await lookup(owner.token, code.user_code)).json()).toMatchObject({ code: 'DEVICE_CODE_EXPIRED' });
  });

  it('invalid_grant for an unknown code; unsupported_grant_type and invalid_request for a wrong request', async () => {
    const ip = program();
    expect((await poll('not-a-code', ip)).json()).toMatchObject({ error: 'invalid_grant' });
    const wrongGrant = await poll('x', ip, 'password');
    expect(wrongGrant.statusCode).toBe(400);
    expect(wrongGrant.json()).toMatchObject({ error: 'unsupported_grant_type' });
    const missing = await t.call('POST', '/api/v1/auth/device/token', { body: { grant_type: DEVICE_GRANT.grantType }, remoteAddress: ip });
    expect(missing.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('an approval made before a password change gives no session (invalid_grant)', async () => {
    const owner = await createUserAndLogin(t);
    const code = await askCode();
    await decide(owner.token, code.user_code, true);
    await t.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, owner.user.id));
    expect((await poll(code.device_code, code.ip)).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('two polls at once after approval: one gets the tokens, the other invalid_grant', async () => {
    const owner = await createUserAndLogin(t);
    const code = await askCode();
    await decide(owner.token, code.user_code, true);
    const both = await Promise.all([poll(code.device_code, code.ip), poll(code.device_code, code.ip)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.statusCode === 400)!.json()).toMatchObject({ error: 'invalid_grant' });
    const made = await t.db.select().from(sessions).where(eq(sessions.userId, owner.user.id));
    expect(made.filter((s) => s.deviceType === 'desktop')).toHaveLength(1);
  });
});

describe(`the approval page calls on ${TEST_DB_KIND}`, () => {
  it('leaves the password sign-in of today’s programs as it was: deviceType desktop opens a desktop session', async () => {
    const a = await createUserAndLogin(t, { deviceType: 'desktop' });
    const me = await t.call('GET', '/api/v1/auth/me', { token: a.token });
    expect(me.statusCode).toBe(200);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, a.user.id));
    expect(session!.deviceType).toBe('desktop');
  });

  it('two accounts approving at once: one wins, the other is told DEVICE_CODE_USED, and the tokens are the winner’s', async () => {
    const [a, b] = [await createUserAndLogin(t), await createUserAndLogin(t)];
    const code = await askCode();
    const results = await Promise.all([decide(a.token, code.user_code, true), decide(b.token, code.user_code, true)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(loser.json()).toMatchObject({ error: 'CONFLICT', code: 'DEVICE_CODE_USED' });
    const winner = results[0]!.statusCode === 200 ? a : b;
    const tokens = await poll(code.device_code, code.ip);
    expect(tokens.json().user.email).toBe(winner.email);
    // Once decided, another session cannot see or decide it; the deciding one sees its decision (a second click).
    const other = winner === a ? b : a;
    expect((await lookup(other.token, code.user_code)).json()).toMatchObject({ code: 'DEVICE_CODE_USED' });
    expect((await decide(other.token, code.user_code, false)).json()).toMatchObject({ code: 'DEVICE_CODE_USED' });
    expect((await decide(winner.token, code.user_code, true)).json().data.status).toBe('approved');
  });

  it('another session of the same account cannot decide a decided code', async () => {
    const a = await createUserAndLogin(t);
    const second = await t.call('POST', '/api/v1/auth/login', { body: { email: a.email, password: TEST_PASSWORD, deviceType: 'web' }, remoteAddress: program() });
    const code = await askCode();
    await decide(a.token, code.user_code, true);
    const res = await decide(second.json().data.token, code.user_code, true);
    expect(res.statusCode).toBe(409);
  });

  it('an unknown or malformed code is DEVICE_CODE_NOT_FOUND; a visitor is refused', async () => {
    const a = await createUserAndLogin(t);
    expect((await lookup(a.token, 'BCDF-GHJK')).json()).toMatchObject({ error: 'NOT_FOUND', code: 'DEVICE_CODE_NOT_FOUND' });
    expect((await lookup(a.token, 'AEIO-U123')).json()).toMatchObject({ code: 'DEVICE_CODE_NOT_FOUND' });
    expect((await t.call('POST', '/api/v1/auth/device/lookup', { body: { userCode: 'BCDF-GHJK' } })).statusCode).toBe(401);
  });

  it('user-code lookups are limited per account: the 21st in 15 minutes is 429 (guessing codes)', async () => {
    const a = await createUserAndLogin(t);
    for (let i = 0; i < 20; i++) expect((await lookup(a.token, 'BCDF-GHJK')).statusCode).toBe(404);
    const res = await lookup(a.token, 'BCDF-GHJK');
    expect(res.statusCode).toBe(429);
  });
});
