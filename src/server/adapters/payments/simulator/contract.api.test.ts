import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy, createBillingTestApp, verifyBody, type BillingTestApp } from '#server/test/billing';
import { createUserAndLogin } from '#server/test/users';
import { orderCreateBody, planCreateBody, subscriptionCancelBody, subscriptionCreateBody, subscriptionUpdateBody } from './contract';

let t: BillingTestApp;
beforeAll(async () => {
  t = await createBillingTestApp();
});
afterAll(() => t.close());

/** The documented request body of each call we make (Razorpay API reference: plans, subscriptions, orders). */
function contractOf(method: string, path: string) {
  if (method === 'POST' && path === '/v1/plans') return planCreateBody;
  if (method === 'POST' && path === '/v1/subscriptions') return subscriptionCreateBody;
  if (method === 'POST' && path === '/v1/orders') return orderCreateBody;
  if (method === 'POST' && /^\/v1\/subscriptions\/sub_\w+\/cancel$/.test(path)) return subscriptionCancelBody;
  if (method === 'PATCH' && /^\/v1\/subscriptions\/sub_\w+$/.test(path)) return subscriptionUpdateBody;
  if (method === 'POST' && /^\/v1\/subscriptions\/sub_\w+\/cancel_scheduled_changes$/.test(path)) return null;
  if (method === 'GET' && /^\/v1\/(payments|subscriptions|orders|invoices|plans)\/(pay|sub|order|inv|plan)_\w+$/.test(path)) return null;
  throw new Error(`a call Razorpay's API does not have: ${method} ${path}`);
}

describe('contract: the requests we send are the ones Razorpay documents', () => {
  it('sends documented fields, types and amounts in paise for every call of a purchase, a lifetime order and a cancellation', async () => {
    const monthly = await createUserAndLogin(t);
    const m = await buy(t, monthly.token, 'stealth_month');
    const sub = (await t.call('POST', '/api/v1/payments/verify', { token: monthly.token, body: verifyBody(m.result.response) })).json().data.subscription;
    await t.call('PATCH', `/api/v1/subscriptions/${sub._id}/cancel`, { token: monthly.token, body: { cancelAtPeriodEnd: true } });
    const lifetime = await createUserAndLogin(t);
    const l = await buy(t, lifetime.token, 'stealth_lifetime');
    await t.call('POST', '/api/v1/payments/verify', { token: lifetime.token, body: verifyBody(l.result.response) });
    const weekly = await createUserAndLogin(t);
    await buy(t, weekly.token, 'stealth_week', 'failure');
    await t.sim.deliver();

    const requests = t.sim.engine.requests;
    expect(requests.length).toBeGreaterThanOrEqual(8);
    for (const r of requests) {
      const schema = contractOf(r.method, r.path);
      if (schema) expect(schema.safeParse(r.body ?? {}).success, `${r.method} ${r.path} ${JSON.stringify(r.body)}`).toBe(true);
    }

    const body = (method: string, path: string) => requests.find((r) => r.method === method && r.path === path)?.body as Record<string, any>;
    expect(body('POST', '/v1/plans')).toEqual({
      period: 'monthly',
      interval: 1,
      item: { name: 'Stealth Month', amount: 29900, currency: 'INR', description: expect.any(String) },
      notes: { plan_code: 'stealth_month' },
    });
    const created = requests.filter((r) => r.method === 'POST' && r.path === '/v1/subscriptions').map((r) => r.body as Record<string, any>);
    expect(created[0]).toMatchObject({
      plan_id: expect.stringMatching(/^plan_/),
      total_count: 120,
      quantity: 1,
      customer_notify: 1,
      notes: { plan_code: 'stealth_month', address: '12 MG Road', city: 'Bengaluru', country: 'IN', zipCode: '560001' },
    });
    expect(Number.isInteger(created[0].total_count)).toBe(true);
    expect(created[1]).toMatchObject({ total_count: 520, notes: { plan_code: 'stealth_week' } });
    const order = body('POST', '/v1/orders');
    expect(order).toMatchObject({ amount: 499900, currency: 'INR' });
    expect(order.receipt.length).toBeLessThanOrEqual(40);
    expect(requests.find((r) => r.path.endsWith('/cancel'))!.body).toEqual({ cancel_at_cycle_end: 1 });
    expect(requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/payments/pay_'))).toHaveLength(2);
  });

  it('answers as Razorpay does when a request breaks the contract or the credentials are wrong', async () => {
    const auth = `Basic ${Buffer.from(`${t.sim.engine.secrets.keyId}:${t.sim.engine.secrets.keySecret}`).toString('base64')}`;
    const bad = await t.app.inject({ method: 'POST', url: '/dev/razorpay/v1/orders', headers: { authorization: auth }, payload: { amount: 299.5, currency: 'INR' } });
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body).error.code).toBe('BAD_REQUEST_ERROR');
    const extra = await t.app.inject({
      method: 'POST',
      url: '/dev/razorpay/v1/orders',
      headers: { authorization: auth },
      payload: { amount: 29900, currency: 'INR', customer: 'x' },
    });
    expect(JSON.parse(extra.body).error.description).toBe('customer is/are not required and should not be sent');
    const small = await t.app.inject({ method: 'POST', url: '/dev/razorpay/v1/orders', headers: { authorization: auth }, payload: { amount: 50, currency: 'INR' } });
    expect(JSON.parse(small.body).error.description).toBe('The amount must be atleast INR 1.00');
    const wrongKey = await t.app.inject({
      method: 'POST',
      url: '/dev/razorpay/v1/orders',
      headers: { authorization: `Basic ${Buffer.from('rzp_test_simulator:nope').toString('base64')}` },
      payload: { amount: 29900, currency: 'INR' },
    });
    expect(wrongKey.statusCode).toBe(401);
    expect(JSON.parse(wrongKey.body).error.description).toBe('Authentication failed');
  });
});
