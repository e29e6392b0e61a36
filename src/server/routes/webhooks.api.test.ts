import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLINED } from '../adapters/payments/simulator/engine';
import { hmacHex } from '../adapters/payments/signatures';
import { queryRows } from '../db/client';
import { outbox, payments, subscriptions, webhookEvents } from '../db/schema';
import { expireDueSubscriptions } from '../services/billing/subscriptions/expire-subscriptions';
import { RENEWAL_GRACE_MS } from '../services/billing/subscriptions/period';
import { TEST_DB_KIND } from '../test/harness';
import { buy, createBillingTestApp, verifyBody, type BillingTestApp, subscribed as subscribedTo } from '../test/billing';
import { createUserAndLogin, findUser } from '../test/users';

let t: BillingTestApp;
beforeAll(async () => {
  t = await createBillingTestApp();
});
afterAll(() => t.close());

const post = (body: string, signature: string, eventId?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/razorpay',
    payload: body,
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, ...(eventId ? { 'x-razorpay-event-id': eventId } : {}) },
  });
const sign = (body: string) => hmacHex(t.sim.engine.secrets.webhookSecret, body);

async function subscriptionRow(id: string) {
  const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}
const paymentsOf = (subscriptionId: string) => t.db.select().from(payments).where(eq(payments.subscriptionId, subscriptionId)).orderBy(payments.paidAt);
const receiptsTo = async (email: string) =>
  (
    await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'receipt'), eq(outbox.toAddress, email)))
  ).length;

const subscribed = (code?: string) => subscribedTo(t, code);

describe(`Razorpay webhooks on ${TEST_DB_KIND}`, () => {
  it('refuses a forged or missing signature and stores nothing', async () => {
    const body = JSON.stringify({ entity: 'event', event: 'subscription.activated', payload: {}, created_at: 1 });
    const forged = await post(body, hmacHex('not-the-secret', body), 'evt_forged0000001');
    expect(forged.statusCode).toBe(400);
    expect(JSON.parse(forged.body).message).toBe('Invalid webhook signature');
    const missing = await t.app.inject({ method: 'POST', url: '/api/v1/webhooks/razorpay', payload: body, headers: { 'content-type': 'application/json' } });
    expect(missing.statusCode).toBe(400);
    // The signature covers the bytes as sent: the same JSON re-serialised with other spacing fails.
    const spaced = JSON.stringify(JSON.parse(body), null, 2);
    expect((await post(spaced, sign(body), 'evt_forged0000002')).statusCode).toBe(400);
    expect(await t.db.select().from(webhookEvents).where(eq(webhookEvents.id, 'evt_forged0000001'))).toHaveLength(0);
  });

  it('answers 400 with a code to a signed body that is not a Razorpay event, and stores or changes nothing', async () => {
    const { u, id } = await subscribed();
    const before = {
      events: await t.db.select().from(webhookEvents),
      row: await subscriptionRow(id),
      payments: await paymentsOf(id),
      plan: (await findUser(t, u.email)).subscriptionPlan,
    };
    const shapes = [
      '[1,2]',
      'null',
      '"payment.captured"',
      '42',
      JSON.stringify({ entity: 'event', event: 'payment.captured', created_at: 1 }),
      JSON.stringify({ entity: 'event', event: 'payment.captured', payload: null, created_at: 1 }),
      JSON.stringify({ entity: 'event', event: 'payment.captured', payload: [1, 2], created_at: 1 }),
      JSON.stringify({ entity: 'event', payload: {}, created_at: 1 }),
      JSON.stringify({ entity: 'event', event: 7, payload: {}, created_at: 1 }),
      JSON.stringify({ entity: 'event', event: 'subscription.cancelled', payload: { subscription: { entity: { status: 'cancelled' } } }, created_at: 1 }),
      JSON.stringify({ entity: 'event', event: 'payment.captured', payload: { payment: { entity: { id: 'pay_x', amount: 'lots' } } }, created_at: 1 }),
      JSON.stringify({ entity: 'event', event: 'refund.processed', payload: { refund: null }, created_at: 1 }),
      '{"event":',
    ];
    for (const [i, body] of shapes.entries()) {
      const res = await post(body, sign(body), `evt_malformed${String(i).padStart(4, '0')}`);
      expect([res.statusCode, res.json().error, res.json().code], body).toEqual([400, 'BAD_REQUEST', 'INVALID_WEBHOOK_BODY']);
      expect(res.json().message, body).toMatch(/^The webhook body is not/);
    }
    expect(await t.db.select().from(webhookEvents)).toEqual(before.events);
    expect(await subscriptionRow(id)).toEqual(before.row);
    expect(await paymentsOf(id)).toEqual(before.payments);
    expect((await findUser(t, u.email)).subscriptionPlan).toBe(before.plan);
    // An event we do not act on, well formed, is still taken (Razorpay would otherwise retry it and disable the hook).
    const other = JSON.stringify({ entity: 'event', event: 'invoice.paid', contains: ['invoice'], payload: { invoice: { entity: { id: 'inv_x' } } }, created_at: 1 });
    expect((await post(other, sign(other), 'evt_otherevent0001')).json().data.status).toBe('processed');
  });

  it('activates from the webhooks alone when the browser never came back, and a late verification adds nothing', async () => {
    const u = await createUserAndLogin(t);
    const { subscription, result } = await buy(t, u.token, 'stealth_month');
    expect(await t.sim.deliver()).toBe(4);
    const row = await subscriptionRow(subscription._id);
    expect(row.status).toBe('active');
    expect(row.currentEnd).not.toBeNull();
    expect((await findUser(t, u.email)).subscriptionPlan).toBe('stealth_month');

    const late = await t.call('POST', '/api/v1/payments/verify', { token: u.token, body: verifyBody(result.response) });
    expect(late.statusCode).toBe(200);
    expect(await paymentsOf(subscription._id)).toHaveLength(1);
    expect(await receiptsTo(u.email)).toBeGreaterThan(0);
  });

  it('verification racing the webhooks gives exactly one payment row, one activation and one receipt', async () => {
    const u = await createUserAndLogin(t);
    const { subscription, result } = await buy(t, u.token, 'stealth_week');
    const receiptsBefore = (await t.db.select().from(outbox).where(eq(outbox.kind, 'receipt'))).length;
    const [verified] = await Promise.all([t.call('POST', '/api/v1/payments/verify', { token: u.token, body: verifyBody(result.response) }), t.sim.deliver()]);
    expect(verified.statusCode).toBe(200);
    const rows = await paymentsOf(subscription._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'captured', amountPaidPaise: 9900 });
    expect((await t.db.select().from(outbox).where(eq(outbox.kind, 'receipt'))).length).toBe(receiptsBefore + 1);
    expect((await subscriptionRow(subscription._id)).status).toBe('active');
  });

  it('a payment reported failed and then captured (a late authorisation) gives the plan, the receipt number and the receipt', async () => {
    const u = await createUserAndLogin(t);
    const { subscription, result } = await buy(t, u.token, 'stealth_lifetime');
    const payId = result.response.razorpay_payment_id;
    const captured = (await t.sim.engine.pendingWebhooks()).find((h) => h.event === 'payment.captured' && h.body.includes(payId))!;
    // Razorpay first reports the payment failed (same payment id), then captured.
    const failed = JSON.parse(captured.body);
    failed.event = 'payment.failed';
    failed.created_at -= 1;
    Object.assign(failed.payload.payment.entity, { status: 'failed', captured: false, error_description: DECLINED });
    const raw = JSON.stringify(failed);
    expect((await post(raw, sign(raw), `${captured.id}_failed_first`)).statusCode).toBe(200);
    expect(await paymentsOf(subscription._id)).toMatchObject([{ status: 'failed', receiptNumber: null }]);
    expect((await findUser(t, u.email)).subscriptionPlan).toBe('free');

    await t.sim.deliver();
    const [row] = await paymentsOf(subscription._id);
    expect(row).toMatchObject({
      status: 'captured',
      amountPaidPaise: 499900,
      errorDescription: null,
      receiptNumber: expect.any(Number),
      description: 'Stealth Pro (Lifetime): one-time payment',
    });
    expect(await subscriptionRow(subscription._id)).toMatchObject({ status: 'active', currentEnd: null });
    expect((await findUser(t, u.email)).subscriptionPlan).toBe('stealth_lifetime');
    expect(await receiptsTo(u.email)).toBe(1);
    const history = (await t.call('GET', '/api/v1/payments', { token: u.token })).json().data.payments;
    expect(history).toMatchObject([{ status: 'captured', amountPaid: 499900 }]);
  });

  it('processes a replayed event once', async () => {
    const u = await createUserAndLogin(t);
    const { subscription } = await buy(t, u.token, 'stealth_month');
    const hooks = await t.sim.engine.pendingWebhooks();
    const charged = hooks.find((h) => h.event === 'subscription.charged')!;
    const first = await post(charged.body, charged.signature, charged.id);
    expect(JSON.parse(first.body).data.status).toBe('processed');
    const replay = await post(charged.body, charged.signature, charged.id);
    expect(replay.statusCode).toBe(200);
    expect(JSON.parse(replay.body).data.status).toBe('duplicate');
    // Razorpay re-sends the same event id; even without the header the body identifies it.
    const [a, b] = await Promise.all([post(charged.body, charged.signature), post(charged.body, charged.signature)]);
    expect([JSON.parse(a.body).data.status, JSON.parse(b.body).data.status].sort()).toEqual(['duplicate', 'processed']);
    expect(await paymentsOf(subscription._id)).toHaveLength(1);
    await t.sim.engine.markDelivered(hooks.map((h) => h.id));
  });

  it('is safe against out-of-order delivery: an older pending event after a renewal changes nothing', async () => {
    const { id, rzpId } = await subscribed();
    await t.sim.engine.failRenewal(rzpId);
    const pending = (await t.sim.engine.pendingWebhooks()).find((h) => h.event === 'subscription.pending')!;
    await t.sim.engine.markDelivered((await t.sim.engine.pendingWebhooks()).map((h) => h.id));
    await t.sim.engine.renew(rzpId);
    const chargedHook = (await t.sim.engine.pendingWebhooks()).find((h) => h.event === 'subscription.charged')!;
    const chargedAt = JSON.parse(chargedHook.body).created_at as number;
    await t.sim.deliver();
    expect((await subscriptionRow(id)).status).toBe('active');

    // The pending event was made before the renewal; Razorpay delivers it late.
    const older = JSON.stringify({ ...JSON.parse(pending.body), created_at: chargedAt - 60 });
    const res = await post(older, sign(older), `${pending.id}_late`);
    expect(res.statusCode).toBe(200);
    const row = await subscriptionRow(id);
    expect(row.status).toBe('active');
    expect(await paymentsOf(id)).toHaveLength(2);
  });

  it('extends the period and adds a payment with its own receipt on each renewal', async () => {
    const { u, id, rzpId } = await subscribed();
    const before = await subscriptionRow(id);
    await t.sim.engine.renew(rzpId);
    await t.sim.deliver();
    const after = await subscriptionRow(id);
    expect(after.status).toBe('active');
    expect(after.currentStart!.getTime()).toBe(before.currentEnd!.getTime());
    expect(after.currentEnd!.getTime()).toBeGreaterThan(before.currentEnd!.getTime() + 27 * 86_400_000);
    const rows = await paymentsOf(id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ status: 'captured', amountPaidPaise: 29900 });
    expect(rows[1].periodStart!.getTime()).toBe(before.currentEnd!.getTime());
    expect(rows[0].receiptNumber).not.toBe(rows[1].receiptNumber);
    const history = await t.call('GET', '/api/v1/payments', { token: u.token });
    expect(history.json().data.pagination.totalItems).toBe(2);
  });

  it('records a failed renewal as pending with the decline in the history, and halts after the last retry', async () => {
    const { u, id, rzpId } = await subscribed();
    await t.call('POST', `/dev/razorpay/subscriptions/${rzpId}/fail-charge`);
    await t.sim.deliver();
    expect((await subscriptionRow(id)).status).toBe('pending');
    expect((await findUser(t, u.email)).subscriptionPlan).toBe('stealth_month');
    const history = (await t.call('GET', '/api/v1/payments', { token: u.token })).json().data.payments;
    expect(history[0]).toMatchObject({ status: 'failed', errorDescription: DECLINED, amountPaid: 0 });

    await t.call('POST', `/dev/razorpay/subscriptions/${rzpId}/fail-charge`);
    await t.call('POST', `/dev/razorpay/subscriptions/${rzpId}/fail-charge`);
    await t.sim.deliver();
    expect((await subscriptionRow(id)).status).toBe('halted');

    // A charge that finally succeeds brings it back.
    await t.call('POST', `/dev/razorpay/subscriptions/${rzpId}/charge`);
    await t.sim.deliver();
    expect((await subscriptionRow(id)).status).toBe('active');
  });

  it('cancelled at the period end: Razorpay cancels at the cycle end, then the subscription expires and the user is free', async () => {
    const { u, id, rzpId } = await subscribed();
    await t.call('PATCH', `/api/v1/subscriptions/${id}/cancel`, { token: u.token, body: { cancelAtPeriodEnd: true } });
    await t.sim.engine.renew(rzpId);
    await t.sim.deliver();
    const row = await subscriptionRow(id);
    expect(row.status).toBe('cancelled');
    expect(await paymentsOf(id)).toHaveLength(1);
    expect((await findUser(t, u.email)).subscriptionStatus).toBe('cancelled');

    // Access continues until the end of the paid period, and no longer.
    await expireDueSubscriptions(t.db, new Date(row.currentEnd!.getTime() - 60_000));
    expect((await subscriptionRow(id)).status).toBe('cancelled');
    expect(await expireDueSubscriptions(t.db, new Date(row.currentEnd!.getTime() + 1000))).toBeGreaterThanOrEqual(1);
    expect((await subscriptionRow(id)).status).toBe('expired');
    const user = await findUser(t, u.email);
    expect([user.subscriptionPlan, user.subscriptionStatus]).toEqual(['free', 'expired']);
    const current = await t.call('GET', '/api/v1/subscriptions/current', { token: u.token });
    expect(current.json().data.subscription.status).toBe('expired');
  });

  it('expires an auto-renewing subscription whose renewal never came, after the grace period, once across instances', async () => {
    const { u, id } = await subscribed();
    const end = (await subscriptionRow(id)).currentEnd!;
    await expireDueSubscriptions(t.db, new Date(end.getTime() + 1000));
    expect((await subscriptionRow(id)).status).toBe('active');
    const late = new Date(end.getTime() + RENEWAL_GRACE_MS + 1000);
    const counts = await Promise.all([expireDueSubscriptions(t.db, late), expireDueSubscriptions(t.db, late)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    const [{ n }] = await queryRows<{ n: string }>(t.db, sql`select count(*) as n from subscriptions where id = ${id} and status = 'expired'`);
    expect(Number(n)).toBe(1);
    expect((await findUser(t, u.email)).subscriptionPlan).toBe('free');

    // A renewal that lands after all brings the subscription back.
    const again = await subscribed('stealth_week');
    await t.db.update(subscriptions).set({ status: 'expired' }).where(eq(subscriptions.id, again.id));
    await t.sim.engine.renew(again.rzpId);
    await t.sim.deliver();
    expect((await subscriptionRow(again.id)).status).toBe('active');
  });
});
