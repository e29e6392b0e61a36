import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { lastMailTo } from '../test/mailbox';
import { createUser, TEST_PASSWORD } from '../test/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ip = 0;
const post = (url: string, body: object) =>
  t.app
    .inject({ method: 'POST', url: `/api/v1${url}`, payload: body, remoteAddress: `192.0.2.${++ip}` })
    // Mail a route sends after its answer (decision 101) is there before the test reads it.
    .then(async (r) => (await t.app.ctx.jobs.settled(), { status: r.statusCode, body: JSON.parse(r.body) }));
const register = (email: string) => post('/auth/register', { firstName: 'Asha', lastName: 'Rao', email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD });
/** Accounts whose stored address is `address` once written the way a mail server reads it (case and root dot aside). */
const accountsLike = async (address: string) => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from users where rtrim(lower(email), '.') = ${address}`))[0].n;
const userCount = async () => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from users`))[0].n;

describe(`one mailbox, one spelling (${TEST_DB_KIND})`, () => {
  // Each with its own local part: one address may try to register only five times an hour.
  it.each([
    'a@mailinator.com',
    'b@mailinator.com.',
    'C@MAILINATOR.COM',
    'd@MaIlInAtOr.CoM.',
    'e@ｍａｉｌｉｎａｔｏｒ．ｃｏｍ',
    'f@mailinator。com',
    'g@inbox.mailinator.com',
    'h@dé.net',
    'i@DÉ.NET.',
    'j@xn--d-bga.net',
  ])('refuses the disposable address %s', async (email) => {
    const before = await userCount();
    const res = await register(email);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'Disposable email are not allowed. Please use valid email address.' });
    expect(await userCount()).toBe(before);
  });

  it('registering X@Example.COM. (or its full-width spelling) when x@… exists opens no second account', async () => {
    const existing = `nina.${Date.now()}@example.com`;
    await createUser(t, { email: existing });
    const before = await userCount();
    for (const variant of [`${existing.toUpperCase()}.`, ` ${existing.replace('example.com', 'Example.COM')}. `, existing.replace('example.com', 'ｅｘａｍｐｌｅ．ｃｏｍ')]) {
      await register(variant);
      expect(await userCount(), variant).toBe(before);
      expect(await accountsLike(existing), variant).toBe(1);
    }
  });

  it('a new address is stored in its one spelling', async () => {
    const res = await register('Ravi.K@Bücher.Example.');
    expect(res.status).toBe(201);
    const [row] = await queryRows<{ email: string }>(t.db, sql`select email from users where email like 'ravi.k@%'`);
    expect(row.email).toBe('ravi.k@xn--bcher-kva.example');
  });

  it('sign-in, reset and contact read the same spellings as the same address', async () => {
    const { email } = await createUser(t, { email: `omar.${Date.now()}@example.com` });
    const variant = `${email.toUpperCase()}.`;
    const login = await post('/auth/login', { email: variant, password: TEST_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.data.user.email).toBe(email);

    expect((await post('/auth/forgot-password', { email: variant })).status).toBe(200);
    expect((await lastMailTo(t, email, 'password-reset'))?.toAddress).toBe(email);

    const contact = await post('/contact', { name: 'Omar', email: variant, subject: 'Hello', message: 'Hi' });
    expect(contact.status).toBe(201);
    const [row] = await queryRows<{ email: string }>(t.db, sql`select email from contact_messages where id = ${contact.body.data.id}`);
    expect(row.email).toBe(email);
  });
});
