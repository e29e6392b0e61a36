import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hmacHex } from '../adapters/payments/signatures';
import { adminAuditLog, documentSeries, outbox, payments, providerCancellations, refunds, subscriptions } from '../db/schema';
import { nextDocumentNumber, splitTax } from '../services/billing/tax-documents/gst';
import { amountInWords } from '../services/billing/tax-documents/amount-in-words';
import { expireDueSubscriptions } from '../services/billing/subscriptions/expire-subscriptions';
import { TEST_DB_KIND } from '../test/harness';
import { BILLING_FORM, buy, createBillingTestApp, pdfText, verifyBody, type BillingTestApp } from '../test/billing';
import { createUserAndLogin, findUser } from '../test/users';

/** The seller is registered in Karnataka (29): a buyer there pays CGST + SGST, elsewhere in India IGST, abroad nothing. */
const SELLER = {
  SELLER_NAME: 'Stealth Browser',
  SELLER_LEGAL_NAME: 'Stealth Software Private Limited',
  SELLER_ADDRESS: '1 Residency Road, Bengaluru 560025',
  SELLER_GSTIN: '29ABCDE1234F1ZW',
};

let t: BillingTestApp;
let admin: Awaited<ReturnType<typeof createUserAndLogin>>;
beforeAll(async () => {
  t = await createBillingTestApp(SELLER);
  admin = await createUserAndLogin(t, { role: 'admin' });
});
afterAll(() => t.close());

/** A customer who paid `code` (webhooks delivered), and that payment's row. */
async function paid(code = 'stealth_month', billing: Record<string, string> = BILLING_FORM) {
  const u = await createUserAndLogin(t);
  const bought = await buy(t, u.token, code, 'success', billing);
  await t.sim.deliver();
  const [payment] = await t.db.select().from(payments).where(eq(payments.subscriptionId, bought.subscription._id));
  return { u, payment: payment!, subscriptionId: bought.subscription._id as string };
}
const refund = (paymentId: string, body: Record<string, unknown>, token = admin.token) => t.call('POST', `/api/v1/admin/payments/${paymentId}/refund`, { token, body });
const refundsOf = (paymentId: string) => t.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
const mailsTo = (email: string, kind: string) =>
  t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, kind), eq(outbox.toAddress, email)));

describe(`refunds and GST documents on ${TEST_DB_KIND}`, () => {
  it('refuses refunds to visitors (401), customers (403) and bad input (400), changing nothing', async () => {
    const { u, payment } = await paid();
    expect((await t.call('POST', `/api/v1/admin/payments/${payment.id}/refund`, { body: { reason: 'x' } })).statusCode).toBe(401);
    expect((await refund(payment.id, { reason: 'x' }, u.token)).statusCode).toBe(403);
    expect((await t.call('GET', `/api/v1/admin/payments/${payment.id}/refunds/${payment.id}/credit-note`)).statusCode).toBe(401);
    expect((await t.call('GET', `/api/v1/admin/payments/${payment.id}/refunds/${payment.id}/credit-note`, { token: u.token })).statusCode).toBe(403);
    for (const [body, message] of [
      [{}, 'Please give a reason: it is kept in the audit log'],
      [{ reason: '   ' }, 'Please give a reason: it is kept in the audit log'],
      [{ reason: 'x'.repeat(501) }, 'The reason should not exceed 500 characters'],
      [{ reason: 'ok', amount: 99 }, 'The smallest refund is ₹1 (100 paise)'],
      [{ reason: 'ok', amount: 150.5 }, 'The amount must be a whole number of paise'],
      [{ reason: 'ok', amount: '100' }, 'The amount must be a whole number of paise'],
      [{ reason: 'ok', amount: 29901 }, 'The refund cannot be more than ₹299, what is left of this payment.'],
    ] as const) {
      const res = await refund(payment.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await refund('not-a-uuid', { reason: 'ok' })).statusCode).toBe(404);
    expect((await refund('00000000-0000-4000-8000-000000000000', { reason: 'ok' })).statusCode).toBe(404);
    expect(await refundsOf(payment.id)).toHaveLength(0);
    expect(t.sim.engine.requests.filter((r) => r.path.includes('/refund'))).toHaveLength(0);
  });

  it('refunds half, then the rest; never more than was paid, even for requests at the same moment', async () => {
    const { u, payment } = await paid();
    const half = await refund(payment.id, { amount: 14950, reason: 'Half back: a week of outage' });
    expect(half.statusCode, half.body).toBe(200);
    expect(half.json().data).toMatchObject({
      refunded: 14950,
      amountPaid: 29900,
      refund: { amount: 14950, status: 'created', source: 'admin', creditNoteNumber: expect.stringMatching(/^CN\/\d\d-\d\d\/\d{6}$/) },
    });
    // Three requests at once for what is left (149.50): exactly one goes through.
    const racing = await Promise.all([1, 2, 3].map(() => refund(payment.id, { amount: 14950, reason: 'The rest' })));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await refund(payment.id, { reason: 'More' })).json().message).toBe('This payment has been refunded in full already.');
    const rows = await refundsOf(payment.id);
    expect(rows.filter((r) => r.status !== 'failed').reduce((s, r) => s + r.amountPaise, 0)).toBe(29900);
    // Razorpay agrees: the payment is refunded in full there too.
    expect(await t.sim.engine.get(payment.razorpayPaymentId)).toMatchObject({ amount_refunded: 29900, refund_status: 'full', status: 'refunded' });

    // The history says so, with a credit note per refund; the audit log has both with their reasons.
    await t.sim.deliver();
    const [listed] = (await t.call('GET', '/api/v1/payments', { token: u.token })).json().data.payments;
    expect(listed).toMatchObject({
      refunded: 29900,
      refundStatus: 'full',
      refunds: [
        { amount: 14950, status: 'processed' },
        { amount: 14950, status: 'processed' },
      ],
    });
    const audit = await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'payment.refund'), eq(adminAuditLog.targetUserId, (await findUser(t, u.email)).id)));
    expect(audit.map((a) => a.reason).sort()).toEqual(['Half back: a week of outage', 'The rest']);
  });

  it('a partial refund leaves access; a full refund of the current period ends it and cancels at Razorpay', async () => {
    const { u, payment, subscriptionId } = await paid();
    await refund(payment.id, { amount: 10000, reason: 'Goodwill' });
    expect((await findUser(t, u.email)).subscriptionPlan).toBe('stealth_month');
    const current = async () => (await t.call('GET', '/api/v1/subscriptions/current', { token: u.token })).json().data.subscription;
    // Access is the server's answer (decision 160): given, until the period's end.
    const before = await current();
    expect(before).toMatchObject({ status: 'active', endedByRefund: false, access: { now: true, until: before.currentEnd } });
    const [partialMail] = await mailsTo(u.email, 'refund');
    expect(partialMail!.text).toContain('we have refunded ₹100 of your payment of ₹299 for Stealth Month');
    expect(partialMail!.text).toContain('Your plan and access are unchanged.');
    // The embedded mailbox shows the credit note attached, and hands it out as the PDF it is.
    const kept = (await t.call('GET', `/api/v1/dev/mailbox/${partialMail!.id}`)).json().data.message;
    expect(kept.attachments).toEqual([
      { index: 0, filename: expect.stringMatching(/^credit-note-CN-\d\d-\d\d-\d{6}\.pdf$/), contentType: 'application/pdf', size: expect.any(Number) },
    ]);
    const file = await t.call('GET', `/api/v1/dev/mailbox/${partialMail!.id}/attachments/0`);
    expect([file.statusCode, file.headers['content-type'], file.rawPayload.subarray(0, 5).toString()]).toEqual([200, 'application/pdf', '%PDF-']);
    expect(file.rawPayload.length).toBe(kept.attachments[0].size);
    expect((await t.call('GET', `/api/v1/dev/mailbox/${partialMail!.id}/attachments/1`)).statusCode).toBe(404);

    await refund(payment.id, { reason: 'Cancelled on request' });
    const user = await findUser(t, u.email);
    expect([user.subscriptionPlan, user.subscriptionStatus]).toEqual(['free', 'expired']);
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    expect(sub).toMatchObject({ status: 'cancelled', cancellationReason: 'refunded' });
    // The dashboard and billing read it from the subscription: ended by the refund, and when.
    expect(await current()).toMatchObject({
      _id: subscriptionId,
      status: 'cancelled',
      endedByRefund: true,
      cancelledAt: expect.any(String),
      access: { now: false, until: sub!.currentEnd!.toISOString() },
    });
    // The expiry job, running after the refund ended the period, leaves it as ended by the refund.
    await expireDueSubscriptions(t.db, new Date(Date.now() + 60_000));
    expect(await current()).toMatchObject({ _id: subscriptionId, status: 'cancelled', endedByRefund: true });
    expect((await findUser(t, u.email)).subscriptionStatus).toBe('expired');
    expect(await t.sim.engine.get(sub!.razorpaySubscriptionId!)).toMatchObject({ status: 'cancelled' });
    expect(await t.db.select().from(providerCancellations).where(eq(providerCancellations.razorpaySubscriptionId, sub!.razorpaySubscriptionId!))).toHaveLength(0);
    const mails = await mailsTo(u.email, 'refund');
    expect(mails.at(-1)!.text).toContain('your Stealth Month plan has ended and will not renew');
  });

  it('writes a refund to the audit log only when Razorpay made it, with its outcome; a refused one is not logged as made', async () => {
    const { u, payment } = await paid();
    // Refunded in Razorpay's dashboard a moment ago, its webhooks not here yet: we still think all of it is left.
    expect((await t.call('POST', `/dev/razorpay/payments/${payment.razorpayPaymentId}/dashboard-refund`, { body: { amount: 20000 } })).statusCode).toBe(200);
    const logged = () =>
      t.db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.action, 'payment.refund'), eq(adminAuditLog.targetUserId, u.user.id)));
    const refused = await refund(payment.id, { reason: 'All of it' });
    expect([refused.statusCode, refused.json().message]).toEqual([502, 'The refund amount provided is greater than amount captured']);
    expect(await refundsOf(payment.id)).toMatchObject([{ status: 'failed', source: 'admin', reason: 'All of it' }]);
    expect(await logged()).toHaveLength(0);

    const made = await refund(payment.id, { amount: 5000, reason: 'Goodwill' });
    expect(made.statusCode, made.body).toBe(200);
    const rows = await logged();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      reason: 'Goodwill',
      adminId: admin.user.id,
      details: { paymentId: payment.id, refundId: made.json().data.refund._id, amountPaise: 5000, status: 'created', razorpayRefundId: expect.stringMatching(/^rfnd_/) },
    });
    await t.sim.deliver();
    expect(await logged()).toHaveLength(1);
  });

  it('a subscription payment verified while authorized and captured later gets its tax invoice', async () => {
    const u = await createUserAndLogin(t);
    const { subscription, result } = await buy(t, u.token, 'stealth_month');
    const payId = result.response.razorpay_payment_id;
    // Razorpay answers the verification's fetch with the payment authorized, not captured yet.
    await t.db.execute(sql`update razorpay_sim_entities set data = jsonb_set(data, '{status}', '"authorized"') where id = ${payId}`);
    expect((await t.call('POST', '/api/v1/payments/verify', { token: u.token, body: verifyBody(result.response) })).statusCode).toBe(200);
    const [authorized] = await t.db.select().from(payments).where(eq(payments.razorpayPaymentId, payId));
    expect(authorized).toMatchObject({ status: 'authorized', invoiceNumber: null });
    // Then it is captured: payment.captured, then subscription.charged.
    await t.db.execute(sql`update razorpay_sim_entities set data = jsonb_set(data, '{status}', '"captured"') where id = ${payId}`);
    await t.sim.deliver();
    const [row] = await t.db.select().from(payments).where(eq(payments.subscriptionId, subscription._id));
    expect(row).toMatchObject({
      status: 'captured',
      amountPaidPaise: 29900,
      invoiceNumber: expect.stringMatching(/^INV\/\d\d-\d\d\/\d{6}$/),
      taxDocument: { totalPaise: 29900, supply: 'intra_state' },
    });
    const text = pdfText((await t.call('GET', `/api/v1/payments/${row!.id}/receipt`, { token: u.token })).rawPayload);
    for (const expected of ['TAX INVOICE', row!.invoiceNumber!]) expect(text, expected).toContain(expected);
  });

  it("applies a refund made in Razorpay's dashboard once, whatever the webhooks repeat", async () => {
    const { u, payment } = await paid();
    const made = await t.call('POST', `/dev/razorpay/payments/${payment.razorpayPaymentId}/dashboard-refund`, { body: { amount: 5000 } });
    expect(made.statusCode, made.body).toBe(200);
    const hooks = (await t.sim.engine.pendingWebhooks()).filter((h) => h.event.startsWith('refund.'));
    expect(hooks.map((h) => h.event)).toEqual(['refund.created', 'refund.processed']);
    await t.sim.deliver();
    // Delivered again (Razorpay retries), and again under a new event id: nothing more is recorded, mailed or numbered.
    for (const hook of hooks) {
      for (const id of [hook.id, `${hook.id}_again`]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/webhooks/razorpay',
          payload: hook.body,
          headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmacHex(t.sim.engine.secrets.webhookSecret, hook.body), 'x-razorpay-event-id': id },
        });
        expect(res.statusCode).toBe(200);
      }
    }
    const rows = await refundsOf(payment.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountPaise: 5000, status: 'processed', source: 'razorpay', createdBy: null, razorpayRefundId: made.json().id });
    expect(await mailsTo(u.email, 'refund')).toHaveLength(1);
    // The dashboard's refund counts: an admin can refund only what is left.
    expect((await refund(payment.id, { amount: 25000, reason: 'Too much' })).json().message).toBe('The refund cannot be more than ₹249, what is left of this payment.');
  });

  it('issues tax invoices and credit notes: CGST + SGST in the seller state, IGST elsewhere in India, zero-rated abroad', async () => {
    const karnataka = await paid('stealth_month');
    const maharashtra = await paid('stealth_month', { ...BILLING_FORM, state: '27', city: 'Mumbai', zipCode: '400001', gstin: '27AAPFU0939F1ZV' });
    const germany = await paid('stealth_month', { ...BILLING_FORM, country: 'DE', state: '', city: 'Berlin', zipCode: '10115' });
    expect(karnataka.payment.taxDocument).toMatchObject({
      supply: 'intra_state',
      placeOfSupply: '29 - Karnataka',
      sac: '998434',
      taxablePaise: 25338,
      cgstPaise: 2281,
      sgstPaise: 2281,
      igstPaise: 0,
      totalPaise: 29900,
    });
    expect(maharashtra.payment.taxDocument).toMatchObject({
      supply: 'inter_state',
      placeOfSupply: '27 - Maharashtra',
      taxablePaise: 25339,
      cgstPaise: 0,
      igstPaise: 4561,
      buyer: { gstin: '27AAPFU0939F1ZV', name: 'Acme (Asha Verma)' },
    });
    expect(germany.payment.taxDocument).toMatchObject({ supply: 'export', taxablePaise: 29900, igstPaise: 0, cgstPaise: 0 });
    // Numbers follow one another in this financial year's series.
    const numbers = [karnataka, maharashtra, germany].map((p) => Number(p.payment.invoiceNumber!.split('/')[2]));
    expect(numbers[1]! - numbers[0]!).toBe(1);
    expect(numbers[2]! - numbers[1]!).toBe(1);

    const invoice = pdfText((await t.call('GET', `/api/v1/payments/${maharashtra.payment.id}/receipt`, { token: maharashtra.u.token })).rawPayload);
    for (const expected of [
      'TAX INVOICE',
      'Stealth Software Private Limited',
      'GSTIN: 29ABCDE1234F1ZW',
      maharashtra.payment.invoiceNumber!,
      '27 - Maharashtra',
      '27AAPFU0939F1ZV',
      '998434',
      'IGST 18%',
      '45.61',
      'INR 299.00',
      'Indian Rupees Two Hundred Ninety-Nine Only',
    ]) {
      expect(invoice, expected).toContain(expected);
    }
    const exported = pdfText((await t.call('GET', `/api/v1/payments/${germany.payment.id}/receipt`, { token: germany.u.token })).rawPayload);
    expect(exported).toContain('Supply meant for export under letter of undertaking without payment of integrated tax (zero-rated supply).');

    // The credit note of a partial refund reverses the same kind of tax, against the invoice, and downloads from the history.
    const res = await refund(maharashtra.payment.id, { amount: 14950, reason: 'Half back' });
    const { refund: made } = res.json().data;
    const [row] = await refundsOf(maharashtra.payment.id);
    expect(row!.creditNote).toMatchObject({ supply: 'inter_state', againstInvoice: maharashtra.payment.invoiceNumber, taxablePaise: 12669, igstPaise: 2281, totalPaise: 14950 });
    const note = await t.call('GET', `/api/v1/payments/${maharashtra.payment.id}/refunds/${made._id}/credit-note`, { token: maharashtra.u.token });
    expect(note.statusCode).toBe(200);
    const text = pdfText(note.rawPayload);
    for (const expected of ['CREDIT NOTE', made.creditNoteNumber, maharashtra.payment.invoiceNumber!, 'Half back', 'Indian Rupees One Hundred Forty-Nine and Fifty Paise Only'])
      expect(text, expected).toContain(expected);
    // Another customer cannot read it.
    expect((await t.call('GET', `/api/v1/payments/${maharashtra.payment.id}/refunds/${made._id}/credit-note`, { token: karnataka.u.token })).statusCode).toBe(404);
    const [mail] = await mailsTo(maharashtra.u.email, 'refund');
    expect(mail!.attachments![0]!.filename).toBe(`credit-note-${made.creditNoteNumber.replace(/\//g, '-')}.pdf`);
  });

  it('refunds a payment made before the seller registered for GST with a note without GST, against its receipt', async () => {
    const before = await paid('stealth_month', { ...BILLING_FORM, country: 'DE', state: '', city: 'Berlin', zipCode: '10115' });
    // Paid while SELLER_GSTIN was not set: a receipt, no tax invoice (record-payment.ts issues none then).
    await t.db.update(payments).set({ invoiceNumber: null, taxDocument: null }).where(eq(payments.id, before.payment.id));
    const res = await refund(before.payment.id, { reason: 'Requested' });
    expect(res.statusCode).toBe(200);
    const { refund: made } = res.json().data;
    const [row] = await refundsOf(before.payment.id);
    // No section 34 credit note: that reduces a tax invoice, and this payment had none.
    expect(row!.creditNote).toBeNull();
    const text = pdfText((await t.call('GET', `/api/v1/payments/${before.payment.id}/refunds/${made._id}/credit-note`, { token: before.u.token })).rawPayload);
    for (const expected of [
      'CREDIT NOTE',
      made.creditNoteNumber,
      'Against receipt',
      String(before.payment.receiptNumber),
      `No GST was charged on receipt ${before.payment.receiptNumber}, so this note reverses no tax.`,
    ])
      expect(text, expected).toContain(expected);
    for (const absent of ['section 34', 'Against invoice', 'Payment receipt', 'zero-rated', 'IGST', 'the seller is not registered']) expect(text, absent).not.toContain(absent);
  });

  it('numbers each series per financial year (April to March, India time), gapless', async () => {
    const march = new Date('2031-03-31T18:29:00Z'); // 23:59 on 31 March in India
    const april = new Date('2031-03-31T18:31:00Z'); // 00:01 on 1 April in India
    const taken = await t.db.transaction(async (tx) => [
      await nextDocumentNumber(tx, 'INV', march),
      await nextDocumentNumber(tx, 'INV', march),
      await nextDocumentNumber(tx, 'INV', april),
      await nextDocumentNumber(tx, 'CN', april),
    ]);
    expect(taken.map((d) => d.number)).toEqual(['INV/30-31/000001', 'INV/30-31/000002', 'INV/31-32/000001', 'CN/31-32/000001']);
    // A transaction that rolls back gives its number back: no gap.
    await t.db
      .transaction(async (tx) => {
        await nextDocumentNumber(tx, 'INV', april);
        tx.rollback();
      })
      .catch(() => undefined);
    const [again] = await t.db.transaction(async (tx) => [await nextDocumentNumber(tx, 'INV', april)]);
    expect(again!.number).toBe('INV/31-32/000002');
    // Taken at once from many transactions: every number once.
    const many = await Promise.all(Array.from({ length: 8 }, () => t.db.transaction((tx) => nextDocumentNumber(tx, 'CN', april))));
    expect(new Set(many.map((d) => d.number)).size).toBe(8);
    const [series] = await t.db
      .select()
      .from(documentSeries)
      .where(and(eq(documentSeries.series, 'CN'), eq(documentSeries.financialYear, '2031-32')));
    expect(series!.lastNumber).toBe(9);
  });

  it('splits every total exactly, with one rounding rule, and writes totals in Indian words', () => {
    for (let total = 0; total < 300_000; total += 997) {
      for (const supply of ['intra_state', 'inter_state', 'export'] as const) {
        const s = splitTax(total, supply);
        expect(s.taxablePaise + s.cgstPaise + s.sgstPaise + s.igstPaise).toBe(total);
        expect(s.cgstPaise).toBe(s.sgstPaise);
        if (supply !== 'export') expect(Math.abs(s.taxablePaise * 0.18 - (s.cgstPaise + s.sgstPaise + s.igstPaise))).toBeLessThanOrEqual(1.5);
      }
    }
    expect(amountInWords(1_23_45_678_90, 'INR')).toBe('Indian Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and Ninety Paise Only');
    expect(amountInWords(10_00_00_000_00, 'INR')).toBe('Indian Rupees Ten Crore Only');
  });
});

describe(`receipts without GST on ${TEST_DB_KIND}`, () => {
  let plain: BillingTestApp;
  beforeAll(async () => {
    plain = await createBillingTestApp();
  });
  afterAll(() => plain.close());

  it('prints a receipt that says no GST was charged, and numbers credit notes all the same', async () => {
    const u = await createUserAndLogin(plain);
    const bought = await buy(plain, u.token, 'stealth_month');
    await plain.sim.deliver();
    const [payment] = await plain.db.select().from(payments).where(eq(payments.subscriptionId, bought.subscription._id));
    expect(payment).toMatchObject({ invoiceNumber: null, taxDocument: null });
    const text = pdfText((await plain.call('GET', `/api/v1/payments/${payment!.id}/receipt`, { token: u.token })).rawPayload);
    expect(text).toContain('No GST was charged: the seller is not registered for GST.');
    expect(text).not.toContain('TAX INVOICE');
    const boss = await createUserAndLogin(plain, { role: 'admin' });
    const res = await plain.call('POST', `/api/v1/admin/payments/${payment!.id}/refund`, { token: boss.token, body: { reason: 'Requested' } });
    expect(res.json().data.refund.creditNoteNumber).toMatch(/^CN\/\d\d-\d\d\/000001$/);
  });
});
