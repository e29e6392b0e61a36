import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, outbox } from '../db/schema';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';

const valid = { name: '  Asha Rao ', email: ' Asha.Rao@Example.COM ', subject: 'Team licence', message: 'Hello,\nwe are ten people.' };

const send = (t: TestApp, body: unknown, ip = '203.0.113.10') =>
  t.app
    .inject({ method: 'POST', url: '/api/v1/contact', payload: body as object, remoteAddress: ip })
    .then((r) => ({ status: r.statusCode, body: JSON.parse(r.body), headers: r.headers }));

describe(`POST /api/v1/contact on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // A mail server that cannot be reached: the message must still be kept and the visitor answered.
    t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
  });
  afterAll(() => t.close());
  let refusals = 0;

  it('stores the message, queues one notice to the support mailbox and answers 201', async () => {
    const res = await send(t, valid, '203.0.113.1');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: "We'll get back to you within 24 hours." });

    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, res.body.data.id));
    expect(row).toMatchObject({
      name: 'Asha Rao',
      email: 'asha.rao@example.com',
      subject: 'Team licence',
      message: 'Hello,\nwe are ten people.',
      ip: '203.0.113.1',
      handledAt: null,
    });

    const mails = await t.db.select().from(outbox).where(eq(outbox.kind, 'contact-notice'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ toAddress: 'support@stealthbrowser.app', subject: '[Contact] Team licence', status: 'pending' });
    expect(mails[0].text).toContain('From: Asha Rao <asha.rao@example.com>');
    expect(mails[0].text).toContain('Hello,\n\nwe are ten people.');
    expect(mails[0].html).toContain('we are ten people.');
  });

  it('puts the visitor text into the notice as text, never as markup or extra headers', async () => {
    const res = await send(
      t,
      { name: 'Eve', email: 'eve@example.com', subject: 'Hi\r\nBcc: all@example.com', message: '<script>alert(1)</script><a href="x">y</a>' },
      '203.0.113.2',
    );
    expect(res.status).toBe(201);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, res.body.data.id));
    expect(row.message).toBe('<script>alert(1)</script><a href="x">y</a>');
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.subject, '[Contact] Hi Bcc: all@example.com'));
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;a href=&quot;x&quot;&gt;y&lt;/a&gt;');
    expect(mail.html).not.toContain('<script>');
  });

  it.each([
    [{ ...valid, name: '' }, 'Name is required'],
    [{ ...valid, name: undefined }, 'Name is required'],
    [{ ...valid, email: '' }, 'Email is required'],
    [{ ...valid, email: 'not-an-address' }, 'Please enter a valid email address'],
    [{ ...valid, subject: '   ' }, 'Subject is required'],
    [{ ...valid, message: '' }, 'Message is required'],
    [{ ...valid, message: 'x'.repeat(5001) }, 'Message must not exceed 5000 characters'],
  ])('refuses %o with the field message', async (body, message) => {
    const before = (await t.db.select().from(contactMessages)).length;
    // Each from its own address: refused bodies count against the address's limit too.
    const res = await send(t, body, `203.0.113.${30 + refusals++}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_ERROR', message });
    expect(await t.db.select().from(contactMessages)).toHaveLength(before);
  });

  it('limits each address to five messages per 15 minutes, others still get through', async () => {
    for (let i = 0; i < 5; i++) expect((await send(t, valid, '198.51.100.7')).status).toBe(201);
    const blocked = await send(t, valid, '198.51.100.7');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      success: false,
      error: 'TOO_MANY_REQUESTS',
      message: 'You have sent several messages in a short time. Please wait a few minutes and try again.',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.db.select().from(contactMessages).where(eq(contactMessages.ip, '198.51.100.7'))).toHaveLength(5);
    expect((await send(t, valid, '198.51.100.8')).status).toBe(201);
  });

  it('counts refused bodies against the address too: five hostile bodies, then a valid message is refused', async () => {
    const ip = '198.51.100.20';
    const hostile = [
      { ...valid, email: `a@${'.'.repeat(64_000)}@` },
      { ...valid, email: 'not-an-address' },
      { ...valid, name: '' },
      { nonsense: true },
      { ...valid, message: 'x'.repeat(5001) },
    ];
    for (const body of hostile) expect((await send(t, body, ip)).status).toBe(400);
    const blocked = await send(t, valid, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      success: false,
      error: 'TOO_MANY_REQUESTS',
      message: 'You have sent several messages in a short time. Please wait a few minutes and try again.',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.db.select().from(contactMessages).where(eq(contactMessages.ip, ip))).toHaveLength(0);
  });

  it('answers an address of 64 000 dots at once, and the server stays free', async () => {
    const started = performance.now();
    const res = await send(t, { ...valid, email: `a@${'.'.repeat(64_000)}@` }, '198.51.100.21');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_ERROR', message: 'Please enter a valid email address' });
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('names a refused field by its code and params, with the English text as the message (decision 175)', async () => {
    const before = (await t.db.select().from(contactMessages)).length;
    const bad = await send(t, { ...valid, email: 'not-an-address' }, '198.51.100.23');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ success: false, error: 'VALIDATION_ERROR', code: 'EMAIL_INVALID', message: 'Please enter a valid email address', field: 'email' });
    const long = await send(t, { ...valid, subject: 's'.repeat(201) }, '198.51.100.24');
    expect(long.body).toEqual({
      success: false,
      error: 'VALIDATION_ERROR',
      code: 'FIELD_TOO_LONG',
      params: { field: 'subject', max: 200 },
      message: 'Subject must not exceed 200 characters',
      field: 'subject',
    });
    const missing = await send(t, { ...valid, name: ' ' }, '198.51.100.25');
    expect(missing.body).toMatchObject({ code: 'REQUIRED', params: { field: 'name' }, message: 'Name is required', field: 'name' });
    expect(await t.db.select().from(contactMessages)).toHaveLength(before);
  });

  it('refuses an address that carries mail headers, with the e-mail message', async () => {
    const before = (await t.db.select().from(contactMessages)).length;
    const res = await send(t, { ...valid, email: 'ceo@victim.example?bcc=spy%40attacker.example&body=' }, '198.51.100.22');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_ERROR', message: 'Please enter a valid email address' });
    expect(await t.db.select().from(contactMessages)).toHaveLength(before);
  });
});

describe(`POST /api/v1/contact with the bot check on (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TURNSTILE_SITE_KEY: 'site-key', TURNSTILE_SECRET_KEY: 'secret-key' });
  });
  afterAll(() => t.close());

  it('asks for the security verification and keeps nothing without it', async () => {
    const res = await send(t, valid);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'Please complete the security verification' });
    expect(await t.db.select().from(contactMessages)).toHaveLength(0);
  });
});
