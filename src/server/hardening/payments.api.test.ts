import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hmacHex, signCheckout } from '../adapters/payments/signatures';
import { queryRows } from '../db/client';
import { outbox, payments, plans, subscriptions } from '../db/schema';
import { BILLING_FORM, buy, createBillingTestApp, verifyBody, type BillingTestApp } from '../test/billing';
import { TEST_DB_KIND } from '../test/harness';
import { createUserAndLogin } from '../test/users';

let t: BillingTestApp;
beforeAll(async () => {
  t = await createBillingTestApp();
});
afterAll(() => t.close());

const verify = (token: string, body: unknown) => t.call('POST', '/api/v1/payments/verify', { token, body });
const paymentsOf = (subscriptionId: string) => t.db.select().from(payments).where(eq(payments.subscriptionId, subscriptionId));
const receipts = async () => (await t.db.select().from(outbox).where(eq(outbox.kind, 'receipt'))).length;
const postWebhook = (body: string, eventId: string, signature = hmacHex(t.sim.engine.secrets.webhookSecret, body)) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/razorpay',
    payload: body,
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': eventId },
  });

describe(`payment attacks on ${TEST_DB_KIND}`, () => {
  it('refuses forged checkout signatures of every kind and records nothing', async () => {
    const u = await createUserAndLogin(t);
    const { subscription, result } = await buy(t, u.token, 'stealth_week');
    const real = verifyBody(result.response);
    const { keyId } = t.sim.engine.secrets;
    const forgeries = [
      { ...real, signature: 'f'.repeat(64) },
      { ...real, signature: real.signature.toUpperCase() },
      { ...real, signature: `${real.signature}00` },
      { ...real, signature: signCheckout(keyId, { paymentId: real.paymentId, subscriptionId: real.subscriptionId }) },
      { ...real, signature: signCheckout('guessed-secret', { paymentId: real.paymentId, subscriptionId: real.subscriptionId }) },
      { ...real, paymentId: 'pay_AAAAAAAAAAAAAA' },
      { ...real, subscriptionId: undefined, orderId: real.subscriptionId },
    ];
    for (const body of forgeries) {
      const res = await verify(u.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'PAYMENT_VERIFICATION_FAILED' });
    }
    expect(await paymentsOf(subscription._id)).toHaveLength(0);
  });

  it("a replayed checkout signature adds nothing, and one user's signature never pays for another subscription", async () => {
    const u = await createUserAndLogin(t);
    const { subscription, result } = await buy(t, u.token, 'stealth_week');
    const body = verifyBody(result.response);
    expect((await verify(u.token, body)).statusCode).toBe(200);
    const receiptsAfterFirst = await receipts();
    for (let i = 0; i < 3; i++) expect((await verify(u.token, body)).statusCode).toBe(200);
    expect(await paymentsOf(subscription._id)).toHaveLength(1);
    expect(await receipts()).toBe(receiptsAfterFirst);

    // Another user starts a checkout and presents the first user's paid signature for it.
    const other = await createUserAndLogin(t);
    const started = await t.call('POST', '/api/v1/subscriptions', {
      token: other.token,
      body: { planId: await t.planId('stealth_week'), planName: 'stealth_week', totalCount: 1, billing: BILLING_FORM },
    });
    const theirs = started.json().data.checkout.subscriptionId as string;
    expect((await verify(other.token, { ...body, subscriptionId: theirs })).statusCode).toBe(400);
    expect((await verify(other.token, body)).statusCode).toBe(400);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.razorpaySubscriptionId, theirs));
    expect(row.status).toBe('created');
  });

  it('webhooks: forged ones are refused, and a replay under a new event id records the payment once', async () => {
    const u = await createUserAndLogin(t);
    const { subscription } = await buy(t, u.token, 'stealth_month');
    const queued = (await t.sim.engine.pendingWebhooks()).filter((h) => h.body.includes(subscription.razorpaySubscriptionId ?? '\u0000'));
    expect(queued.length).toBeGreaterThan(0);
    for (const hook of queued) {
      expect((await postWebhook(hook.body, `evt_forged_${hook.id}`, hmacHex('wrong-secret', hook.body))).statusCode).toBe(400);
      // The provider's signature on an edited body (a smaller amount, another status).
      const edited = hook.body
        .replace(/"amount":\d+/, '"amount":1')
        .replace(/"status":"\w+"/, '"status":"active"')
        .replace(/}$/, ',"x":1}');
      expect((await postWebhook(edited, `evt_tampered_${hook.id}`, hook.signature)).statusCode).toBe(400);
    }
    expect(await paymentsOf(subscription._id)).toHaveLength(0);

    await t.sim.deliver();
    const before = await receipts();
    expect(await paymentsOf(subscription._id)).toHaveLength(1);
    for (const hook of queued) {
      const replay = await postWebhook(hook.body, `evt_replay_${hook.id}`);
      expect(replay.statusCode).toBe(200);
      expect((await postWebhook(hook.body, `evt_replay_${hook.id}`)).json().data.status).toBe('duplicate');
    }
    expect(await paymentsOf(subscription._id)).toHaveLength(1);
    expect(await receipts()).toBe(before);
  });

  it('verifications and webhook deliveries all at once give one payment, one activation and one receipt', async () => {
    const u = await createUserAndLogin(t);
    const { subscription, result } = await buy(t, u.token, 'stealth_year');
    const before = await receipts();
    const body = verifyBody(result.response);
    const hooks = (await t.sim.engine.pendingWebhooks()).filter((h) => h.body.includes(result.response.razorpay_subscription_id));
    // Truly concurrent on PostgreSQL (a pool of connections); PGlite runs them one after another.
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => verify(u.token, body)),
      ...hooks.map((h) => postWebhook(h.body, h.id, h.signature)),
      ...hooks.map((h) => postWebhook(h.body, `${h.id}_again`, h.signature)),
    ]);
    expect(answers.map((a) => a.statusCode).filter((s) => s !== 200)).toEqual([]);
    const rows = await paymentsOf(subscription._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'captured', amountPaidPaise: 287_000 });
    expect(await receipts()).toBe(before + 1);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, subscription._id));
    expect(row.status).toBe('active');
  });

  it("takes the amount from the server's plan, whatever the client sends", async () => {
    for (const code of ['stealth_month', 'stealth_lifetime']) {
      const u = await createUserAndLogin(t);
      const [plan] = await t.db.select().from(plans).where(eq(plans.code, code));
      const res = await t.call('POST', '/api/v1/subscriptions', {
        token: u.token,
        body: { planId: plan.id, planName: code, totalCount: 1, billing: BILLING_FORM, amount: 100, amountPaise: 100, price: 1, currency: 'USD', plan: { amountPaise: 1 } },
      });
      expect(res.statusCode).toBe(200);
      const { checkout, subscription } = res.json().data;
      expect(checkout).toMatchObject({ amount: plan.amountPaise, currency: 'INR' });
      const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, subscription._id));
      expect(row).toMatchObject({ amountPaise: plan.amountPaise, currency: 'INR' });
      // What the gateway was asked to charge: the order, or the Razorpay plan behind the subscription.
      const [charged] = await queryRows<{ amount: number }>(
        t.db,
        checkout.orderId
          ? sql`select (data->>'amount')::int as amount from razorpay_sim_entities where id = ${checkout.orderId}`
          : sql`select (p.data->'item'->>'amount')::int as amount from razorpay_sim_entities s join razorpay_sim_entities p on p.id = s.data->>'plan_id' where s.id = ${checkout.subscriptionId}`,
      );
      expect(charged.amount).toBe(plan.amountPaise);
    }
  });

  it('refuses a verification whose payment amount differs from the plan', async () => {
    const u = await createUserAndLogin(t);
    const { subscription, result } = await buy(t, u.token, 'stealth_lifetime');
    // As if the provider reported a smaller captured amount for this order (a tampered or partial payment).
    await t.db.execute(sql`update razorpay_sim_entities set data = jsonb_set(data, '{amount}', '100') where id = ${result.response.razorpay_payment_id}`);
    const res = await verify(u.token, verifyBody(result.response));
    expect(res.statusCode).toBe(400);
    expect(
      await t.db
        .select()
        .from(payments)
        .where(and(eq(payments.subscriptionId, subscription._id), eq(payments.status, 'captured'))),
    ).toHaveLength(0);
  });
});
