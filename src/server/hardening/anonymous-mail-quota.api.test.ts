import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema';
import { MSG } from '../../shared/messages';
import { LIVE_LINKS_PER_ACCOUNT } from '../services/auth/email-tokens';
import { AUTH_LIMITS } from '../services/auth/rate-limits';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { tokenFromMail } from '../test/mailbox';
import { createUser } from '../test/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let net = 0;
/** A fresh /24 per test, so per-address counts of one test do not reach another. */
const subnet = () => `10.${120 + ++net}.0`;
const post = (path: string, email: string, ip: string) => t.call('POST', `/api/v1${path}`, { body: { email }, remoteAddress: ip });

describe(`strangers asking for an account's mails (decision 103) on ${TEST_DB_KIND}`, () => {
  it('six forgot-password requests from other addresses neither lock the owner out of resets nor cancel the link already mailed', async () => {
    const owner = await createUser(t);
    const home = `${subnet()}.1`;
    expect((await post('/auth/forgot-password', owner.email, home)).statusCode).toBe(200);
    const mailed = await tokenFromMail(t, owner.email, 'password-reset');

    // The review's attack: more requests than the per-account quota, from other addresses.
    for (let i = 0; i <= AUTH_LIMITS.forgotAccount.max; i++) expect((await post('/auth/forgot-password', owner.email, `${subnet()}.9`)).statusCode).toBe(200);

    // The owner still gets a link from their own address...
    const own = await post('/auth/forgot-password', owner.email, home);
    expect(own.statusCode).toBe(200);
    expect(own.json().message).toBe(MSG.resetLinkSent);
    // ...and the link mailed first, before the strangers came, still resets the password.
    const reset = await t.call('POST', '/api/v1/auth/reset-password', { body: { token: mailed, password: 'N3w!Passw0rd' } });
    expect(reset.statusCode).toBe(200);
    expect((await t.call('POST', '/api/v1/auth/login', { body: { email: owner.email, password: 'N3w!Passw0rd' }, remoteAddress: home })).statusCode).toBe(200);
    // Setting the password retires every other reset link, the strangers' ones included.
    const later = await tokenFromMail(t, owner.email, 'password-reset');
    expect((await t.call('POST', '/api/v1/auth/reset-password', { body: { token: later, password: 'An0ther!Passw0rd' } })).statusCode).toBe(400);
  });

  it('one address asking too often for one account is still stopped', async () => {
    const owner = await createUser(t);
    const ip = `${subnet()}.1`;
    for (let i = 0; i < AUTH_LIMITS.forgotAccount.max; i++) expect((await post('/auth/forgot-password', owner.email, ip)).statusCode).toBe(200);
    expect((await post('/auth/forgot-password', owner.email, ip)).statusCode).toBe(429);
  });

  it('resend-verification from other addresses neither locks the owner out nor cancels the verification link mailed', async () => {
    const email = `pending.${Date.now()}@example.com`;
    const home = `${subnet()}.1`;
    const reg = await t.call('POST', '/api/v1/auth/register', {
      body: { firstName: 'Asha', lastName: 'Verma', email, password: 'Str0ng!Passw0rd', confirmPassword: 'Str0ng!Passw0rd' },
      remoteAddress: home,
    });
    expect(reg.statusCode).toBe(201);
    const mailed = await tokenFromMail(t, email, 'verify-email');
    for (let i = 0; i <= AUTH_LIMITS.resendAccount.max; i++) expect((await post('/auth/resend-verification', email, `${subnet()}.9`)).statusCode).toBe(200);
    expect((await post('/auth/resend-verification', email, home)).statusCode).toBe(200);
    const verified = await t.call('GET', `/api/v1/auth/verify-email/${mailed}`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ error: false, data: { email, alreadyVerified: false } });
  });

  // The per-account quota counts per asking address: an IPv6 client has a /64 per limit, and a /48 holds 65 536 of them.
  it.each([
    ['forgot-password', 'password-reset'],
    ['resend-verification', 'verify-email'],
  ] as const)('%s from many addresses mails the owner a bounded number of links, and the first still works', async (call, kind) => {
    const owner = await createUser(t, { verified: call === 'forgot-password' });
    const flood = 12 * AUTH_LIMITS.forgotAccount.max;
    for (let i = 0; i < flood; i++) {
      // Every request is answered as before: whether a mail went out is not told.
      expect((await post(`/auth/${call}`, owner.email, `2001:db8:77:${i.toString(16)}::1`)).statusCode).toBe(200);
    }
    const mailed = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, owner.email), eq(outbox.kind, kind)));
    expect(mailed.length).toBe(LIVE_LINKS_PER_ACCOUNT);
    // Every link the owner was mailed works; the first one used here.
    const first = [...mailed].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0].text.match(/[?&]token=([^\s&]+)/)![1];
    const used =
      kind === 'password-reset'
        ? await t.call('POST', '/api/v1/auth/reset-password', { body: { token: decodeURIComponent(first), password: 'N3w!Passw0rd' } })
        : await t.call('GET', `/api/v1/auth/verify-email/${first}`);
    expect(used.statusCode).toBe(200);
  });
});
