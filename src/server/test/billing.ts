import { eq } from 'drizzle-orm';
import { plans } from '../db/schema';
import { createTestApp, type TestApp } from './harness';
import { createUserAndLogin } from './users';

export type BillingTestApp = TestApp & {
  sim: NonNullable<TestApp['app']['ctx']['simulator']>;
  planId: (code: string) => Promise<string>;
};

/**
 * The API on a real port: the Razorpay SDK reaches the simulator over HTTP, as in `npm start`.
 * Webhooks wait in the simulator's queue until the test delivers, replays or reorders them.
 */
export async function createBillingTestApp(env: Record<string, string> = {}): Promise<BillingTestApp> {
  const t = await createTestApp(env);
  const sim = t.app.ctx.simulator;
  if (!sim) throw new Error('the billing tests need the embedded Razorpay simulator (no RAZORPAY_KEY_ID)');
  sim.setAutoDeliver(false);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    ...t,
    sim,
    planId: async (code) => (await t.db.select({ id: plans.id }).from(plans).where(eq(plans.code, code)))[0].id,
  };
}

export const BILLING_FORM = {
  firstName: 'Asha',
  lastName: 'Verma',
  email: 'asha@example.com',
  company: 'Acme',
  country: 'IN',
  state: '29',
  address: '12 MG Road',
  city: 'Bengaluru',
  zipCode: '560001',
};

/** Starts a purchase as the browser does: POST /subscriptions, then the simulator window's Pay or Fail button. */
export async function buy(t: BillingTestApp, token: string, code: string, outcome: 'success' | 'failure' = 'success', billing: Record<string, string> = BILLING_FORM) {
  const started = await t.call('POST', '/api/v1/subscriptions', { token, body: { planId: await t.planId(code), planName: code, totalCount: 1, billing } });
  if (started.statusCode !== 200) throw new Error(`POST /subscriptions: ${started.body}`);
  const { checkout, subscription } = started.json().data;
  const paid = await t.call('POST', '/dev/razorpay/checkout/pay', {
    body: { key: checkout.key, subscription_id: checkout.subscriptionId ?? undefined, order_id: checkout.orderId ?? undefined, outcome, email: BILLING_FORM.email },
  });
  return { checkout, subscription, result: paid.json() };
}

/** A verified customer with a paid recurring plan (monthly unless named), activated by its webhooks. */
export async function subscribed(t: BillingTestApp, code = 'stealth_month') {
  const u = await createUserAndLogin(t);
  const bought = await buy(t, u.token, code);
  await t.sim.deliver();
  return { u, ...bought, id: bought.subscription._id as string, rzpId: bought.checkout.subscriptionId as string };
}

/** What the checkout handler posts to /payments/verify. */
export const verifyBody = (response: Record<string, string>) => ({
  paymentId: response.razorpay_payment_id,
  subscriptionId: response.razorpay_subscription_id,
  orderId: response.razorpay_order_id,
  signature: response.razorpay_signature,
});

export { pdfText } from './pdf-text';
