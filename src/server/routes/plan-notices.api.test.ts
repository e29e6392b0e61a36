import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMetrics } from '../../shared/schemas/metrics';
import { adminAuditLog, outbox, payments, plans, subscriptions } from '../db/schema';
import { expireDueSubscriptions } from '../services/billing/subscriptions/expire-subscriptions';
import { TEST_DB_KIND } from '../test/harness';
import { buy, createBillingTestApp, verifyBody, type BillingTestApp, subscribed as subscribedTo } from '../test/billing';
import { createUserAndLogin } from '../test/users';

let t: BillingTestApp;
let admin: Awaited<ReturnType<typeof createUserAndLogin>>;
beforeAll(async () => {
  t = await createBillingTestApp();
  admin = await createUserAndLogin(t, { role: 'admin' });
});
afterAll(() => t.close());

const row = async (id: string) => (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];
const mails = (email: string, kind: string) =>
  t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, email), eq(outbox.kind, kind)));
const adminPost = (url: string, body: unknown) => t.call('POST', `/api/v1${url}`, { token: admin.token, body });
const current = async (token: string) => (await t.call('GET', '/api/v1/subscriptions/current', { token })).json().data.subscription;
const failCharge = (rzpId: string) => t.call('POST', `/dev/razorpay/subscriptions/${rzpId}/fail-charge`);

const subscribed = (code?: string) => subscribedTo(t, code);

/** Three declined renewals: Razorpay halts the subscription. */
async function halt(rzpId: string) {
  for (let i = 0; i < 3; i++) await failCharge(rzpId);
  await t.sim.deliver();
}

describe(`what a customer is told, and what counts as churn, on ${TEST_DB_KIND}`, () => {
  it('an admin\'s "Cancel now" reads as ended (no "cancelling", no end date ahead) and mails the customer that access was cut', async () => {
    const { u, id } = await subscribed();
    const res = await adminPost(`/admin/users/${u.user.id}/subscriptions/${id}/cancel`, { when: 'now', reason: 'Chargeback' });
    expect(res.statusCode).toBe(200);
    expect(await current(u.token)).toMatchObject({ status: 'cancelled', cancelAtPeriodEnd: false, willCancelAtPeriodEnd: false });
    // Once the expiry job has seen it, still not "set to cancel at the period end".
    await expireDueSubscriptions(t.app.ctx.db, new Date(Date.now() + 1000));
    expect(await current(u.token)).toMatchObject({ status: 'expired', cancelAtPeriodEnd: false });
    const [mail] = await mails(u.email, 'plan-ended');
    expect(mail.subject).toBe('Your Stealth Browser plan has ended');
    expect(mail.text).toContain('our support team ended your Stealth Month plan on');
    expect(mail.text).toContain('Your access has ended');
    // The reason an admin typed is for the audit log, not the customer's inbox.
    expect(mail.text).not.toContain('Chargeback');
  });

  it("the customer's own cancellation is confirmed by mail, with the date access lasts until; an admin's at the period end says our team did it", async () => {
    const { u, id } = await subscribed();
    expect((await t.call('PATCH', `/api/v1/subscriptions/${id}/cancel`, { token: u.token, body: {} })).statusCode).toBe(200);
    const [mail] = await mails(u.email, 'plan-cancelled');
    expect(mail.subject).toBe('Your Stealth Browser subscription is cancelled');
    expect(mail.text).toContain('as you asked, autopay for Stealth Month is now off');
    expect(mail.text).toContain('You keep full access to Stealth Month until');
    // Asked again: already set, no second mail.
    await t.call('PATCH', `/api/v1/subscriptions/${id}/cancel`, { token: u.token, body: {} });
    expect(await mails(u.email, 'plan-cancelled')).toHaveLength(1);

    const other = await subscribed('stealth_week');
    expect((await adminPost(`/admin/users/${other.u.user.id}/subscriptions/${other.id}/cancel`, { when: 'period_end', reason: 'Asked by phone' })).statusCode).toBe(200);
    const [byTeam] = await mails(other.u.email, 'plan-cancelled');
    expect(byTeam.text).toContain('our support team has turned off autopay for Stealth Week');
  });

  it('a complimentary period and a trial extension from an admin are mailed to the customer, in their language', async () => {
    const c = await createUserAndLogin(t);
    expect((await adminPost(`/admin/users/${c.user.id}/extend-trial`, { days: 3, reason: 'Evaluating for a team' })).statusCode).toBe(200);
    const [trial] = await mails(c.email, 'plan-trial-extended');
    expect(trial.subject).toBe('Your Stealth Browser trial has been extended');
    expect(trial.text).toContain('our team has extended your free trial by 3 days. It now ends on');

    const h = await createUserAndLogin(t);
    await t.call('PUT', '/api/v1/auth/profile', { token: h.token, body: { firstName: 'Test', lastName: 'User', preferences: { language: 'hi' } } });
    expect((await adminPost(`/admin/users/${h.user.id}/complimentary`, { days: 1, planCode: 'stealth_month', reason: 'Outage' })).statusCode).toBe(200);
    const [gift] = await mails(h.email, 'plan-complimentary');
    expect(gift.subject).toBe('हमारी टीम की ओर से Stealth Browser के 1 मुफ़्त दिन');
    expect(gift.text).toContain('Stealth Month के 1 दिन मुफ़्त दिए हैं');
  });

  it('a scheduled plan change is confirmed by mail, and choosing another plan mails the new choice', async () => {
    const { u, id } = await subscribed('stealth_week');
    const change = (code: string) => t.call('POST', `/api/v1/subscriptions/${id}/change-plan`, { token: u.token, body: { planId: code } });
    expect((await change(await t.planId('stealth_month'))).statusCode).toBe(200);
    expect((await change(await t.planId('stealth_year'))).statusCode).toBe(200);
    const sent = (await mails(u.email, 'plan-change')).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(sent).toHaveLength(2);
    expect(sent[0].text).toContain('your plan changes from Stealth Week to Stealth Month on');
    expect(sent[0].text).toContain('autopay charges ₹299 a month for Stealth Month');
    expect(sent[1].text).toContain('your plan changes from Stealth Week to Stealth Year on');
    expect(sent[1].subject).toBe('Your Stealth Browser plan change is scheduled');
  });

  it('the overview counts churn only, by reason: not a plan replaced by the lifetime plan or by "Pay again"', async () => {
    const read = async () => (await t.call('GET', '/api/v1/admin/metrics?days=7', { token: admin.token })).json().data as AdminMetrics;
    const before = (await read()).totals;

    // Not churn: a month plan replaced by the lifetime plan.
    const up = await subscribed('stealth_month');
    const order = (await t.call('POST', `/api/v1/subscriptions/${up.id}/change-plan`, { token: up.u.token, body: { planId: await t.planId('stealth_lifetime') } })).json().data;
    const paid = await t.call('POST', '/dev/razorpay/checkout/pay', { body: { key: order.checkout.key, order_id: order.checkout.orderId, outcome: 'success' } });
    expect((await t.call('POST', '/api/v1/payments/verify', { token: up.u.token, body: verifyBody(paid.json().response) })).statusCode).toBe(200);
    await t.sim.deliver();
    expect(await row(up.id)).toMatchObject({ status: 'cancelled', endReason: 'replaced' });
    // Not churn: a halted week plan replaced by "Pay again".
    const again = await subscribed('stealth_week');
    await halt(again.rzpId);
    await buy(t, again.u.token, 'stealth_month');
    await t.sim.deliver();
    expect(await row(again.id)).toMatchObject({ endReason: 'replaced' });

    // Churn: the customer cancelled; an admin ended one; a full refund; a halted plan that ran out.
    const gone = await subscribed();
    await t.call('PATCH', `/api/v1/subscriptions/${gone.id}/cancel`, { token: gone.u.token, body: {} });
    const ended = await subscribed();
    await adminPost(`/admin/users/${ended.u.user.id}/subscriptions/${ended.id}/cancel`, { when: 'now', reason: 'Abuse' });
    const refunded = await subscribed();
    const [payment] = await t.db.select().from(payments).where(eq(payments.subscriptionId, refunded.id));
    expect((await adminPost(`/admin/payments/${payment.id}/refund`, { reason: 'Asked for a refund' })).statusCode).toBe(200);
    const lapsed = await subscribed('stealth_week');
    await halt(lapsed.rzpId);
    await t.db
      .update(subscriptions)
      .set({ currentEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.id, lapsed.id));
    await expireDueSubscriptions(t.app.ctx.db);
    expect(await row(lapsed.id)).toMatchObject({ status: 'expired', endReason: 'payment_failed' });

    const after = (await read()).totals;
    expect(after.cancellations - before.cancellations).toBe(4);
    expect({
      customerCancelled: after.cancellationsByReason.customerCancelled - before.cancellationsByReason.customerCancelled,
      refunded: after.cancellationsByReason.refunded - before.cancellationsByReason.refunded,
      adminEnded: after.cancellationsByReason.adminEnded - before.cancellationsByReason.adminEnded,
      paymentFailed: after.cancellationsByReason.paymentFailed - before.cancellationsByReason.paymentFailed,
    }).toEqual({ customerCancelled: 1, refunded: 1, adminEnded: 1, paymentFailed: 1 });
  });

  it('migration 0164 gives the subscriptions that had already ended their reason, as far as the rows tell', async () => {
    const u = await createUserAndLogin(t);
    const [month] = await t.db.select().from(plans).where(eq(plans.code, 'stealth_month'));
    const base = {
      userId: u.user.id,
      planId: month.id,
      planCode: month.code,
      planName: month.name,
      amountPaise: month.amountPaise,
      interval: month.interval,
      kind: 'subscription' as const,
      status: 'cancelled' as const,
    };
    const at = new Date(Date.now() - 5 * 86_400_000);
    const insert = async (over: Partial<typeof subscriptions.$inferInsert>) =>
      (
        await t.db
          .insert(subscriptions)
          .values({ ...base, cancelledAt: at, ...over })
          .returning()
      )[0].id;
    const lifetime = await insert({ kind: 'order', status: 'active', cancelledAt: null });
    const replaced = await insert({ replacedById: lifetime, cancellationReason: 'Replaced by Stealth Pro (Lifetime)' });
    const refunded = await insert({ cancellationReason: 'refunded' });
    const duplicate = await insert({ cancellationReason: 'Paid while another plan was active (duplicate purchase)', replacedById: lifetime });
    const byAdmin = await insert({ cancellationReason: 'Chargeback' });
    await t.db.insert(adminAuditLog).values({
      adminId: admin.user.id,
      adminEmail: admin.email,
      action: 'subscription.cancel',
      targetUserId: u.user.id,
      reason: 'Chargeback',
      details: { subscriptionId: byAdmin, when: 'now' },
    });
    const own = await insert({ status: 'expired', cancelAtPeriodEnd: true, cancellationReason: 'Too expensive' });
    const lapsed = await insert({ status: 'expired', cancelledAt: null, currentEnd: at });
    const gift = await insert({ kind: 'complimentary', status: 'expired', cancelledAt: null, currentEnd: at });
    // As the rows were before the migration: no reason recorded.
    await t.db.update(subscriptions).set({ endReason: null, endReasonAt: null }).where(eq(subscriptions.userId, u.user.id));
    const backfill = readFileSync(new URL('../db/migrations/0164_subscription_end_reason.sql', import.meta.url), 'utf8')
      .split(/;\s*\n/)
      .map((part) => part.replace(/^\s*--.*$/gm, '').trim())
      .filter((statement) => statement.startsWith('UPDATE'));
    for (const statement of backfill) await t.db.execute(sql.raw(statement));
    const reasons = Object.fromEntries(
      await Promise.all(Object.entries({ lifetime, replaced, refunded, duplicate, byAdmin, own, lapsed, gift }).map(async ([name, id]) => [name, (await row(id)).endReason])),
    );
    expect(reasons).toEqual({
      lifetime: null,
      replaced: 'replaced',
      refunded: 'refunded',
      duplicate: 'not_started',
      byAdmin: 'admin_ended',
      own: 'customer_cancelled',
      lapsed: 'payment_failed',
      gift: 'complimentary_ended',
    });
    expect((await row(own)).endReasonAt).toEqual(at);
  });
});
