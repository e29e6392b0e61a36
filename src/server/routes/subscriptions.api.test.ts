import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLINED } from '../adapters/payments/simulator/engine';
import { queryRows } from '../db/client';
import { payments, plans, subscriptions } from '../db/schema';
import { BILLING_LIMITS } from '../services/billing/checkout/rate-limits';
import { TEST_DB_KIND } from '../test/harness';
import { BILLING_FORM, buy, createBillingTestApp, verifyBody, type BillingTestApp } from '../test/billing';
import { createUserAndLogin, findUser } from '../test/users';

let t: BillingTestApp;
beforeAll(async () => {
  t = await createBillingTestApp();
});
afterAll(() => t.close());

describe(`plans and purchases on ${TEST_DB_KIND}`, () => {
  it('lists the seeded plans publicly, in paise, with the yearly price 20% under twelve months', async () => {
    const res = await t.call('GET', '/api/v1/subscriptions/plans/public');
    expect(res.statusCode).toBe(200);
    const list = res.json().data.plans as { code: string; name: string; amount: number; interval: string; popular: boolean; features: Record<string, boolean> }[];
    expect(list.map((p) => [p.name, p.amount, p.interval])).toEqual([
      ['Stealth Week', 9900, 'week'],
      ['Stealth Month', 29900, 'month'],
      ['Stealth Year', 287000, 'year'],
      ['Stealth Pro (Lifetime)', 499900, 'lifetime'],
    ]);
    expect(list.filter((p) => p.popular).map((p) => p.code)).toEqual(['stealth_month']);
    const month = list[1].amount;
    const year = list[2].amount;
    expect(Math.round((1 - year / (12 * month)) * 100)).toBe(20);
    expect(Object.keys(list[0].features).length).toBeGreaterThan(0);
  });

  it('answers the seeded plan texts in the language asked for, a changed text as stored (decision 096)', async () => {
    const pub = (await t.call('GET', '/api/v1/subscriptions/plans/public?lang=hi')).json().data.plans as { name: string; description: string; features: Record<string, boolean> }[];
    expect(pub[1]).toMatchObject({ name: 'Stealth Month', description: 'पूरी पहुँच, हर महीने नवीनीकृत।' });
    expect(Object.keys(pub[1].features)).toContain('प्राथमिकता वाली ईमेल सहायता');
    const english = (await t.call('GET', '/api/v1/subscriptions/plans/public?lang=xx')).json().data.plans as { description: string }[];
    expect(english[1].description).toBe('Full access, renewed every month.');

    const u = await createUserAndLogin(t);
    await t.app.ctx.db.update(plans).set({ description: 'A month of everything, this summer.' }).where(eq(plans.code, 'stealth_month'));
    try {
      const mine = (await t.call('GET', '/api/v1/subscriptions/plans?lang=es', { token: u.token })).json().data.plans as {
        description: string;
        features: Record<string, boolean>;
      }[];
      expect(mine[1].description).toBe('A month of everything, this summer.');
      expect(mine[0].description).toBe('Siete días de acceso completo para una semana de entrevistas.');
      expect(Object.keys(mine[1].features)).toContain('Soporte prioritario por correo electrónico');
    } finally {
      await t.app.ctx.db.update(plans).set({ description: 'Full access, renewed every month.' }).where(eq(plans.code, 'stealth_month'));
    }
  });

  it('needs a signed-in user for the plans of the billing page, the current subscription and a purchase', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/subscriptions/plans'],
      ['GET', '/api/v1/subscriptions/current'],
      ['POST', '/api/v1/subscriptions'],
      ['GET', '/api/v1/payments'],
    ] as const) {
      const res = await t.call(method, url, { body: method === 'POST' ? { planId: 'stealth_month', totalCount: 1 } : undefined });
      expect(res.statusCode, url).toBe(401);
    }
    const u = await createUserAndLogin(t);
    const res = await t.call('GET', '/api/v1/subscriptions/plans', { token: u.token });
    expect(res.json().data.plans).toHaveLength(4);
  });

  it('answers 200 with a null subscription while the user has none, so no page logs a failed request', async () => {
    const u = await createUserAndLogin(t);
    const res = await t.call('GET', '/api/v1/subscriptions/current', { token: u.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { subscription: null } });
  });

  it('refuses a billing form with missing fields, naming them in one message', async () => {
    const u = await createUserAndLogin(t);
    const res = await t.call('POST', '/api/v1/subscriptions', {
      token: u.token,
      body: { planId: await t.planId('stealth_month'), planName: 'stealth_month', totalCount: 1, billing: { ...BILLING_FORM, city: '', zipCode: '' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please fill in all required fields: City, ZIP Code');
  });

  it('buys a monthly plan: checkout data, verified signature, active subscription, user plan and one Razorpay plan kept', async () => {
    const u = await createUserAndLogin(t);
    const { checkout, subscription, result } = await buy(t, u.token, 'stealth_month');
    expect(checkout).toMatchObject({ key: 'rzp_test_simulator', amount: 29900, currency: 'INR', description: 'Stealth Month', orderId: null });
    expect(checkout.subscriptionId).toMatch(/^sub_\w{14}$/);
    expect(subscription).toMatchObject({ status: 'created', razorpaySubscriptionId: checkout.subscriptionId, planAmount: 29900, planCurrency: 'INR', planInterval: 'month' });
    expect(result.ok).toBe(true);

    const verified = await t.call('POST', '/api/v1/payments/verify', { token: u.token, body: verifyBody(result.response) });
    expect(verified.statusCode).toBe(200);
    const sub = verified.json().data.subscription;
    expect(sub.status).toBe('active');
    const days = (Date.parse(sub.currentEnd) - Date.parse(sub.currentStart)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);

    const current = await t.call('GET', '/api/v1/subscriptions/current', { token: u.token });
    expect(current.json().data.subscription).toMatchObject({ _id: sub._id, planName: 'Stealth Month', status: 'active', cancelAtPeriodEnd: false, cancelledAt: null });
    const user = await findUser(t, u.email);
    expect([user.subscriptionPlan, user.subscriptionStatus]).toEqual(['stealth_month', 'stealth_month']);
    const me = await t.call('GET', '/api/v1/auth/me', { token: u.token });
    expect(me.json().data.user.subscriptionStatus).toBe('stealth_month');

    // A second buyer of the same plan reuses the Razorpay plan made on first use.
    const other = await createUserAndLogin(t);
    await buy(t, other.token, 'stealth_month');
    const [row] = await t.db.select().from(plans).where(eq(plans.code, 'stealth_month'));
    expect(row.razorpayPlanId).toMatch(/^plan_/);
    expect(row.razorpayPlanKeyId).toBe('rzp_test_simulator');
    expect(t.sim.engine.requests.filter((r) => r.method === 'POST' && r.path === '/v1/plans' && (r.body as { item: { amount: number } }).item.amount === 29900)).toHaveLength(1);
  });

  it('refuses a second purchase while a subscription is active', async () => {
    const u = await createUserAndLogin(t);
    const { result } = await buy(t, u.token, 'stealth_week');
    await t.call('POST', '/api/v1/payments/verify', { token: u.token, body: verifyBody(result.response) });
    const again = await t.call('POST', '/api/v1/subscriptions', { token: u.token, body: { planId: await t.planId('stealth_year'), planName: 'stealth_year', totalCount: 1 } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already have an active subscription.');
  });

  it('refuses a forged signature and one for another user, recording nothing', async () => {
    const u = await createUserAndLogin(t);
    const { result, subscription } = await buy(t, u.token, 'stealth_month');
    const forged = await t.call('POST', '/api/v1/payments/verify', { token: u.token, body: { ...verifyBody(result.response), signature: 'f'.repeat(64) } });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('Payment verification failed. Please contact support.');
    const swapped = await t.call('POST', '/api/v1/payments/verify', { token: u.token, body: { ...verifyBody(result.response), paymentId: 'pay_0000000000000A' } });
    expect(swapped.statusCode).toBe(400);

    const stranger = await createUserAndLogin(t);
    const foreign = await t.call('POST', '/api/v1/payments/verify', { token: stranger.token, body: verifyBody(result.response) });
    expect(foreign.statusCode).toBe(400);

    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, subscription._id));
    expect(row.status).toBe('created');
    expect(await t.db.select().from(payments).where(eq(payments.subscriptionId, subscription._id))).toHaveLength(0);
  });

  it('sells the lifetime plan as a one-time order with no end date', async () => {
    const u = await createUserAndLogin(t);
    const { checkout, result } = await buy(t, u.token, 'stealth_lifetime');
    expect(checkout.orderId).toMatch(/^order_/);
    expect(checkout.subscriptionId).toBeNull();
    expect(result.response.razorpay_order_id).toBe(checkout.orderId);
    const verified = await t.call('POST', '/api/v1/payments/verify', { token: u.token, body: verifyBody(result.response) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data.subscription).toMatchObject({ status: 'active', kind: 'order', currentEnd: null, planName: 'Stealth Pro (Lifetime)' });
    expect((await findUser(t, u.email)).subscriptionPlan).toBe('stealth_lifetime');
    const cancel = await t.call('PATCH', `/api/v1/subscriptions/${verified.json().data.subscription._id}/cancel`, { token: u.token, body: { cancelAtPeriodEnd: true } });
    expect(cancel.statusCode).toBe(400);
  });

  it('reports a declined payment with the provider description and keeps the user on free', async () => {
    const u = await createUserAndLogin(t);
    const { result, subscription } = await buy(t, u.token, 'stealth_month', 'failure');
    expect(result.ok).toBe(false);
    expect(result.error).toMatchObject({ code: 'BAD_REQUEST_ERROR', description: DECLINED, reason: 'payment_failed' });
    await t.sim.deliver();
    const history = await t.call('GET', '/api/v1/payments', { token: u.token });
    expect(history.json().data.payments).toMatchObject([
      { status: 'failed', errorDescription: DECLINED, amountPaid: 0, receiptNumber: null, subscriptionId: { _id: subscription._id, planName: 'Stealth Month' } },
    ]);
    expect((await t.call('GET', '/api/v1/subscriptions/current', { token: u.token })).json().data).toEqual({ subscription: null });
    expect((await findUser(t, u.email)).subscriptionPlan).toBe('free');
  });

  it('cancels autopay at the period end: message, Razorpay call, user status, and the already-set answer', async () => {
    const u = await createUserAndLogin(t);
    const { result } = await buy(t, u.token, 'stealth_month');
    const sub = (await t.call('POST', '/api/v1/payments/verify', { token: u.token, body: verifyBody(result.response) })).json().data.subscription;

    const res = await t.call('PATCH', `/api/v1/subscriptions/${sub._id}/cancel`, { token: u.token, body: { cancelAtPeriodEnd: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Subscription cancelled successfully!');
    expect(res.json().data.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, currentEnd: sub.currentEnd });
    expect(res.json().data.subscription.cancelledAt).toBeTruthy();
    expect(t.sim.engine.requests.at(-1)).toEqual({ method: 'POST', path: `/v1/subscriptions/${sub.razorpaySubscriptionId}/cancel`, body: { cancel_at_cycle_end: 1 } });
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, sub._id));
    expect(row.cancellationReason).toBe('User requested cancellation');
    const user = await findUser(t, u.email);
    expect([user.subscriptionPlan, user.subscriptionStatus]).toEqual(['stealth_month', 'cancelled']);

    const again = await t.call('PATCH', `/api/v1/subscriptions/${sub._id}/cancel`, { token: u.token, body: { cancelAtPeriodEnd: true, cancellationReason: 'Too expensive' } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ alreadySetToCancel: true, message: 'Your subscription is already set to cancel at the end of the current period.' });

    const stranger = await createUserAndLogin(t);
    const foreign = await t.call('PATCH', `/api/v1/subscriptions/${sub._id}/cancel`, { token: stranger.token, body: { cancelAtPeriodEnd: true } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('No active subscription found');
  });

  it('limits purchases and plan changes per account: far above a customer retrying, a clear 429 for a loop, nothing more made', async () => {
    const u = await createUserAndLogin(t);
    const weekId = await t.planId('stealth_week');
    const startWeek = () => t.call('POST', '/api/v1/subscriptions', { token: u.token, body: { planId: weekId, planName: 'stealth_week', totalCount: 1, billing: BILLING_FORM } });
    expect(BILLING_LIMITS.checkoutAccount.max).toBeGreaterThanOrEqual(20);
    for (let i = 0; i < BILLING_LIMITS.checkoutAccount.max; i++) expect((await startWeek()).statusCode).toBe(200);
    const refused = await startWeek();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many attempts\. Please wait (59|60) minutes and try again\.$/),
    });
    const made = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, u.user.id));
    expect(made).toHaveLength(BILLING_LIMITS.checkoutAccount.max);
    // Per account: another customer buys as usual, and pays.
    const other = await createUserAndLogin(t);
    const { subscription } = await buy(t, other.token, 'stealth_month');
    await t.sim.deliver();

    // Plan changes: each lifetime order is an order at Razorpay and a row here.
    const lifetimeId = await t.planId('stealth_lifetime');
    const change = () => t.call('POST', `/api/v1/subscriptions/${subscription._id}/change-plan`, { token: other.token, body: { planId: lifetimeId } });
    for (let i = 0; i < BILLING_LIMITS.planChangeAccount.max; i++) expect((await change()).statusCode).toBe(200);
    const again = await change();
    expect([again.statusCode, again.json().code]).toEqual([429, 'RATE_LIMITED']);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.replacesId, subscription._id))).toHaveLength(BILLING_LIMITS.planChangeAccount.max);
  });

  it('assigns receipt numbers from one sequence', async () => {
    const rows = await queryRows<{ n: string }>(t.db, sql`select count(distinct receipt_number) as n from payments where receipt_number is not null`);
    const all = await queryRows<{ n: string }>(t.db, sql`select count(*) as n from payments where receipt_number is not null`);
    expect(Number(rows[0].n)).toBe(Number(all[0].n));
  });
});
