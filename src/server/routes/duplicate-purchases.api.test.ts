import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimPayment, SimSubscription } from '../adapters/payments/simulator/engine';
import { adminAuditLog, outbox, payments, refunds, subscriptions } from '../db/schema';
import { MSG } from '../../shared/messages';
import { runAutomaticRefunds } from '../services/billing/refunds/automatic-refunds';
import { runProviderCancellations } from '../services/billing/subscriptions/provider-cancellations';
import { CHECKOUT_REPLACED_REASON, ensureProviderPlan, recordCheckout } from '../services/billing/checkout/start-checkout';
import { findActivePlan } from '../services/billing/plans/plans';
import { RECURRING_CYCLES } from '../services/billing/subscriptions/period';
import { TEST_DB_KIND } from '../test/harness';
import { BILLING_FORM, createBillingTestApp, verifyBody, type BillingTestApp } from '../test/billing';
import { createUserAndLogin, findUser } from '../test/users';

/**
 * Issue 31 item 8 (decision 110): a customer who opens several checkouts (two tabs) and pays them all is charged for one
 * plan; whatever else Razorpay took is refunded by itself, once, with a credit note, a mail, the history and the audit
 * log saying so, and verification never answers "verified" for money that bought nothing.
 */
let t: BillingTestApp;
let admin: Awaited<ReturnType<typeof createUserAndLogin>>;
beforeAll(async () => {
  t = await createBillingTestApp();
  admin = await createUserAndLogin(t, { role: 'admin' });
});
afterAll(() => t.close());

const start = async (token: string, code: string) =>
  t.call('POST', '/api/v1/subscriptions', { token, body: { planId: await t.planId(code), planName: code, totalCount: 1, billing: BILLING_FORM } });
const payIn = (c: { key: string; subscriptionId: string | null; orderId: string | null }) =>
  t.call('POST', '/dev/razorpay/checkout/pay', { body: { key: c.key, subscription_id: c.subscriptionId ?? undefined, order_id: c.orderId ?? undefined, outcome: 'success' } });
const verify = (token: string, response: Record<string, string>) => t.call('POST', '/api/v1/payments/verify', { token, body: verifyBody(response) });
const subsOf = (userId: string) => t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
const paymentsOf = (userId: string) => t.db.select().from(payments).where(eq(payments.userId, userId));
const refundsOfUser = async (userId: string) => {
  const ids = (await paymentsOf(userId)).map((p) => p.id);
  return ids.length ? t.db.select().from(refunds).where(inArray(refunds.paymentId, ids)) : [];
};
const mailsTo = (email: string, kind: string) =>
  t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, kind), eq(outbox.toAddress, email)));
/** Delivers every webhook, those the deliveries themselves cause included (refund.created, refund.processed). */
async function settle() {
  while ((await t.sim.deliver()) > 0);
  await runProviderCancellations(t.app.ctx);
  while ((await t.sim.deliver()) > 0);
}
const simPayment = (id: string) => t.sim.engine.get<SimPayment>(id);

describe(`purchases that bought nothing (decision 110) on ${TEST_DB_KIND}`, () => {
  it('three checkouts opened at once, then all paid with verifications and webhooks at once: one plan, the two others refunded once each, told and recorded', async () => {
    const u = await createUserAndLogin(t);
    const codes = ['stealth_year', 'stealth_month', 'stealth_week'];
    const opened = await Promise.all(codes.map((code) => start(u.token, code)));
    expect(opened.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    // One open checkout per account: whichever came last replaced the others.
    const created = await subsOf(u.user.id);
    const open = created.filter((s) => s.replacedById === null);
    expect(open).toHaveLength(1);
    expect(created.filter((s) => s.replacedById !== null && s.cancellationReason === CHECKOUT_REPLACED_REASON)).toHaveLength(2);

    // Two tabs still show the old windows, and Razorpay takes every payment.
    const paid = await Promise.all(opened.map((r) => payIn(r.json().data.checkout)));
    const responses = paid.map((p) => p.json().response as Record<string, string>);
    const [answers] = await Promise.all([Promise.all(responses.map((r) => verify(u.token, r))), t.sim.deliver()]);
    await settle();

    const openIndex = opened.findIndex((r) => r.json().data.subscription._id === open[0]!.id);
    for (const [i, answer] of answers.entries()) {
      if (i === openIndex) {
        expect([answer.statusCode, answer.json().message]).toEqual([200, 'Payment verified successfully']);
      } else {
        expect([answer.statusCode, answer.json().code, answer.json().message]).toEqual([409, 'PURCHASE_NOT_APPLIED', MSG.purchaseNotApplied]);
      }
    }
    // Asked again (a retry of the browser), the answers are the same and nothing more is refunded.
    const again = await Promise.all(responses.map((r) => verify(u.token, r)));
    expect(again.map((a) => a.statusCode)).toEqual(answers.map((a) => a.statusCode));
    await runAutomaticRefunds(t.app.ctx, { now: new Date(Date.now() + 86_400_000) });
    await settle();

    // One plan: the open checkout's; the others ended and cancelled at Razorpay.
    const rows = await subsOf(u.user.id);
    const active = rows.filter((s) => s.status === 'active');
    expect(active.map((s) => s.id)).toEqual([open[0]!.id]);
    expect((await findUser(t, u.email)).subscriptionPlan).toBe(codes[openIndex]);
    for (const s of rows.filter((r) => r.id !== open[0]!.id)) {
      expect(s.status).toBe('cancelled');
      expect((await t.sim.engine.get<SimSubscription>(s.razorpaySubscriptionId!))!.status).toBe('cancelled');
    }

    // Each payment that bought nothing refunded exactly once, in full, by the system, at Razorpay and in our books.
    const all = await paymentsOf(u.user.id);
    expect(all).toHaveLength(3);
    const kept = all.find((p) => p.subscriptionId === open[0]!.id)!;
    const wasted = all.filter((p) => p.id !== kept.id);
    expect(kept.notApplied).toBeNull();
    const given = await refundsOfUser(u.user.id);
    expect(given).toHaveLength(2);
    for (const p of wasted) {
      expect(p).toMatchObject({ status: 'captured', notApplied: 'checkout_replaced' });
      const own = given.filter((r) => r.paymentId === p.id);
      expect(own).toHaveLength(1);
      expect(own[0]).toMatchObject({ source: 'system', status: 'processed', amountPaise: p.amountPaidPaise, creditNoteNumber: expect.stringMatching(/^CN\//) });
      expect((await simPayment(p.razorpayPaymentId))!.amount_refunded).toBe(p.amountPaidPaise);
    }
    expect((await simPayment(kept.razorpayPaymentId))!.amount_refunded).toBe(0);
    const refundRequests = t.sim.engine.requests.filter((r) => r.method === 'POST' && wasted.some((p) => r.path.includes(`/payments/${p.razorpayPaymentId}/refund`)));
    expect(refundRequests).toHaveLength(2);

    // The customer: one receipt, and a refund mail for each, saying why, with its credit note.
    expect(await mailsTo(u.email, 'receipt')).toHaveLength(1);
    const refundMails = await mailsTo(u.email, 'refund');
    expect(refundMails).toHaveLength(2);
    for (const mail of refundMails) expect(mail.text).toContain('This payment could not be applied to your account');
    // The customer's history and the admin's page show both refunds; the audit log has the system's two entries.
    const history = (await t.call('GET', '/api/v1/payments?page=1&limit=10', { token: u.token })).json().data.payments as { _id: string; refundStatus: string }[];
    expect(
      history
        .filter((p) => p.refundStatus === 'full')
        .map((p) => p._id)
        .sort(),
    ).toEqual(wasted.map((p) => p.id).sort());
    const page = (await t.call('GET', `/api/v1/admin/users/${u.user.id}`, { token: admin.token })).json().data;
    expect(page.payments.filter((p: { refundStatus: string }) => p.refundStatus === 'full')).toHaveLength(2);
    expect(page.audit.filter((e: { action: string; admin: { email: string } }) => e.action === 'payment.auto_refund' && e.admin.email === 'system')).toHaveLength(2);
    expect(
      await t.db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.targetUserId, u.user.id), eq(adminAuditLog.action, 'payment.auto_refund'))),
    ).toHaveLength(2);
  });

  it('two plan-change orders for the lifetime plan, both paid: the lifetime plan once, the other payment refunded once', async () => {
    const u = await createUserAndLogin(t);
    const first = await start(u.token, 'stealth_week');
    const firstPaid = await payIn(first.json().data.checkout);
    expect((await verify(u.token, firstPaid.json().response)).statusCode).toBe(200);
    await settle();
    const weekId = first.json().data.subscription._id as string;
    const lifetimeId = await t.planId('stealth_lifetime');
    const orders = await Promise.all([0, 1].map(() => t.call('POST', `/api/v1/subscriptions/${weekId}/change-plan`, { token: u.token, body: { planId: lifetimeId } })));
    expect(orders.map((o) => o.statusCode)).toEqual([200, 200]);
    const paid = await Promise.all(orders.map((o) => payIn(o.json().data.checkout)));
    const [answers] = await Promise.all([Promise.all(paid.map((p) => verify(u.token, p.json().response))), t.sim.deliver()]);
    await settle();
    expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join()).toEqual([200, 409]);
    const lifetime = (await subsOf(u.user.id)).filter((s) => s.kind === 'order');
    expect(lifetime.filter((s) => s.status === 'active')).toHaveLength(1);
    expect(lifetime.filter((s) => s.status === 'cancelled')).toHaveLength(1);
    expect((await findUser(t, u.email)).subscriptionPlan).toBe('stealth_lifetime');
    const given = await refundsOfUser(u.user.id);
    expect(given).toHaveLength(1);
    expect(given[0]).toMatchObject({ source: 'system', status: 'processed' });
    const refunded = (await paymentsOf(u.user.id)).find((p) => p.id === given[0]!.paymentId)!;
    expect(refunded.notApplied).toBe('checkout_replaced');
    expect(given[0]!.amountPaise).toBe(refunded.amountPaidPaise);
    expect(await mailsTo(u.email, 'refund')).toHaveLength(1);
  });

  it('a refund whose answer from Razorpay was lost is never made twice; one Razorpay refused is asked again by the job', async () => {
    const u = await createUserAndLogin(t);
    const a = await start(u.token, 'stealth_month');
    const b = await start(u.token, 'stealth_week');
    const gateway = t.app.ctx.payments;
    const real = gateway.refundPayment;
    let calls = 0;
    // The first request reaches Razorpay, but its answer is lost.
    gateway.refundPayment = async (...args) => {
      calls++;
      await real(...args);
      throw new Error('socket hang up');
    };
    try {
      const paidA = await payIn(a.json().data.checkout);
      expect((await verify(u.token, paidA.json().response)).json().code).toBe('PURCHASE_NOT_APPLIED');
    } finally {
      gateway.refundPayment = real;
    }
    expect(calls).toBe(1);
    // The job asks nothing more (Razorpay shows the payment refunded); the refund's webhook names our refund and stands.
    await runAutomaticRefunds(t.app.ctx, { now: new Date(Date.now() + 86_400_000) });
    await settle();
    const [paymentA] = (await paymentsOf(u.user.id)).filter((p) => p.subscriptionId === a.json().data.subscription._id);
    const ownA = await t.db.select().from(refunds).where(eq(refunds.paymentId, paymentA!.id));
    expect(ownA).toHaveLength(1);
    expect(ownA[0]).toMatchObject({ source: 'system', status: 'processed', creditNoteNumber: expect.stringMatching(/^CN\//) });
    expect((await simPayment(paymentA!.razorpayPaymentId))!.amount_refunded).toBe(paymentA!.amountPaidPaise);
    expect(t.sim.engine.requests.filter((r) => r.path.includes(`/payments/${paymentA!.razorpayPaymentId}/refund`))).toHaveLength(1);
    expect(await mailsTo(u.email, 'refund')).toHaveLength(1);

    // A third tab replaces b; b is paid while Razorpay refuses refunds: the refund waits, and the job makes it later.
    await start(u.token, 'stealth_year');
    gateway.refundPayment = async () => {
      throw new Error('Razorpay is down');
    };
    try {
      const paidB = await payIn(b.json().data.checkout);
      expect((await verify(u.token, paidB.json().response)).json().code).toBe('PURCHASE_NOT_APPLIED');
    } finally {
      gateway.refundPayment = real;
    }
    const [paymentB] = (await paymentsOf(u.user.id)).filter((p) => p.subscriptionId === b.json().data.subscription._id);
    const [waiting] = await t.db.select().from(refunds).where(eq(refunds.paymentId, paymentB!.id));
    expect(waiting).toMatchObject({ source: 'system', status: 'created', razorpayRefundId: null, errorDescription: 'Razorpay is down', attempts: 1 });
    expect(await runAutomaticRefunds(t.app.ctx)).toEqual({ refunded: 0, failed: 0 });
    expect(await runAutomaticRefunds(t.app.ctx, { now: new Date(Date.now() + 86_400_000) })).toEqual({ refunded: 1, failed: 0 });
    expect(await runAutomaticRefunds(t.app.ctx, { now: new Date(Date.now() + 2 * 86_400_000) })).toEqual({ refunded: 0, failed: 0 });
    await settle();
    const ownB = await t.db.select().from(refunds).where(eq(refunds.paymentId, paymentB!.id));
    expect(ownB).toHaveLength(1);
    expect(ownB[0]).toMatchObject({ status: 'processed' });
    expect((await simPayment(paymentB!.razorpayPaymentId))!.amount_refunded).toBe(paymentB!.amountPaidPaise);
    expect(await mailsTo(u.email, 'refund')).toHaveLength(2);
  });
  it('a purchase opened in the moment before another plan was paid, and paid too, starts nothing and is refunded by itself', async () => {
    const u = await createUserAndLogin(t);
    const first = await start(u.token, 'stealth_month');
    // The second checkout passed the "already subscribed" check just before the first payment landed (the window
    // between the check and the checkout's row): made here as startCheckout makes it.
    const gateway = t.app.ctx.payments;
    const week = (await findActivePlan(t.db, await t.planId('stealth_week')))!;
    const providerPlan = await ensureProviderPlan(t.app.ctx, gateway, week);
    const firstPaid = await payIn(first.json().data.checkout);
    expect((await verify(u.token, firstPaid.json().response)).statusCode).toBe(200);
    const created = await gateway.createSubscription({ planId: providerPlan, totalCount: RECURRING_CYCLES.week, notes: {} });
    const second = await recordCheckout(t.app.ctx, gateway, {
      userId: u.user.id,
      plan: week,
      razorpaySubscriptionId: created.id,
      razorpayOrderId: null,
      amountPaise: week.amountPaise,
      billing: null,
      description: week.name,
    });
    const secondPaid = await payIn(second.checkout);
    const [answer] = await Promise.all([verify(u.token, secondPaid.json().response), t.sim.deliver()]);
    await settle();
    expect([answer.statusCode, answer.json().code]).toEqual([409, 'PURCHASE_NOT_APPLIED']);
    expect((await findUser(t, u.email)).subscriptionPlan).toBe('stealth_month');
    const [dup] = await t.db.select().from(payments).where(eq(payments.subscriptionId, second.subscription._id));
    expect(dup).toMatchObject({ notApplied: 'duplicate_purchase', status: 'captured' });
    expect(await t.db.select().from(refunds).where(eq(refunds.paymentId, dup!.id))).toMatchObject([{ source: 'system', status: 'processed', amountPaise: week.amountPaise }]);
    expect((await t.sim.engine.get<SimSubscription>(created.id))!.status).toBe('cancelled');
    expect(await mailsTo(u.email, 'refund')).toHaveLength(1);
  });
});
