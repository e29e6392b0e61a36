import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { deviceGrants, outbox, passkeys, payments, securityEvents, sessions, usageDays, users } from '../db/schema';
import { AUTH_LIMITS } from '../services/auth/rate-limits';
import { BILLING_FORM, buy, createBillingTestApp, type BillingTestApp } from '../test/billing';
import { activateDevice, machine } from '../test/devices';
import { TEST_DB_KIND } from '../test/harness';
import { lastMailTo } from '../test/mailbox';
import { createUserAndLogin, TEST_PASSWORD } from '../test/users';

/** A registered seller (decision 083): each payment gets a GST tax invoice, each refund a credit note. */
const SELLER = {
  SELLER_NAME: 'Stealth Browser',
  SELLER_LEGAL_NAME: 'Stealth Software Private Limited',
  SELLER_ADDRESS: '1 Residency Road, Bengaluru 560025',
  SELLER_GSTIN: '29ABCDE1234F1ZW',
  TRUSTED_CDN: 'cloudflare',
};
const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0';

let t: BillingTestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createBillingTestApp(SELLER);
  adminToken = (await createUserAndLogin(t, { role: 'admin' })).token;
});
afterAll(() => t.close());

let visitor = 0;
/** POST /auth/export from Pune, in Firefox on a Mac, from an address of its own. */
const download = (token: string) =>
  t.call('POST', '/api/v1/auth/export', {
    token,
    headers: { 'user-agent': FIREFOX_MAC, 'cf-ipcity': 'Pune', 'cf-ipcountry': 'IN' },
    remoteAddress: `203.0.113.${++visitor}`,
  });

/**
 * A customer with something in every table that holds an account's data: a profile, a paid month with its GST invoice
 * and a refund with its credit note, a desktop device and a browser sign-in of it, a passkey, two-step verification,
 * an e-mail change waiting, a contact message, usage (recent and rolled up) and the security log those made.
 */
async function customer(first: string) {
  const tag = first.toLowerCase();
  const u = await createUserAndLogin(t);
  await t.db
    .update(users)
    .set({ firstName: first, lastName: 'Kulkarni', company: `${first} Labs`, phone: '+919812345678', addressCity: 'Pune', timezone: 'Asia/Kolkata' })
    .where(eq(users.id, u.user.id));
  const billing = { ...BILLING_FORM, firstName: first, email: `${tag}.billing@example.com`, company: `${first} Labs` };
  const bought = await buy(t, u.token, 'stealth_month', 'success', billing);
  await t.sim.deliver();
  const [payment] = await t.db.select().from(payments).where(eq(payments.subscriptionId, bought.subscription._id));
  const refunded = await t.call('POST', `/api/v1/admin/payments/${payment!.id}/refund`, { token: adminToken, body: { amount: 10000, reason: `${first} asked for part back` } });
  expect(refunded.statusCode, refunded.body).toBe(200);

  const m = machine(`${first}'s ThinkPad`);
  await activateDevice(t, u.token, m);
  await t.db.insert(deviceGrants).values({
    deviceCodeHash: randomUUID(),
    userCodeHash: randomUUID(),
    deviceName: `${first}'s ThinkPad`,
    deviceOs: 'Windows 11 Pro',
    status: 'issued',
    userId: u.user.id,
    intervalSeconds: 5,
    place: 'Pune, IN',
    expiresAt: new Date(Date.now() + 600_000),
    decidedAt: new Date(),
  });
  await t.db.insert(passkeys).values({
    userId: u.user.id,
    credentialId: `cred-${randomUUID()}`,
    publicKey: `pk-${randomUUID()}`,
    deviceType: 'multiDevice',
    backedUp: true,
    name: `${first}'s Pixel`,
  });
  const setup = await t.call('POST', '/api/v1/auth/two-factor/setup', { token: u.token });
  expect(setup.statusCode, setup.body).toBe(200);
  const secret = setup.json().data.secret as string;
  const confirmed = await t.call('POST', '/api/v1/auth/two-factor/confirm', { token: u.token, body: { code: generateSync({ secret }) } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const recoveryCodes = confirmed.json().data.recoveryCodes as string[];

  const moved = await t.call('POST', '/api/v1/auth/email-change', { token: u.token, body: { newEmail: `${tag}.new@example.com` } });
  expect(moved.statusCode, moved.body).toBe(200);
  const sent = await t.call('POST', '/api/v1/contact', {
    body: { name: `${first} Kulkarni`, email: u.email, subject: `${first} has a question`, message: 'How do I move my licence to a new laptop?' },
    remoteAddress: `198.51.100.${++visitor}`,
  });
  expect(sent.statusCode, sent.body).toBe(201);
  expect((await t.call('POST', '/api/v1/usage', { token: u.token, body: { feature: `${tag}-feature` } })).statusCode).toBe(201);
  await t.db
    .insert(usageDays)
    .values({ userId: u.user.id, day: '2026-10-01', feature: `${tag}-old-feature`, events: 3, quantity: 7, lastUsedAt: new Date('2026-10-01T12:00:00Z') });
  return { ...u, first, payment: payment!, machine: m, secret, recoveryCodes };
}
type Customer = Awaited<ReturnType<typeof customer>>;

/** Every value of the database that is a secret or a handle of the site's or the payment provider's, whoever it belongs to. */
async function secretsInDatabase(): Promise<string[]> {
  const rows = await queryRows<{ v: string | null }>(
    t.db,
    sql`select password_hash as v from users
        union all select secret_sealed from totp_factors
        union all select code_hmac from recovery_codes
        union all select token_hash from refresh_tokens
        union all select token_hash from email_tokens
        union all select confirm_token_hash from email_changes union all select undo_token_hash from email_changes
        union all select token_hash from sign_in_challenges
        union all select id from sign_in_proofs
        union all select credential_id from passkeys union all select public_key from passkeys
        union all select challenge from webauthn_challenges
        union all select hardware_hmac from devices union all select install_id from devices
        union all select device_code_hash from device_grants union all select user_code_hash from device_grants
        union all select razorpay_subscription_id from subscriptions union all select razorpay_order_id from subscriptions
        union all select razorpay_order_id from payments union all select razorpay_invoice_id from payments
        union all select razorpay_plan_id from plans
        union all select id::text from users union all select id::text from sessions union all select id::text from payments
        union all select id::text from subscriptions union all select id::text from devices union all select id::text from passkeys`,
  );
  return rows.map((r) => r.v).filter((v): v is string => Boolean(v));
}

describe(`downloading the account's data on ${TEST_DB_KIND}`, () => {
  let asha: Customer;
  let ravi: Customer;
  let text: string;
  let data: any;
  beforeAll(async () => {
    asha = await customer('Asha');
    ravi = await customer('Ravi');
    const res = await download(asha.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="stealth-browser-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toContain('no-store');
    text = res.body;
    data = JSON.parse(text);
  }, 60_000);

  it('holds the profile, plans, payments with their GST figures, refunds, devices, sessions, passkeys, factors, changes, messages, usage and the log', () => {
    expect(data).toMatchObject({ format: 'stealth-browser-data-export', version: 1, exportedAt: expect.any(String) });
    expect(data.profile).toMatchObject({
      firstName: 'Asha',
      lastName: 'Kulkarni',
      email: asha.email,
      emailVerified: true,
      company: 'Asha Labs',
      phone: '+919812345678',
      language: 'en',
      timeZone: 'Asia/Kolkata',
      role: 'user',
      createdAt: expect.any(String),
    });
    expect(data.twoStepVerification).toMatchObject({ on: true, since: expect.any(String), recoveryCodesLeft: 10 });
    expect(data.passkeys).toEqual([{ name: "Asha's Pixel", addedAt: expect.any(String), lastUsedAt: null, synced: true }]);
    expect(data.sessions[0]).toMatchObject({ kind: 'browser', createdAt: expect.any(String), lastSeenAt: expect.any(String), endedAt: null });
    expect(data.devices).toEqual([
      expect.objectContaining({
        name: "Asha's ThinkPad",
        system: 'Windows 11 Pro',
        appVersion: '2.1.0',
        addedAt: expect.any(String),
        lastSeenAt: expect.any(String),
        removedAt: null,
      }),
    ]);
    expect(data.desktopSignInRequests).toEqual([expect.objectContaining({ deviceName: "Asha's ThinkPad", status: 'issued', place: 'Pune, IN' })]);
    expect(data.emailChanges).toEqual([expect.objectContaining({ from: asha.email, to: 'asha.new@example.com', confirmedAt: null })]);

    expect(data.subscriptions).toEqual([
      expect.objectContaining({ plan: 'Stealth Month', planCode: 'stealth_month', status: 'active', price: { paise: 29900, rupees: 299, currency: 'INR' } }),
    ]);
    expect(data.subscriptions[0].billingDetails).toMatchObject({ firstName: 'Asha', email: 'asha.billing@example.com', state: '29' });
    const [payment] = data.payments;
    expect(payment).toMatchObject({
      plan: 'Stealth Month',
      status: 'captured',
      amount: { paise: 29900, rupees: 299, currency: 'INR' },
      amountPaid: { paise: 29900, rupees: 299, currency: 'INR' },
      invoiceNumber: asha.payment.invoiceNumber,
      paymentReference: asha.payment.razorpayPaymentId,
    });
    expect(payment.invoiceNumber).toMatch(/^INV\//);
    // Karnataka to Karnataka: CGST and SGST, 18% in all.
    expect(payment.gst).toMatchObject({ number: asha.payment.invoiceNumber, supply: 'intra_state', ratePercent: 18, stateTaxName: 'SGST', total: { paise: 29900, rupees: 299 } });
    expect(payment.gst.taxable.paise + payment.gst.cgst.paise + payment.gst.sgst.paise).toBe(29900);
    expect(data.refunds).toEqual([
      expect.objectContaining({
        paymentReference: asha.payment.razorpayPaymentId,
        invoiceNumber: asha.payment.invoiceNumber,
        amount: { paise: 10000, rupees: 100, currency: 'INR' },
        reason: 'Asha asked for part back',
        creditNoteNumber: expect.stringMatching(/^CN\//),
      }),
    ]);
    expect(data.refunds[0].gst).toMatchObject({ againstInvoice: asha.payment.invoiceNumber, total: { paise: 10000 } });

    expect(data.usage.events).toEqual([expect.objectContaining({ feature: 'asha-feature', quantity: 1 })]);
    expect(data.usage.dailyTotals).toEqual([{ day: '2026-10-01', feature: 'asha-old-feature', events: 3, quantity: 7, lastUsedAt: '2026-10-01T12:00:00.000Z' }]);
    expect(data.contactMessages).toEqual([expect.objectContaining({ email: asha.email, subject: 'Asha has a question', handledAt: null })]);
    const kinds = data.securityLog.map((e: { kind: string }) => e.kind);
    // This download first, then what the customer did, newest first.
    expect(kinds[0]).toBe('data-exported');
    expect(kinds).toEqual(expect.arrayContaining(['sign-in', 'device-added', 'two-factor-on', 'email-change-requested']));
    expect(data.securityLog[0]).toMatchObject({ browser: 'Firefox', system: 'macOS', place: 'Pune, IN', ipAddress: expect.stringMatching(/^203\.0\.113\./) });
  });

  it("holds nothing of another customer's", () => {
    for (const theirs of [
      ravi.email,
      'Ravi',
      'ravi.billing@example.com',
      'ravi.new@example.com',
      "Ravi's ThinkPad",
      "Ravi's Pixel",
      'ravi-feature',
      'ravi-old-feature',
      ravi.payment.invoiceNumber!,
      ravi.payment.razorpayPaymentId,
      String(ravi.payment.receiptNumber),
    ])
      expect(text.includes(theirs), theirs).toBe(false);
    // And Ravi's own file has his, none of Asha's.
    return download(ravi.token).then((res) => {
      expect(res.statusCode).toBe(200);
      const his = res.body;
      expect(JSON.parse(his).profile.email).toBe(ravi.email);
      for (const hers of [asha.email, 'Asha', "Asha's ThinkPad", asha.payment.invoiceNumber!, asha.payment.razorpayPaymentId]) expect(his.includes(hers), hers).toBe(false);
    });
  });

  it('holds no secret: no hash, authenticator secret, recovery code, token, key, credential or hardware id, nor the provider handles', async () => {
    const secrets = [
      ...(await secretsInDatabase()),
      asha.secret,
      ...asha.recoveryCodes,
      asha.refreshToken,
      asha.token,
      asha.machine.hardwareId,
      asha.machine.installId,
      TEST_PASSWORD,
    ];
    expect(secrets.length).toBeGreaterThan(40);
    for (const secret of secrets) expect(text.includes(secret), `the file holds ${secret.slice(0, 12)}…`).toBe(false);
    for (const field of ['passwordHash', 'secretSealed', 'codeHmac', 'tokenHash', 'publicKey', 'credentialId', 'hardwareHmac', 'installId', 'razorpayOrderId'])
      expect(text).not.toContain(field);
  });

  it('recorded the download in the security log and mailed the account when and from where, in its language', async () => {
    const events = await t.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, asha.user.id), eq(securityEvents.kind, 'data-exported')));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ userAgent: FIREFOX_MAC, place: 'Pune, IN' });
    const mail = await lastMailTo(t, asha.email, 'data-exported');
    expect(mail?.subject).toBe('Your Stealth Browser data was downloaded');
    expect(mail?.text).toContain('Browser: Firefox on macOS\nPlace: Pune, IN\nIP address: 203.0.113.');
    expect(mail?.text).toContain('/settings?tab=security&lang=en');

    // An account that reads Hindi is told in Hindi.
    const meera = await createUserAndLogin(t);
    await t.db.update(users).set({ language: 'hi' }).where(eq(users.id, meera.user.id));
    expect((await download(meera.token)).statusCode).toBe(200);
    const hindi = await lastMailTo(t, meera.email, 'data-exported');
    expect(hindi?.subject).toBe('आपका Stealth Browser डेटा डाउनलोड किया गया');
    expect(hindi?.text).toContain('स्थान: Pune, IN');
  });

  it('needs a fresh step-up: without one 403 STEP_UP_REQUIRED, no file, no event, no mail, nothing counted; after it the file', async () => {
    const u = await createUserAndLogin(t);
    await t.db.update(sessions).set({ stepUpUntil: null }).where(eq(sessions.userId, u.user.id));
    const consumed: string[] = [];
    const { limiter } = t.app.ctx;
    const consume = limiter.consume.bind(limiter);
    limiter.consume = async (limit, subject) => {
      consumed.push(limit.name);
      return consume(limit, subject);
    };
    try {
      const refused = await download(u.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: 'FORBIDDEN', code: 'STEP_UP_REQUIRED' });
      expect(refused.headers['content-disposition']).toBeUndefined();
      expect(consumed).not.toContain('data-export-account');
    } finally {
      limiter.consume = consume;
    }
    expect(
      await t.db
        .select()
        .from(securityEvents)
        .where(and(eq(securityEvents.userId, u.user.id), eq(securityEvents.kind, 'data-exported'))),
    ).toHaveLength(0);
    expect(
      await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.toAddress, u.email), eq(outbox.kind, 'data-exported'))),
    ).toHaveLength(0);

    expect((await t.call('POST', '/api/v1/auth/step-up', { token: u.token, body: { password: TEST_PASSWORD } })).statusCode).toBe(200);
    const done = await download(u.token);
    expect(done.statusCode, done.body).toBe(200);
    expect(JSON.parse(done.body).profile.email).toBe(u.email);
    // A visitor gets nothing.
    const visitorCall = await t.call('POST', '/api/v1/auth/export');
    expect(visitorCall.statusCode).toBe(401);
  });

  it(`allows ${AUTH_LIMITS.dataExportAccount.max} downloads a day per account, then 429 with retry-after, recording and mailing nothing more`, async () => {
    const u = await createUserAndLogin(t);
    for (let i = 0; i < AUTH_LIMITS.dataExportAccount.max; i++) expect((await download(u.token)).statusCode).toBe(200);
    const limited = await download(u.token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'TOO_MANY_REQUESTS', code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60 * 60);
    const events = await t.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, u.user.id), eq(securityEvents.kind, 'data-exported')));
    expect(events).toHaveLength(AUTH_LIMITS.dataExportAccount.max);
    expect(
      await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.toAddress, u.email), eq(outbox.kind, 'data-exported'))),
    ).toHaveLength(AUTH_LIMITS.dataExportAccount.max);
    // Another account still downloads its own.
    expect((await download((await createUserAndLogin(t)).token)).statusCode).toBe(200);
  });
});
