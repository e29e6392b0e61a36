import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../shared/endpoints';
import { fillPath, type Endpoint } from '../../shared/endpoints/endpoint';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { tokenFromMail } from '../test/mailbox';
import { createUser, createUserAndLogin, TEST_PASSWORD } from '../test/users';
import { RATE_LIMITS } from './rate-limits';

const UUID = '00000000-0000-4000-8000-000000000000';
const all = Object.values(endpoints).flatMap((area) => Object.values(area) as Endpoint[]);
const limited = all.filter((e) => e.limits?.length);

let t: TestApp;
let counted: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const { limiter } = t.app.ctx;
  const consume = limiter.consume.bind(limiter);
  limiter.consume = async (limit, subject) => {
    counted.push(limit.name);
    return consume(limit, subject);
  };
});
afterAll(() => t?.close());

/** The names of the limits one call of the endpoint counts, whether route() or its handler applies them. */
async function countedBy(e: Endpoint, opts: { body?: unknown; token?: string } = {}): Promise<string[]> {
  counted = [];
  await t.call(e.method, `/api/v1${fillPath(e.path, { id: UUID })}`, opts);
  return [...counted];
}

describe(`the rate limits a declaration names are the ones its calls count (${TEST_DB_KIND})`, () => {
  it('for every endpoint with limits: the union over calls that reach each limit equals its declared names, in order', async () => {
    const { auth, contact, dataExport, deviceGrant, devices, emailChange, passkeys, security, subscriptions, twoFactor, twoFactorRecovery, users } = endpoints;
    const user = await createUserAndLogin(t);
    const other = await createUser(t);
    const seen = new Map<Endpoint, string[]>();
    const add = (e: Endpoint, names: string[]) => seen.set(e, [...(seen.get(e) ?? []), ...names]);

    // Sign-in: every attempt per address; then per account, or per device with a device token of that account.
    const first = await countedBy(auth.login, { body: { email: user.email, password: TEST_PASSWORD } });
    add(auth.login, first);
    const deviceToken = (await t.call('POST', '/api/v1/auth/login', { body: { email: user.email, password: TEST_PASSWORD } })).json().data.deviceToken as string;
    expect(deviceToken).toBeTruthy();
    add(auth.login, await countedBy(auth.login, { body: { email: user.email, password: TEST_PASSWORD, deviceToken } }));
    add(
      auth.register,
      await countedBy(auth.register, {
        body: { firstName: 'Limit', lastName: 'Counted', email: 'limit.counted@example.com', password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD },
      }),
    );
    add(auth.resendVerification, await countedBy(auth.resendVerification, { body: { email: other.email } }));
    add(auth.forgotPassword, await countedBy(auth.forgotPassword, { body: { email: other.email } }));
    const token = await tokenFromMail(t, other.email, 'password-reset');
    add(auth.resetPassword, await countedBy(auth.resetPassword, { body: { token, password: 'An0ther!Passw0rd', confirmPassword: 'An0ther!Passw0rd' } }));
    // A check of the current password counts per account (a wrong one here).
    const wrong = 'Wrong!pass1';
    const changed = 'An0ther!Passw0rd';
    add(auth.changePassword, await countedBy(auth.changePassword, { body: { currentPassword: wrong, newPassword: changed, confirmPassword: changed }, token: user.token }));
    add(auth.deleteAccount, await countedBy(auth.deleteAccount, { body: { password: wrong }, token: user.token }));
    // The rest count before the body is read: an empty one shows them.
    for (const e of [subscriptions.start, subscriptions.changePlan, users.reportUsage, devices.activate, devices.refreshLease])
      add(e, await countedBy(e, { body: {}, token: user.token }));
    add(contact.send, await countedBy(contact.send, { body: {} }));
    // Sign-in through the browser (decision 185): the program's calls per address, the approval page's per address and account.
    for (const e of [deviceGrant.code, deviceGrant.token]) add(e, await countedBy(e, { body: {} }));
    for (const e of [deviceGrant.lookup, deviceGrant.decide]) add(e, await countedBy(e, { body: {}, token: user.token }));
    // An approval with a password (a session signed in long ago) counts it per account too.
    add(deviceGrant.decide, await countedBy(deviceGrant.decide, { body: { userCode: 'BCDF-GHJK', approve: true, password: wrong }, token: user.token }));

    // Two-step verification (decision 192): a wrong code of the setup, of the second step, of step-up; a wrong password of step-up.
    const enrolling = await createUserAndLogin(t);
    const { secret } = (await t.call('POST', '/api/v1/auth/two-factor/setup', { token: enrolling.token })).json().data as { secret: string };
    add(twoFactor.confirm, await countedBy(twoFactor.confirm, { body: { code: '00000x' }, token: enrolling.token }));
    expect((await t.call('POST', '/api/v1/auth/two-factor/confirm', { token: enrolling.token, body: { code: generateSync({ secret }) } })).statusCode).toBe(200);
    const challenge = (await t.call('POST', '/api/v1/auth/login', { body: { email: enrolling.email, password: TEST_PASSWORD } })).json().data.secondFactor.challenge as string;
    add(twoFactor.secondFactor, await countedBy(twoFactor.secondFactor, { body: { challenge, code: '00000x' } }));
    add(twoFactor.stepUp, await countedBy(twoFactor.stepUp, { body: { password: wrong }, token: enrolling.token }));
    add(twoFactor.stepUp, await countedBy(twoFactor.stepUp, { body: { code: '00000x' }, token: enrolling.token }));
    // A passkey as the second step and for step-up (decision 198): its options per address or per account, a wrong answer as a wrong code.
    add(twoFactor.secondFactorPasskeyOptions, await countedBy(twoFactor.secondFactorPasskeyOptions, { body: { challenge } }));
    add(twoFactor.stepUpPasskeyOptions, await countedBy(twoFactor.stepUpPasskeyOptions, { token: enrolling.token }));
    const answer = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' }, clientExtensionResults: {} };
    add(twoFactor.secondFactor, await countedBy(twoFactor.secondFactor, { body: { challenge, passkey: answer } }));
    add(twoFactor.stepUp, await countedBy(twoFactor.stepUp, { body: { passkey: answer }, token: enrolling.token }));

    // Recovery by e-mail (decision 201): per address, then per account once a valid challenge names it; its links per address.
    const lost = (await t.call('POST', '/api/v1/auth/login', { body: { email: enrolling.email, password: TEST_PASSWORD } })).json().data.secondFactor.challenge as string;
    add(twoFactorRecovery.request, await countedBy(twoFactorRecovery.request, { body: { challenge: lost } }));
    for (const e of [twoFactorRecovery.cancel, twoFactorRecovery.complete]) add(e, await countedBy(e, { body: { token: 'not-a-token' } }));

    // The e-mail change (decision 194): the request per account, before its body is read; its links per address.
    add(emailChange.request, await countedBy(emailChange.request, { body: {}, token: enrolling.token }));
    for (const e of [emailChange.confirm, emailChange.undo]) add(e, await countedBy(e, { body: { token: 'not-a-token' } }));
    // A new sign-in's "This wasn't me" (decision 200): per address, as the e-mail change's links.
    add(security.secureAccount, await countedBy(security.secureAccount, { body: { token: 'not-a-token' } }));
    // Passkeys (decision 196): adding counts per account; signing in per address, as every sign-in does.
    for (const e of [passkeys.registrationOptions, passkeys.add]) add(e, await countedBy(e, { body: {}, token: enrolling.token }));
    for (const e of [passkeys.signInOptions, passkeys.signIn]) add(e, await countedBy(e, { body: {} }));
    // The data download (decision 199): per account, only once the step-up held (a fresh sign-in's does).
    add(dataExport.download, await countedBy(dataExport.download, { token: (await createUserAndLogin(t)).token }));

    expect([...seen.keys()].map((e) => `${e.method} ${e.path}`).sort()).toEqual(limited.map((e) => `${e.method} ${e.path}`).sort());
    for (const [e, names] of seen) expect([...new Set(names)], `${e.method} ${e.path}`).toEqual(e.limits);
    // Each limit counted once per call: the first sign-in counts its three, route()'s before the handler's.
    expect(first).toEqual(['login-ip-all', 'login-ip', 'login-account']);
  });

  it('answers a passed limit with 429, its code and retry-after, whoever applies it', async () => {
    const { max } = RATE_LIMITS['contact-ip'].limit;
    let last = await t.call('POST', '/api/v1/contact', { body: {}, remoteAddress: '203.0.113.77' });
    for (let i = 1; i <= max; i++) last = await t.call('POST', '/api/v1/contact', { body: {}, remoteAddress: '203.0.113.77' });
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ error: 'TOO_MANY_REQUESTS', code: 'CONTACT_RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});
