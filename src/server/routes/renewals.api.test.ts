import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages';
import { subscriptionUpdateBody } from '../adapters/payments/simulator/contract';
import { hmacHex } from '../adapters/payments/signatures';
import type { SimSubscription } from '../adapters/payments/simulator/engine';
import { outbox, payments, refunds, subscriptions } from '../db/schema';
import { CREDIT_LAPSED_REASON } from '../services/billing/plans/plan-change-credit';
import { runProviderCancellations } from '../services/billing/subscriptions/provider-cancellations';
import { TEST_DB_KIND } from '../test/harness';
import { BILLING_FORM as CHECKOUT_FORM, createBillingTestApp, verifyBody, type BillingTestApp, subscribed as subscribedTo } from '../test/billing';
import { createUserAndLogin, findUser } from '../test/users';

let t: BillingTestApp;
beforeAll(async () => {
  t = await createBillingTestApp();
});
afterAll(() => t.close());

/** The checkout form of a buyer outside India (no state or GSTIN asked), so the rules here do not depend on tax fields. */
const { firstName, lastName, email, address } = CHECKOUT_FORM;
const BILLING_FORM = { firstName, lastName, email, address, country: 'SG', city: 'Singapore', zipCode: '018956' };

/** Starts a purchase as the browser does, then presses Pay (or Fail) in the simulator's window. */
async function buy(_t: BillingTestApp, token: string, code: string) {
  const started = await t.call('POST', '/api/v1/subscriptions', { token, body: { planId: await t.planId(code), planName: code, totalCount: 1, billing: BILLING_FORM } });
  if (started.statusCode !== 200) throw new Error(`POST /subscriptions: ${started.body}`);
  const { checkout, subscription } = started.json().data;
  const paid = await t.call('POST', '/dev/razorpay/checkout/pay', {
    body: { key: checkout.key, subscription_id: checkout.subscriptionId ?? undefined, order_id: checkout.orderId ?? undefined, outcome: 'success' },
  });
  return { checkout, subscription, result: paid.json() };
}

const row = async (id: string) => (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];
const mailsTo = async (email: string, kinds: string[]) =>
  t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, email), inArray(outbox.kind, kinds)));
const current = async (token: string) => (await t.call('GET', '/api/v1/subscriptions/current', { token })).json().data.subscription;
const entitlement = async (token: string) => (await t.call('GET', '/api/v1/entitlement', { token })).json().data.entitlement;
const simSub = (id: string) => t.sim.engine.get<SimSubscription>(id);
const failCharge = (rzpId: string) => t.call('POST', `/dev/razorpay/subscriptions/${rzpId}/fail-charge`);

const subscribed = (code?: string) => subscribedTo(t, code);

describe(`failed renewals (decision 085) on ${TEST_DB_KIND}`, () => {
  it('pending then halted: one mail per state, the paid period kept, no second plan while Razorpay retries, and paying again replaces the halted one', async () => {
    const { u, id, rzpId } = await subscribed();
    const paid = await row(id);

    // First failure: pending, one mail saying what happened and how to fix it; the period does not move.
    await failCharge(rzpId);
    await t.sim.deliver();
    expect((await row(id)).status).toBe('pending');
    let mails = await mailsTo(u.email, ['renewal-pending', 'renewal-halted']);
    expect(mails.map((m) => m.kind)).toEqual(['renewal-pending']);
    expect(mails[0].subject).toBe("Your Stealth Browser renewal payment didn't go through");
    expect(mails[0].text).toContain('₹299');
    expect(mails[0].text).toContain('Razorpay will try the same card again');
    expect(mails[0].text).toContain('/billing');
    const pendingDto = await current(u.token);
    expect(pendingDto).toMatchObject({ _id: id, status: 'pending', renewal: { state: 'pending' }, currentEnd: paid.currentEnd!.toISOString() });

    // While Razorpay retries, a second plan cannot be bought (the spec's rule, with its text).
    const again = await t.call('POST', '/api/v1/subscriptions', {
      token: u.token,
      body: { planId: await t.planId('stealth_week'), planName: 'stealth_week', totalCount: 1, billing: BILLING_FORM },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.alreadySubscribed);

    // Second failure: still pending, no second mail. Third: halted, one mail; a replayed halted event mails nothing.
    await failCharge(rzpId);
    await t.sim.deliver();
    expect(await mailsTo(u.email, ['renewal-pending', 'renewal-halted'])).toHaveLength(1);
    await failCharge(rzpId);
    const haltedHook = (await t.sim.engine.pendingWebhooks()).find((h) => h.event === 'subscription.halted')!;
    await t.sim.deliver();
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/razorpay',
      payload: haltedHook.body,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': haltedHook.signature, 'x-razorpay-event-id': `${haltedHook.id}_again` },
    });
    expect(replay.statusCode).toBe(200);
    mails = await mailsTo(u.email, ['renewal-pending', 'renewal-halted']);
    expect(mails.map((m) => m.kind).sort()).toEqual(['renewal-halted', 'renewal-pending']);
    const halted = mails.find((m) => m.kind === 'renewal-halted')!;
    expect(halted.subject).toBe('Action needed: your Stealth Browser autopay has stopped');
    expect(halted.text).toContain('Pay again');

    // Halted keeps the paid period: same end, still entitled, still the plan.
    const h = await row(id);
    expect(h).toMatchObject({ status: 'halted', renewalNotice: 'halted' });
    expect(h.currentEnd!.getTime()).toBe(paid.currentEnd!.getTime());
    expect(await current(u.token)).toMatchObject({ _id: id, status: 'halted', renewal: { state: 'halted' } });
    expect(await entitlement(u.token)).toMatchObject({ entitled: true, plan: 'stealth_month', status: 'cancelling', validUntil: paid.currentEnd!.toISOString() });

    // Pay again (any plan): the new one starts, the halted one ends and is cancelled at Razorpay with no further charge.
    const repaid = await buy(t, u.token, 'stealth_week');
    await t.sim.deliver();
    await runProviderCancellations(t.app.ctx);
    const old = await row(id);
    expect(old).toMatchObject({ status: 'cancelled', replacedById: repaid.subscription._id, renewalNotice: null });
    expect((await simSub(rzpId))!.status).toBe('cancelled');
    expect(await t.sim.engine.renew(rzpId)).toBeNull();
    expect(await current(u.token)).toMatchObject({ _id: repaid.subscription._id, status: 'active', renewal: null, planCode: 'stealth_week' });
    const live = (await t.db.select().from(subscriptions).where(eq(subscriptions.userId, u.user.id))).filter((s) => s.status === 'active');
    expect(live).toHaveLength(1);
  });

  it('updating the card while pending charges the due payment (Razorpay card change): access extended, no more notices', async () => {
    const { u, id, rzpId } = await subscribed('stealth_week');
    const before = await row(id);
    await failCharge(rzpId);
    await t.sim.deliver();
    const key = t.sim.engine.secrets.keyId;
    const declined = await t.call('POST', '/dev/razorpay/checkout/pay', { body: { key, subscription_id: rzpId, outcome: 'failure', subscription_card_change: true } });
    expect(declined.json().ok).toBe(false);
    await t.sim.deliver();
    expect((await row(id)).status).toBe('pending');
    const changed = await t.call('POST', '/dev/razorpay/checkout/pay', { body: { key, subscription_id: rzpId, outcome: 'success', subscription_card_change: true } });
    expect(changed.json().ok).toBe(true);
    await t.sim.deliver();
    const after = await row(id);
    expect(after).toMatchObject({ status: 'active', renewalNotice: null, renewalFailedAt: null });
    expect(after.currentEnd!.getTime()).toBeGreaterThan(before.currentEnd!.getTime());
    expect((await current(u.token)).renewal).toBeNull();
    const [charge] = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.subscriptionId, id), eq(payments.razorpayPaymentId, changed.json().response.razorpay_payment_id)));
    expect(charge).toMatchObject({ status: 'captured', amountPaidPaise: 9900 });
    expect(await mailsTo(u.email, ['renewal-pending', 'renewal-halted'])).toHaveLength(1);
  });

  it('a card change on a halted subscription charges nothing: no event lifts it (or an expired one) to active or lengthens it; a recorded charge does', async () => {
    const { u, id, rzpId } = await subscribed('stealth_month');
    const paidEnd = (await row(id)).currentEnd!;
    for (let i = 0; i < 3; i++) await failCharge(rzpId);
    await t.sim.deliver();
    expect((await row(id)).status).toBe('halted');

    // Razorpay makes it active with the new card but charges nothing; its entity already names the next cycle.
    const changed = await t.call('POST', '/dev/razorpay/checkout/pay', {
      body: { key: t.sim.engine.secrets.keyId, subscription_id: rzpId, outcome: 'success', subscription_card_change: true },
    });
    expect(changed.json().ok).toBe(true);
    const activated = (await t.sim.engine.pendingWebhooks()).find((h) => h.event === 'subscription.activated')!;
    await t.sim.deliver();
    const post = async (eventId: string, createdAt: number) => {
      const body = JSON.parse(activated.body);
      Object.assign(body.payload.subscription.entity, {
        status: 'active',
        current_start: Math.floor(paidEnd.getTime() / 1000),
        current_end: Math.floor(paidEnd.getTime() / 1000) + 30 * 86_400,
      });
      body.created_at = createdAt;
      const raw = JSON.stringify(body);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/razorpay',
        payload: raw,
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmacHex(t.sim.engine.secrets.webhookSecret, raw), 'x-razorpay-event-id': eventId },
      });
      expect(res.statusCode).toBe(200);
    };
    await post(`${activated.id}_next_cycle`, JSON.parse(activated.body).created_at + 1);
    const halted = await row(id);
    expect(halted).toMatchObject({ status: 'halted', renewalNotice: 'halted' });
    expect(halted.currentEnd!.getTime()).toBe(paidEnd.getTime());
    expect(await current(u.token)).toMatchObject({ _id: id, status: 'halted', renewal: { state: 'halted' }, currentEnd: paidEnd.toISOString() });
    expect(await entitlement(u.token)).toMatchObject({ status: 'cancelling', validUntil: paidEnd.toISOString() });

    // Ended (the expiry job), the same event does not bring it back either.
    await t.db.update(subscriptions).set({ status: 'expired' }).where(eq(subscriptions.id, id));
    await post(`${activated.id}_after_expiry`, JSON.parse(activated.body).created_at + 2);
    expect(await row(id)).toMatchObject({ status: 'expired', currentEnd: paidEnd });
    expect(
      await t.db
        .select()
        .from(payments)
        .where(and(eq(payments.subscriptionId, id), eq(payments.status, 'captured'))),
    ).toHaveLength(1);

    // A charge Razorpay makes and we record does: active again, for the period it paid.
    await t.call('POST', `/dev/razorpay/subscriptions/${rzpId}/charge`);
    await t.sim.deliver();
    const charged = await row(id);
    expect(charged).toMatchObject({ status: 'active', renewalNotice: null });
    expect(charged.currentEnd!.getTime()).toBeGreaterThan(paidEnd.getTime());
    expect(
      await t.db
        .select()
        .from(payments)
        .where(and(eq(payments.subscriptionId, id), eq(payments.status, 'captured'))),
    ).toHaveLength(2);
  });

  it('never two paid plans: two checkouts started and paid at once leave one plan; the other is cancelled at Razorpay', async () => {
    const u = await createUserAndLogin(t);
    const start = (code: string) => t.call('POST', '/api/v1/subscriptions', { token: u.token, body: { planId: '', planName: code, totalCount: 1, billing: BILLING_FORM } });
    // Both start before either is paid (the spec's rule looks at paid plans).
    const [a, b] = await Promise.all([
      t
        .planId('stealth_month')
        .then((planId) => t.call('POST', '/api/v1/subscriptions', { token: u.token, body: { planId, planName: 'stealth_month', totalCount: 1, billing: BILLING_FORM } })),
      t
        .planId('stealth_week')
        .then((planId) => t.call('POST', '/api/v1/subscriptions', { token: u.token, body: { planId, planName: 'stealth_week', totalCount: 1, billing: BILLING_FORM } })),
    ]);
    expect((await start('stealth_week')).statusCode).toBe(400);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const pay = (c: { key: string; subscriptionId: string }) =>
      t.call('POST', '/dev/razorpay/checkout/pay', { body: { key: c.key, subscription_id: c.subscriptionId, outcome: 'success' } });
    const [pa, pb] = await Promise.all([pay(a.json().data.checkout), pay(b.json().data.checkout)]);
    await Promise.all([
      t.call('POST', '/api/v1/payments/verify', { token: u.token, body: verifyBody(pa.json().response) }),
      t.call('POST', '/api/v1/payments/verify', { token: u.token, body: verifyBody(pb.json().response) }),
      t.sim.deliver(),
    ]);
    await t.sim.deliver();
    await runProviderCancellations(t.app.ctx);
    const rows = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, u.user.id));
    const granting = rows.filter((s) => s.status === 'active' && s.currentEnd! > new Date());
    expect(granting).toHaveLength(1);
    const other = rows.find((s) => s.id !== granting[0].id)!;
    expect(other).toMatchObject({ status: 'cancelled', replacedById: granting[0].id });
    expect((await simSub(other.razorpaySubscriptionId!))!.status).toBe('cancelled');
    // The second payment is in the books, refunded by itself (decision 110); the plan shown is the one that holds.
    const [dup] = await t.db.select().from(payments).where(eq(payments.subscriptionId, other.id));
    expect(dup).toMatchObject({ notApplied: 'checkout_replaced', description: expect.stringContaining('refunded automatically') });
    expect(await t.db.select().from(refunds).where(eq(refunds.paymentId, dup.id))).toMatchObject([{ source: 'system', amountPaise: dup.amountPaidPaise }]);
    expect((await current(u.token))._id).toBe(granting[0].id);
    expect((await findUser(t, u.email)).subscriptionPlan).toBe(granting[0].planCode);
  });
});

describe(`plan changes (decision 086) on ${TEST_DB_KIND}`, () => {
  it('moves to another recurring plan at the cycle end through Razorpay, applied by the renewal webhook', async () => {
    const { u, id, rzpId } = await subscribed('stealth_month');
    const weekId = await t.planId('stealth_week');
    const change = (body: unknown, token = u.token, sid = id) => t.call('POST', `/api/v1/subscriptions/${sid}/change-plan`, { token, body });

    // Refusals change nothing: a visitor, another customer, the same plan, an unknown plan, a malformed id.
    expect((await t.call('POST', `/api/v1/subscriptions/${id}/change-plan`, { body: { planId: weekId } })).statusCode).toBe(401);
    const stranger = await createUserAndLogin(t);
    expect((await change({ planId: weekId }, stranger.token)).statusCode).toBe(404);
    const same = await change({ planId: await t.planId('stealth_month') });
    expect([same.statusCode, same.json().message]).toEqual([400, 'You are already on this plan.']);
    expect((await change({ planId: '00000000-0000-0000-0000-000000000000' })).statusCode).toBe(404);
    expect((await change({ planId: 'x'.repeat(101) })).statusCode).toBe(400);
    expect((await change({ planId: weekId }, u.token, 'not-a-uuid')).statusCode).toBe(404);
    const hostile = await change({ planId: await t.planId('stealth_lifetime'), billing: { ...BILLING_FORM, firstName: 'x'.repeat(10_000), country: 'ZZ' } });
    expect(hostile.statusCode).toBe(400);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.replacesId, id))).toHaveLength(0);
    expect((await row(id)).scheduledPlanId).toBeNull();

    const res = await change({ planId: weekId });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.checkout).toBeNull();
    const paidEnd = (await row(id)).currentEnd!;
    expect(await current(u.token)).toMatchObject({ planCode: 'stealth_month', scheduledChange: { planCode: 'stealth_week', amount: 9900, at: paidEnd.toISOString() } });
    const update = t.sim.engine.requests.find((r) => r.method === 'PATCH' && r.path === `/v1/subscriptions/${rzpId}`)!;
    expect(subscriptionUpdateBody.safeParse(update.body).success).toBe(true);
    expect(update.body).toMatchObject({ schedule_change_at: 'cycle_end' });
    expect(await t.db.select().from(payments).where(eq(payments.subscriptionId, id))).toHaveLength(1);

    // At the cycle end Razorpay charges the new plan; the webhook moves our row to it.
    await t.sim.engine.renew(rzpId);
    await t.sim.deliver();
    const after = await row(id);
    expect(after).toMatchObject({ planCode: 'stealth_week', amountPaise: 9900, interval: 'week', scheduledPlanId: null, status: 'active' });
    expect(after.currentStart!.getTime()).toBe(paidEnd.getTime());
    expect(after.currentEnd!.getTime() - paidEnd.getTime()).toBe(7 * 86_400_000);
    const rows = await t.db.select().from(payments).where(eq(payments.subscriptionId, id)).orderBy(payments.paidAt, payments.createdAt);
    expect(rows.map((p) => p.amountPaidPaise)).toEqual([29900, 9900]);
    expect(rows[1].description).toContain('Stealth Week');
    expect((await findUser(t, u.email)).subscriptionPlan).toBe('stealth_week');
  });

  it('a scheduled change can be dropped, and the renewal stays on the plan', async () => {
    const { u, id, rzpId } = await subscribed('stealth_week');
    await t.call('POST', `/api/v1/subscriptions/${id}/change-plan`, { token: u.token, body: { planId: await t.planId('stealth_month') } });
    const dropped = await t.call('DELETE', `/api/v1/subscriptions/${id}/change-plan`, { token: u.token });
    expect(dropped.statusCode).toBe(200);
    expect(dropped.json().data.subscription.scheduledChange).toBeNull();
    expect((await t.call('DELETE', `/api/v1/subscriptions/${id}/change-plan`, { token: u.token })).statusCode).toBe(400);
    await t.sim.engine.renew(rzpId);
    await t.sim.deliver();
    expect(await row(id)).toMatchObject({ planCode: 'stealth_week', amountPaise: 9900 });
  });

  it('buying the lifetime plan ends the recurring one at once, with the unused part taken off the price and no further charge', async () => {
    const { u, id, rzpId } = await subscribed('stealth_month');
    const lifetimeId = await t.planId('stealth_lifetime');
    const lifetimePrice = (await t.call('GET', '/api/v1/subscriptions/plans', { token: u.token })).json().data.plans.find((p: { code: string }) => p.code === 'stealth_lifetime')
      .amount as number;
    // A business buyer in another state: the lifetime order keeps the state and the GSTIN typed with it.
    const billing = { ...CHECKOUT_FORM, state: '27', city: 'Mumbai', zipCode: '400001', gstin: '27AAPFU0939F1ZV' };
    const res = await t.call('POST', `/api/v1/subscriptions/${id}/change-plan`, { token: u.token, body: { planId: lifetimeId, billing } });
    expect(res.statusCode).toBe(200);
    const { checkout, subscription } = res.json().data;
    expect((await row(subscription._id)).billing).toMatchObject({ state: '27', gstin: '27AAPFU0939F1ZV', company: 'Acme' });
    // Bought a moment ago: nearly the whole month is unused.
    expect(subscription.credit).toBeGreaterThan(29_800);
    expect(subscription.credit).toBeLessThanOrEqual(29_900);
    expect(checkout.amount).toBe(lifetimePrice - subscription.credit);
    expect(checkout.orderId).toMatch(/^order_/);

    // Until paid, nothing changes.
    expect((await current(u.token))._id).toBe(id);
    const paid = await t.call('POST', '/dev/razorpay/checkout/pay', { body: { key: checkout.key, order_id: checkout.orderId, outcome: 'success' } });
    const verified = await t.call('POST', '/api/v1/payments/verify', { token: u.token, body: verifyBody(paid.json().response) });
    expect(verified.statusCode).toBe(200);
    await t.sim.deliver();
    await runProviderCancellations(t.app.ctx);

    expect((await simSub(rzpId))!.status).toBe('cancelled');
    expect(await t.sim.engine.renew(rzpId)).toBeNull();
    const old = await row(id);
    expect(old).toMatchObject({ status: 'cancelled', replacedById: subscription._id });
    expect(old.currentEnd!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await current(u.token)).toMatchObject({ _id: subscription._id, planCode: 'stealth_lifetime', status: 'active', currentEnd: null });
    expect(await entitlement(u.token)).toMatchObject({ entitled: true, lifetime: true });
    expect(await t.db.select().from(payments).where(eq(payments.subscriptionId, id))).toHaveLength(1);
    const [lifetimePayment] = await t.db.select().from(payments).where(eq(payments.subscriptionId, subscription._id));
    expect(lifetimePayment.amountPaidPaise).toBe(lifetimePrice - subscription.credit);

    // A lifetime owner cannot change plan or buy again.
    expect((await t.call('POST', `/api/v1/subscriptions/${subscription._id}/change-plan`, { token: u.token, body: { planId: await t.planId('stealth_week') } })).statusCode).toBe(
      409,
    );
    const more = await t.call('POST', '/api/v1/subscriptions', {
      token: u.token,
      body: { planId: await t.planId('stealth_week'), planName: 'stealth_week', totalCount: 1, billing: BILLING_FORM },
    });
    expect(more.json().message).toBe(MSG.alreadySubscribed);
  });

  it('a lifetime order paid after its credit lapsed starts no plan: the year runs on, the payment is refunded by itself, the customer is told', async () => {
    const { u, id, rzpId } = await subscribed('stealth_year');
    const lifetimeId = await t.planId('stealth_lifetime');
    // Day 1: the order is priced with nearly the whole year as credit, and left unpaid (Razorpay orders do not expire).
    const early = (await t.call('POST', `/api/v1/subscriptions/${id}/change-plan`, { token: u.token, body: { planId: lifetimeId } })).json().data;
    expect(early.subscription.credit).toBeGreaterThan(286_000);
    // The year is used: as if 364 days had passed, one day of it is left.
    const year = await row(id);
    const used = 364 * 86_400_000;
    await t.db
      .update(subscriptions)
      .set({ currentStart: new Date(year.currentStart!.getTime() - used), currentEnd: new Date(year.currentEnd!.getTime() - used) })
      .where(eq(subscriptions.id, id));

    // Now the old order is paid: recorded, receipted, flagged for a refund, and nothing else.
    const paid = await t.call('POST', '/dev/razorpay/checkout/pay', { body: { key: early.checkout.key, order_id: early.checkout.orderId, outcome: 'success' } });
    const verified = await t.call('POST', '/api/v1/payments/verify', { token: u.token, body: verifyBody(paid.json().response) });
    expect([verified.statusCode, verified.json().code, verified.json().message]).toEqual([409, 'PURCHASE_NOT_APPLIED', MSG.purchaseNotApplied]);
    await t.sim.deliver();
    await runProviderCancellations(t.app.ctx);
    expect(await row(early.subscription._id)).toMatchObject({ status: 'cancelled', cancellationReason: CREDIT_LAPSED_REASON });
    expect(await row(id)).toMatchObject({ status: 'active', replacedById: null });
    expect((await simSub(rzpId))!.status).toBe('active');
    expect(await current(u.token)).toMatchObject({ _id: id, planCode: 'stealth_year', status: 'active' });
    expect(await entitlement(u.token)).toMatchObject({ plan: 'stealth_year', lifetime: false });
    expect((await findUser(t, u.email)).subscriptionPlan).toBe('stealth_year');
    const [kept] = await t.db.select().from(payments).where(eq(payments.subscriptionId, early.subscription._id));
    expect(kept).toMatchObject({ status: 'captured', amountPaidPaise: early.checkout.amount, receiptNumber: expect.any(Number) });
    expect(kept).toMatchObject({ notApplied: 'credit_lapsed', description: expect.stringContaining('refunded automatically') });
    expect(await t.db.select().from(refunds).where(eq(refunds.paymentId, kept.id))).toMatchObject([{ source: 'system', status: 'processed', amountPaise: kept.amountPaidPaise }]);
    // Asked again, the answer is the same.
    expect((await t.call('POST', '/api/v1/payments/verify', { token: u.token, body: verifyBody(paid.json().response) })).statusCode).toBe(409);

    // An order made now carries a day's credit, and goes through.
    const late = (await t.call('POST', `/api/v1/subscriptions/${id}/change-plan`, { token: u.token, body: { planId: lifetimeId } })).json().data;
    expect(late.subscription.credit).toBeLessThan(1_000);
    const paidLate = await t.call('POST', '/dev/razorpay/checkout/pay', { body: { key: late.checkout.key, order_id: late.checkout.orderId, outcome: 'success' } });
    expect((await t.call('POST', '/api/v1/payments/verify', { token: u.token, body: verifyBody(paidLate.json().response) })).statusCode).toBe(200);
    await t.sim.deliver();
    expect(await current(u.token)).toMatchObject({ _id: late.subscription._id, planCode: 'stealth_lifetime', status: 'active' });
    expect(await row(id)).toMatchObject({ status: 'cancelled', replacedById: late.subscription._id });
  });

  it('two lifetime orders for one subscription, both paid, leave one lifetime plan', async () => {
    const { u, id } = await subscribed('stealth_week');
    const lifetimeId = await t.planId('stealth_lifetime');
    const [a, b] = await Promise.all([0, 1].map(() => t.call('POST', `/api/v1/subscriptions/${id}/change-plan`, { token: u.token, body: { planId: lifetimeId } })));
    const pay = (c: { key: string; orderId: string }) => t.call('POST', '/dev/razorpay/checkout/pay', { body: { key: c.key, order_id: c.orderId, outcome: 'success' } });
    const [pa, pb] = await Promise.all([pay(a.json().data.checkout), pay(b.json().data.checkout)]);
    await Promise.all([pa, pb].map((p) => t.call('POST', '/api/v1/payments/verify', { token: u.token, body: verifyBody(p.json().response) })));
    await t.sim.deliver();
    const rows = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, u.user.id));
    const lifetime = rows.filter((s) => s.kind === 'order');
    expect(lifetime.filter((s) => s.status === 'active')).toHaveLength(1);
    expect(lifetime.filter((s) => s.status === 'cancelled')).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'cancelled' });
    expect((await current(u.token)).planCode).toBe('stealth_lifetime');
  });

  it('refuses a plan change while a renewal has failed or autopay is off', async () => {
    const { u, id, rzpId } = await subscribed('stealth_month');
    await failCharge(rzpId);
    await t.sim.deliver();
    const refused = await t.call('POST', `/api/v1/subscriptions/${id}/change-plan`, { token: u.token, body: { planId: await t.planId('stealth_week') } });
    expect(refused.statusCode).toBe(409);
    expect((await row(id)).scheduledPlanId).toBeNull();

    const other = await subscribed('stealth_month');
    await t.call('PATCH', `/api/v1/subscriptions/${other.id}/cancel`, { token: other.u.token, body: { cancelAtPeriodEnd: true } });
    const off = await t.call('POST', `/api/v1/subscriptions/${other.id}/change-plan`, { token: other.u.token, body: { planId: await t.planId('stealth_lifetime') } });
    expect(off.statusCode).toBe(409);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.replacesId, other.id))).toHaveLength(0);
  });
});
