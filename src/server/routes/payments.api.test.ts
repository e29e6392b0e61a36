import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, payments } from '../db/schema';
import { enqueueReceiptMail } from '../services/billing/tax-documents/receipt-mail';
import { drawQueuedDocuments } from '../services/billing/tax-documents/document-outbox';
import { TEST_DB_KIND } from '../test/harness';
import { BILLING_FORM, buy, createBillingTestApp, pdfText, verifyBody, type BillingTestApp } from '../test/billing';
import { createUserAndLogin, findUser } from '../test/users';

let t: BillingTestApp;
beforeAll(async () => {
  t = await createBillingTestApp({ SELLER_NAME: 'Stealth Software Pvt Ltd', SELLER_ADDRESS: '1 Residency Road, Bengaluru 560025, India' });
});
afterAll(() => t.close());

describe(`payment history and receipts on ${TEST_DB_KIND}`, () => {
  it('pages the history 10 at a time, newest first', async () => {
    const u = await createUserAndLogin(t);
    const { result, checkout } = await buy(t, u.token, 'stealth_week');
    await t.call('POST', '/api/v1/payments/verify', { token: u.token, body: verifyBody(result.response) });
    for (let i = 0; i < 10; i++) await t.sim.engine.renew(checkout.subscriptionId);
    await t.sim.deliver();

    const first = (await t.call('GET', '/api/v1/payments?page=1&limit=10', { token: u.token })).json().data;
    expect(first.pagination).toEqual({ currentPage: 1, totalPages: 2, totalItems: 11, itemsPerPage: 10 });
    expect(first.payments).toHaveLength(10);
    const dates = first.payments.map((p: { paymentDate: string }) => Date.parse(p.paymentDate));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(first.payments[0]).toMatchObject({ status: 'captured', currency: 'INR', amount: 9900, amountPaid: 9900, subscriptionId: { planName: 'Stealth Week' } });
    const second = (await t.call('GET', '/api/v1/payments?page=2&limit=10', { token: u.token })).json().data;
    expect(second.payments).toHaveLength(1);
    const odd = await t.call('GET', '/api/v1/payments?page=abc&limit=10', { token: u.token });
    expect(odd.json().data.pagination.currentPage).toBe(1);
  });

  it('sends a receipt e-mail with the PDF, and the same receipt downloads from the history', async () => {
    const u = await createUserAndLogin(t);
    const { result } = await buy(t, u.token, 'stealth_month');
    await t.call('POST', '/api/v1/payments/verify', { token: u.token, body: verifyBody(result.response) });
    const [payment] = (await t.call('GET', '/api/v1/payments', { token: u.token })).json().data.payments;

    const mails = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'receipt'), eq(outbox.subject, `Your Stealth Browser receipt #${payment.receiptNumber}`)));
    expect(mails).toHaveLength(1);
    expect(mails[0].toAddress).toBe(u.email);
    expect(mails[0].text).toContain('Hi Test, thank you for your payment');
    expect(mails[0].text).toContain('₹299');
    expect(mails[0].attachments).toHaveLength(1);
    const attached = mails[0].attachments![0];
    expect(attached).toMatchObject({ filename: `receipt-${payment.receiptNumber}.pdf`, contentType: 'application/pdf' });
    expect(Buffer.from(attached.contentBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    const res = await t.app.inject({ method: 'GET', url: `/api/v1/payments/${payment._id}/receipt`, headers: { authorization: `Bearer ${u.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt-${payment.receiptNumber}.pdf"`);
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'Stealth Software Pvt Ltd',
      '1 Residency Road, Bengaluru 560025, India',
      'Payment receipt',
      String(payment.receiptNumber),
      result.response.razorpay_payment_id,
      'Asha Verma',
      'asha@example.com',
      '12 MG Road, Bengaluru, 560001, India',
      'Stealth Month',
      'INR 299.00',
      'No GST was charged: the seller is not registered for GST.',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toMatch(/Period\n.+ to .+/);
  });

  it("writes the receipt's dates, on the PDF and in the mail, in the zone of the user's preference", async () => {
    const u = await createUserAndLogin(t);
    const prefer = async (timezone: string) => {
      const res = await t.call('PUT', '/api/v1/auth/profile', { token: u.token, body: { firstName: 'Test', lastName: 'User', preferences: { timezone } } });
      expect(res.statusCode, res.body).toBe(200);
    };
    const { result } = await buy(t, u.token, 'stealth_month');
    await t.call('POST', '/api/v1/payments/verify', { token: u.token, body: verifyBody(result.response) });
    const [listed] = (await t.call('GET', '/api/v1/payments', { token: u.token })).json().data.payments;
    // Paid at 19:00 UTC: already the next day in India (00:30), still the same day in New York (14:00).
    const [payment] = await t.db
      .update(payments)
      .set({ paidAt: new Date('2026-11-22T19:00:00Z'), periodStart: new Date('2026-11-22T19:00:00Z'), periodEnd: new Date('2026-12-22T19:00:00Z') })
      .where(eq(payments.id, listed._id))
      .returning();
    const receipt = async () =>
      pdfText((await t.app.inject({ method: 'GET', url: `/api/v1/payments/${payment.id}/receipt`, headers: { authorization: `Bearer ${u.token}` } })).rawPayload);

    await prefer('America/New_York');
    const newYork = await receipt();
    expect(newYork).toContain('Date\nNovember 22, 2026');
    expect(newYork).toContain('Period\nNovember 22, 2026 to December 22, 2026');
    await prefer('Asia/Kolkata');
    const india = await receipt();
    expect(india).toContain('Date\nNovember 23, 2026');
    expect(india).toContain('Period\nNovember 23, 2026 to December 23, 2026');

    // The mail of the same payment, for the account as stored with New York.
    await prefer('America/New_York');
    const account = await findUser(t, u.email);
    expect(account.timezone).toBe('America/New_York');
    await t.db.delete(outbox).where(and(eq(outbox.kind, 'receipt'), eq(outbox.toAddress, u.email)));
    await enqueueReceiptMail(t.db, t.config, payment, 'Stealth Month', account);
    await drawQueuedDocuments(t.app.ctx);
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'receipt'), eq(outbox.toAddress, u.email)));
    expect(mail.text).toContain('Your access runs until December 22, 2026.');
    expect(pdfText(Buffer.from(mail.attachments![0].contentBase64, 'base64'))).toContain('Date\nNovember 22, 2026');
  });

  it("mails the receipt to the account's own address only; the billing e-mail typed at checkout is printed, not mailed", async () => {
    const u = await createUserAndLogin(t);
    const typed = `someone.else.${Date.now()}@example.com`;
    const billing = { ...BILLING_FORM, email: typed, firstName: 'Mallory', lastName: 'Sender', company: 'Spoof Ltd', address: '1 Fake Street' };
    const started = await t.call('POST', '/api/v1/subscriptions', {
      token: u.token,
      body: { planId: await t.planId('stealth_month'), planName: 'stealth_month', totalCount: 1, billing },
    });
    expect(started.statusCode).toBe(200);
    const { checkout } = started.json().data;
    const paid = await t.call('POST', '/dev/razorpay/checkout/pay', { body: { key: checkout.key, subscription_id: checkout.subscriptionId, outcome: 'success', email: typed } });
    expect((await t.call('POST', '/api/v1/payments/verify', { token: u.token, body: verifyBody(paid.json().response) })).statusCode).toBe(200);
    await t.sim.deliver();

    expect(await t.db.select().from(outbox).where(eq(outbox.toAddress, typed))).toEqual([]);
    const mine = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'receipt'), eq(outbox.toAddress, u.email)));
    expect(mine).toHaveLength(1);
    expect(mine[0].text).toContain('Hi Test, thank you for your payment');
    expect(mine[0].text).not.toContain('Mallory');

    const [payment] = (await t.call('GET', '/api/v1/payments', { token: u.token })).json().data.payments;
    const pdf = await t.app.inject({ method: 'GET', url: `/api/v1/payments/${payment._id}/receipt`, headers: { authorization: `Bearer ${u.token}` } });
    const printed = pdfText(pdf.rawPayload);
    for (const expected of [typed, 'Mallory Sender', 'Spoof Ltd']) expect(printed, expected).toContain(expected);
  });

  it('keeps receipts private and has none for failed payments', async () => {
    const owner = await createUserAndLogin(t);
    const { result } = await buy(t, owner.token, 'stealth_week');
    await t.call('POST', '/api/v1/payments/verify', { token: owner.token, body: verifyBody(result.response) });
    const [payment] = (await t.call('GET', '/api/v1/payments', { token: owner.token })).json().data.payments;
    const stranger = await createUserAndLogin(t);
    expect((await t.call('GET', `/api/v1/payments/${payment._id}/receipt`, { token: stranger.token })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/v1/payments/${payment._id}/receipt`)).statusCode).toBe(401);

    const failing = await createUserAndLogin(t);
    await buy(t, failing.token, 'stealth_week', 'failure');
    await t.sim.deliver();
    const [failed] = (await t.call('GET', '/api/v1/payments', { token: failing.token })).json().data.payments;
    expect(failed.status).toBe('failed');
    expect((await t.call('GET', `/api/v1/payments/${failed._id}/receipt`, { token: failing.token })).statusCode).toBe(404);
  });

  it('tells the client which checkout script to load', async () => {
    const res = await t.call('GET', '/api/v1/payments/config');
    expect(res.json().data).toEqual({ keyId: 'rzp_test_simulator', checkoutScriptUrl: '/dev/razorpay/checkout.js', simulated: true });
  });
});
