import { and, eq, sql } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, outbox, passkeys as passkeysTable, securityEvents, sessions, signInChallenges, signInNotices, totpFactors, users } from '../db/schema';
import { addPasskeyByApi } from '../test/authenticator';
import { activateDevice, machine } from '../test/devices';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { tokenFromMail } from '../test/mailbox';
import { createUser, TEST_ADMIN_TOTP_SECRET, TEST_PASSWORD, unusedAdminCode } from '../test/users';

// The load balancer at 127.0.0.1 (inject's peer) adds the visitor's address; Cloudflare names the place.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1', TRUSTED_CDN: 'cloudflare' });
});
afterAll(() => t.close());

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.6; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const DESKTOP_APP = 'StealthBrowser/2.1.0 (Windows NT 10.0; Win64; x64)';

/** Where a request comes from: its browser, its address, and the place the CDN names (none when not given). */
type From = { ua: string; ip: string; city?: string; country?: string };
let visitors = 0;
const from = (ua: string, place?: [city: string, country: string]): From => ({
  ua,
  ip: `198.51.${100 + (++visitors >> 8)}.${visitors & 255}`,
  city: place?.[0],
  country: place?.[1],
});
const headersOf = (f: From) => ({
  'user-agent': f.ua,
  'x-forwarded-for': f.ip,
  ...(f.city ? { 'cf-ipcity': f.city } : {}),
  ...(f.country ? { 'cf-ipcountry': f.country } : {}),
});

type Signed = { token: string; refreshToken: string; signInProof: string; user: { id: string } };
const login = async (email: string, f: From, extra: { signInProof?: string; deviceType?: 'web' | 'desktop'; password?: string } = {}) =>
  t.call('POST', '/api/v1/auth/login', {
    body: { email, password: extra.password ?? TEST_PASSWORD, deviceType: extra.deviceType ?? 'web', ...(extra.signInProof ? { signInProof: extra.signInProof } : {}) },
    headers: headersOf(f),
  });
const signIn = async (email: string, f: From, extra: { signInProof?: string; deviceType?: 'web' | 'desktop' } = {}): Promise<Signed> => {
  const res = await login(email, f, extra);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Signed;
};
const notices = (email: string) =>
  t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, email), eq(outbox.kind, 'new-sign-in')));
const secure = (token: string, f: From = from(CHROME_WINDOWS)) => t.call('POST', '/api/v1/auth/secure-account', { body: { token }, headers: headersOf(f) });
const me = (token: string) => t.call('GET', '/api/v1/auth/me', { token });
const eventsOf = async (userId: string, kind: string) =>
  t.db
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, userId), sql`${securityEvents.kind} = ${kind}`));

/** An account whose first sign-in (nobody's news) was made from Chrome on Windows: its session and that browser's proof. */
async function signedUp(opts: { timezone?: string; language?: string } = {}) {
  const u = await createUser(t);
  if (opts.timezone || opts.language) await t.db.update(users).set(opts).where(eq(users.id, u.user.id));
  const first = await signIn(u.email, from(CHROME_WINDOWS, ['Pune', 'IN']));
  return { ...u, first };
}

describe(`a sign-in from a new browser or device on ${TEST_DB_KIND}`, () => {
  it('the first sign-in sends nothing, the same browser with its proof nothing; a new browser gets the mail with its browser, system, place, address and time', async () => {
    const u = await signedUp({ timezone: 'Europe/London' });
    expect(await notices(u.email)).toEqual([]);
    await signIn(u.email, from(CHROME_WINDOWS, ['Pune', 'IN']), { signInProof: u.first.signInProof });
    expect(await notices(u.email)).toEqual([]);

    const stranger = from(FIREFOX_MAC, ['Lagos', 'NG']);
    const before = Date.now();
    const theirs = await signIn(u.email, stranger);
    // The sign-in is made as any other: its session works.
    expect((await me(theirs.token)).statusCode).toBe(200);
    const [mail, ...more] = await notices(u.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('New sign-in to your Stealth Browser account');
    expect(mail!.text).toContain('Hi Test, your Stealth Browser account was just signed in to from a browser or device it has not used before.');
    expect(mail!.text).toContain('If this was you, you need do nothing.');
    expect(mail!.text).toContain('Browser and system: Firefox on macOS');
    expect(mail!.text).toContain('Place: Lagos, NG');
    expect(mail!.text).toContain(`IP address: ${stranger.ip}`);
    // The time in the account's own zone.
    expect(mail!.text).toMatch(/Time: [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM) \(Europe\/London\)/);
    expect(mail!.text).toMatch(new RegExp(`This wasn't me:\\n${t.config.publicUrl}/secure-account\\?token=[^\\s&]+&lang=en\\n`));
    expect(mail!.html).toContain('This wasn&#39;t me');
    const [notice] = await t.db.select().from(signInNotices).where(eq(signInNotices.userId, u.user.id));
    expect(notice).toMatchObject({ userAgent: FIREFOX_MAC, ip: stranger.ip, place: 'Lagos, NG', deviceId: null, usedAt: null });
    expect(notice!.expiresAt.getTime() - before).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(notice!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    // The link's token is kept only as its hash.
    const token = await tokenFromMail(t, u.email, 'new-sign-in');
    expect(notice!.tokenHash).not.toContain(token);

    // The new browser's own proof makes it known from then on; a place the CDN does not name is said to be unknown.
    await signIn(u.email, from(FIREFOX_MAC, ['Lagos', 'NG']), { signInProof: theirs.signInProof });
    expect(await notices(u.email)).toHaveLength(1);
    await signIn(u.email, from(SAFARI_IPHONE));
    const newest = (await notices(u.email)).sort((a, b) => +b.createdAt - +a.createdAt)[0]!;
    expect(newest.text).toContain('Browser and system: Safari on iOS');
    expect(newest.text).toContain('Place: Unknown location');
  });

  it("is written in the account's language", async () => {
    const u = await signedUp({ language: 'hi' });
    await signIn(u.email, from(FIREFOX_MAC));
    const [mail] = await notices(u.email);
    expect(mail!.subject).toBe('आपके Stealth Browser खाते में नया साइन-इन');
    expect(mail!.text).toContain('macOS पर Firefox');
    expect(mail!.text).toContain('अज्ञात स्थान');
    expect(mail!.text).toContain('&lang=hi');
  });

  it('a proof of another account counts as none; a wrong password sends nothing', async () => {
    const u = await signedUp();
    const other = await signedUp();
    expect((await login(u.email, from(FIREFOX_MAC), { password: 'Wrong!Passw0rd1' })).statusCode).toBe(401);
    expect(await notices(u.email)).toEqual([]);
    await signIn(u.email, from(CHROME_WINDOWS), { signInProof: other.first.signInProof });
    expect(await notices(u.email)).toHaveLength(1);
    expect(await notices(other.email)).toEqual([]);
  });

  it('a password and code sign-in decides as its password step: the proof shown then, kept with the challenge', async () => {
    const u = await signedUp();
    const secretSealed = t.app.ctx.twoFactor.sealer.seal(TEST_ADMIN_TOTP_SECRET);
    await t.db.insert(totpFactors).values({ userId: u.user.id, secretSealed, confirmedAt: new Date() });
    const twoSteps = async (f: From, signInProof?: string) => {
      const res = await login(u.email, f, { signInProof });
      expect(res.statusCode, res.body).toBe(200);
      const { challenge } = res.json().data.secondFactor as { challenge: string };
      const second = await t.call('POST', '/api/v1/auth/login/second-factor', { body: { challenge, code: await unusedAdminCode(t, u.user.id) }, headers: headersOf(f) });
      expect(second.statusCode, second.body).toBe(200);
      return second.json().data as Signed;
    };
    const kept = async () => (await t.db.select({ proof: signInChallenges.signInProof }).from(signInChallenges).where(eq(signInChallenges.userId, u.user.id))).map((c) => c.proof);

    // The browser of the first sign-in, with its proof: known, at both steps.
    await twoSteps(from(CHROME_WINDOWS), u.first.signInProof);
    expect(await kept()).toEqual([true]);
    expect(await notices(u.email)).toEqual([]);
    // Another browser: told once the code is given, not at the password step.
    const f = from(FIREFOX_MAC, ['Lagos', 'NG']);
    const res = await login(u.email, f);
    expect(res.json().data.secondFactor).toBeDefined();
    expect(await notices(u.email)).toEqual([]);
    const second = await t.call('POST', '/api/v1/auth/login/second-factor', {
      body: { challenge: res.json().data.secondFactor.challenge, code: await unusedAdminCode(t, u.user.id) },
      headers: headersOf(from(CHROME_WINDOWS)),
    });
    expect(second.statusCode, second.body).toBe(200);
    expect((await kept()).sort()).toEqual([false, true]);
    const [mail] = await notices(u.email);
    // What the mail tells of is the password step's browser and place.
    expect(mail!.text).toContain('Browser and system: Firefox on macOS');
    expect(mail!.text).toContain('Place: Lagos, NG');
  });

  it('a passkey sign-in names no account, so its browser family decides: the same browser and system as a sign-in before is known', async () => {
    const u = await signedUp();
    const made = await addPasskeyByApi(t, u.first.token, 'Phone');
    const { authenticator } = made;
    const withPasskey = async (f: From) => {
      const signInOptions = (await t.call('POST', '/api/v1/auth/passkeys/sign-in-options', { headers: headersOf(f) })).json().data.options;
      const res = await t.call('POST', '/api/v1/auth/passkeys/sign-in', { body: { response: authenticator.get(made.passkey, signInOptions) }, headers: headersOf(f) });
      expect(res.statusCode, res.body).toBe(200);
    };
    // Chrome on Windows signed in before (with the password): known, whatever its address.
    await withPasskey(from(CHROME_WINDOWS));
    expect(await notices(u.email)).toEqual([]);
    // Safari on an iPhone never did: told.
    await withPasskey(from(SAFARI_IPHONE, ['Pune', 'IN']));
    const [mail, ...more] = await notices(u.email);
    expect(more).toEqual([]);
    expect(mail!.text).toContain('Browser and system: Safari on iOS');
    // Now it has: the same family again is known.
    await withPasskey(from(SAFARI_IPHONE));
    expect(await notices(u.email)).toHaveLength(1);
  });

  it("the desktop program: a new device is told of, its sign-in and the same machine's activation again are not", async () => {
    const u = await signedUp();
    const program = await signIn(u.email, from(DESKTOP_APP, ['Pune', 'IN']), { deviceType: 'desktop' });
    expect(await notices(u.email)).toEqual([]);
    const laptop = machine('Asha laptop');
    const device = await activateDevice(t, program.token, laptop);
    const [mail, ...more] = await notices(u.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('New sign-in to your Stealth Browser account');
    expect(mail!.text).toContain('Browser and system: Stealth Browser desktop app on Asha laptop (Windows 11 Pro)');
    const [notice] = await t.db.select().from(signInNotices).where(eq(signInNotices.userId, u.user.id));
    expect(notice!.deviceId).toBe(device.id);

    // The same machine again (a reinstall: a new install id), and its program signing in again: nothing more.
    const again = await signIn(u.email, from(DESKTOP_APP), { deviceType: 'desktop' });
    const reinstalled = await activateDevice(t, again.token, { ...laptop, installId: 'install-again' });
    expect(reinstalled.id).toBe(device.id);
    expect(await notices(u.email)).toHaveLength(1);
  });

  it('never fails the sign-in: a notice that cannot be written is left out, the session is made', async () => {
    const u = await signedUp();
    await t.db.execute(sql`alter table sign_in_notices rename to sign_in_notices_away`);
    try {
      const theirs = await signIn(u.email, from(FIREFOX_MAC));
      expect((await me(theirs.token)).statusCode).toBe(200);
    } finally {
      await t.db.execute(sql`alter table sign_in_notices_away rename to sign_in_notices`);
    }
    expect(await notices(u.email)).toEqual([]);
  });
});

describe(`"This wasn't me" on ${TEST_DB_KIND}`, () => {
  it("ends every session (the desktop program too), voids the password and answers a reset token that works once; every link of the account's mails is used up", async () => {
    const u = await signedUp();
    const browser = await signIn(u.email, from(CHROME_WINDOWS), { signInProof: u.first.signInProof });
    const program = await signIn(u.email, from(DESKTOP_APP), { deviceType: 'desktop' });
    const device = await activateDevice(t, program.token, machine('Intruder PC'));
    const intruder = await signIn(u.email, from(FIREFOX_MAC, ['Lagos', 'NG']));
    expect(await notices(u.email)).toHaveLength(2);

    // The newest mail is the browser's; its link answers a password reset link's token.
    const link = await tokenFromMail(t, u.email, 'new-sign-in');
    const res = await secure(link, from(CHROME_WINDOWS, ['Pune', 'IN']));
    expect(res.statusCode, res.body).toBe(200);
    const { resetToken } = res.json().data as { resetToken: string };
    expect(resetToken).toEqual(expect.any(String));
    for (const s of [u.first, browser, program, intruder]) expect((await me(s.token)).statusCode).toBe(401);
    const ended = await t.db.select().from(sessions).where(eq(sessions.userId, u.user.id));
    expect(ended.map((s) => s.revokedReason)).toEqual(ended.map(() => 'secured_after_sign_in'));
    expect(ended.map((s) => s.deviceType).sort()).toEqual(['desktop', 'web', 'web', 'web']);
    // Nor do their refresh tokens bring a session back.
    expect((await t.call('POST', '/api/v1/auth/refresh', { body: { refreshToken: intruder.refreshToken } })).statusCode).toBe(401);
    // The password opens nothing, from the owner's browser (its proof retired with the sessions) or elsewhere.
    expect((await login(u.email, from(CHROME_WINDOWS), { signInProof: u.first.signInProof })).json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect((await login(u.email, from(FIREFOX_MAC))).json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    // The security log tells what was done, from where, and which sign-in it was about; the admin sees the account's state.
    const [secured] = await eventsOf(u.user.id, 'secured-after-sign-in');
    expect(secured).toMatchObject({ detail: 'Firefox, macOS · Lagos, NG', place: 'Pune, IN' });
    const [notice] = await t.db
      .select()
      .from(signInNotices)
      .where(eq(signInNotices.userId, u.user.id))
      .orderBy(sql`${signInNotices.createdAt} desc`);
    expect(notice!.usedAt).not.toBeNull();

    // The reset token sets a new password, once; the new password opens the account.
    const chosen = 'N3w!Own3r-pass';
    const reset = (token: string) => t.call('POST', '/api/v1/auth/reset-password', { body: { token, password: chosen, confirmPassword: chosen } });
    expect((await reset(resetToken)).statusCode).toBe(200);
    expect((await reset(resetToken)).statusCode).toBe(400);
    expect((await login(u.email, from(CHROME_WINDOWS), { password: chosen })).statusCode).toBe(200);
    // The used link is refused; the device's mail was used up with it (the sessions it told of are ended).
    expect((await secure(link)).json()).toMatchObject({ code: 'INVALID_SECURE_ACCOUNT_LINK' });
    const [deviceNotice] = await t.db
      .select()
      .from(signInNotices)
      .where(and(eq(signInNotices.userId, u.user.id), eq(signInNotices.deviceId, device.id)));
    expect(deviceNotice!.usedAt).not.toBeNull();
  });

  it("the ways in the intruder added go with it: a passkey and an authenticator added since that sign-in; the owner's older passkey stays", async () => {
    const u = await signedUp();
    const owners = await addPasskeyByApi(t, u.first.token, 'Owner phone');
    // The notice's sign-in is newer than the owner's passkey by the clock's own step.
    await t.db
      .update(passkeysTable)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(passkeysTable.userId, u.user.id));
    const intruder = await signIn(u.email, from(FIREFOX_MAC, ['Lagos', 'NG']));
    const theirs = await addPasskeyByApi(t, intruder.token, 'Intruder key');
    const setup = (await t.call('POST', '/api/v1/auth/two-factor/setup', { token: intruder.token })).json().data as { secret: string };
    const code = generateSync({ secret: setup.secret });
    expect((await t.call('POST', '/api/v1/auth/two-factor/confirm', { token: intruder.token, body: { code } })).statusCode).toBe(200);

    expect((await secure(await tokenFromMail(t, u.email, 'new-sign-in'))).statusCode).toBe(200);
    const left = await t.db.select({ name: passkeysTable.name }).from(passkeysTable).where(eq(passkeysTable.userId, u.user.id));
    expect(left.map((p) => p.name)).toEqual(['Owner phone']);
    expect(await t.db.select().from(totpFactors).where(eq(totpFactors.userId, u.user.id))).toHaveLength(0);
    // The intruder's passkey signs in to nothing; the owner's still does.
    const tryPasskey = async (who: typeof owners) => {
      const options = (await t.call('POST', '/api/v1/auth/passkeys/sign-in-options')).json().data.options;
      return t.call('POST', '/api/v1/auth/passkeys/sign-in', { body: { response: who.authenticator.get(who.passkey, options) } });
    };
    expect((await tryPasskey(theirs)).json()).toMatchObject({ code: 'PASSKEY_NOT_RECOGNISED' });
    expect((await tryPasskey(owners)).statusCode).toBe(200);
    expect((await eventsOf(u.user.id, 'passkey-removed')).map((e) => e.detail)).toEqual(['Intruder key']);
    expect(await eventsOf(u.user.id, 'two-factor-off')).toHaveLength(1);
  });

  it('from the mail of a new device: the device is removed, its seat freed', async () => {
    const u = await signedUp();
    const program = await signIn(u.email, from(DESKTOP_APP), { deviceType: 'desktop' });
    const device = await activateDevice(t, program.token, machine('Intruder PC'));
    const res = await secure(await tokenFromMail(t, u.email, 'new-sign-in'));
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(devices).where(eq(devices.id, device.id));
    expect(row).toMatchObject({ removedBy: 'customer', removedReason: "This wasn't me (new sign-in mail)" });
    expect(row!.removedAt).not.toBeNull();
    expect((await eventsOf(u.user.id, 'device-removed')).map((e) => e.detail)).toEqual(['Intruder PC (Windows 11 Pro)']);
    expect((await eventsOf(u.user.id, 'secured-after-sign-in')).map((e) => e.detail)).toEqual(['Intruder PC (Windows 11 Pro)']);
    expect((await me(program.token)).statusCode).toBe(401);
  });

  it('a used or expired link is refused and changes nothing; so are tokens that were never given and wrong shapes', async () => {
    const u = await signedUp();
    const intruder = await signIn(u.email, from(FIREFOX_MAC));
    const token = await tokenFromMail(t, u.email, 'new-sign-in');
    const state = async () => ({
      user: (await t.db.select({ hash: users.passwordHash, tv: users.tokenVersion }).from(users).where(eq(users.id, u.user.id)))[0],
      live: (
        await t.db
          .select({ id: sessions.id })
          .from(sessions)
          .where(and(eq(sessions.userId, u.user.id), sql`${sessions.revokedAt} is null`))
      ).length,
      events: (await eventsOf(u.user.id, 'secured-after-sign-in')).length,
      notices: (await t.db.select({ usedAt: signInNotices.usedAt }).from(signInNotices).where(eq(signInNotices.userId, u.user.id))).map((n) => n.usedAt),
    });
    const before = await state();
    expect(before.live).toBe(2);

    await t.db
      .update(signInNotices)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInNotices.userId, u.user.id));
    const expired = await secure(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({
      code: 'INVALID_SECURE_ACCOUNT_LINK',
      message: 'This link was already used or has expired. If someone else signed in to your account, choose "Forgot password?" when you sign in to set a new password.',
    });
    for (const guess of ['not-a-token', token.slice(0, -1), `${token}x`]) expect((await secure(guess)).json()).toMatchObject({ code: 'INVALID_SECURE_ACCOUNT_LINK' });
    for (const body of [{}, { token: '' }, { token: 'x'.repeat(5000) }, { token: 42 }]) {
      const res = await t.call('POST', '/api/v1/auth/secure-account', { body });
      expect(res.statusCode).toBe(400);
    }
    expect(await state()).toEqual(before);
    expect((await me(intruder.token)).statusCode).toBe(200);

    // Used once (within its days), it is refused the next time, and nothing more changes.
    await t.db
      .update(signInNotices)
      .set({ expiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(signInNotices.userId, u.user.id));
    expect((await secure(token)).statusCode).toBe(200);
    const after = await state();
    expect((await secure(token)).json()).toMatchObject({ code: 'INVALID_SECURE_ACCOUNT_LINK' });
    expect(await state()).toEqual(after);
    expect(after.events).toBe(1);
  });

  it("another account's link acts on that account only: each link is random and its own", async () => {
    const a = await signedUp();
    const b = await signedUp();
    const intoA = await signIn(a.email, from(FIREFOX_MAC));
    const intoB = await signIn(b.email, from(FIREFOX_MAC));
    const [tokenA, tokenB] = [await tokenFromMail(t, a.email, 'new-sign-in'), await tokenFromMail(t, b.email, 'new-sign-in')];
    expect(tokenA).not.toBe(tokenB);
    expect((await secure(tokenA)).statusCode).toBe(200);
    for (const s of [a.first, intoA]) expect((await me(s.token)).statusCode).toBe(401);
    for (const s of [b.first, intoB]) expect((await me(s.token)).statusCode).toBe(200);
    expect((await login(b.email, from(CHROME_WINDOWS), { signInProof: b.first.signInProof })).statusCode).toBe(200);
    expect(await eventsOf(b.user.id, 'secured-after-sign-in')).toEqual([]);
    // B's own link still works, for B.
    expect((await secure(tokenB)).statusCode).toBe(200);
    expect((await me(b.first.token)).statusCode).toBe(401);
  });
});
