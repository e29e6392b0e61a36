import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SimSubscription } from '../adapters/payments/simulator/engine';
import { outbox, payments, providerCancellations, subscriptions } from '../db/schema';
import { AppError } from '../lib/errors';
import { runProviderCancellations } from '../services/billing/subscriptions/provider-cancellations';
import { buy, createBillingTestApp, verifyBody, type BillingTestApp } from '../test/billing';
import { TEST_DB_KIND } from '../test/harness';
import { createUserAndLogin } from '../test/users';

let t: BillingTestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createBillingTestApp();
  adminToken = (await createUserAndLogin(t, { role: 'admin' })).token;
});
afterAll(() => t.close());

/** A verified user with an active monthly subscription (Razorpay: 120 cycles), its webhooks delivered. */
async function subscriber() {
  const u = await createUserAndLogin(t);
  const bought = await buy(t, u.token, 'stealth_month');
  expect((await t.call('POST', '/api/v1/payments/verify', { token: u.token, body: verifyBody(bought.result.response) })).statusCode).toBe(200);
  await t.sim.deliver();
  return { u, id: bought.subscription._id as string, rzpId: bought.checkout.subscriptionId as string };
}

const providerSub = async (rzpId: string) => (await t.sim.engine.get<SimSubscription>(rzpId))!;
const ourSub = async (id: string) => (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];
const jobOf = async (rzpId: string) => (await t.db.select().from(providerCancellations).where(eq(providerCancellations.razorpaySubscriptionId, rzpId)))[0];
const receipts = async () => (await t.db.select().from(outbox).where(eq(outbox.kind, 'receipt'))).length;
const adminList = async () => {
  const res = await t.call('GET', '/api/v1/admin/billing/provider-cancellations', { token: adminToken });
  expect(res.statusCode).toBe(200);
  return res.json().data as { cancellations: { razorpaySubscriptionId: string; [k: string]: unknown }[]; total: number };
};

describe(`deleting an account with a subscription on ${TEST_DB_KIND}`, () => {
  it('cancels the subscription at Razorpay at once, so a renewal is refused and no receipt follows', async () => {
    const { u, id, rzpId } = await subscriber();
    expect((await providerSub(rzpId)).status).toBe('active');
    expect((await providerSub(rzpId)).remaining_count).toBe(119);

    const deleted = await t.call('DELETE', '/api/v1/auth/account', { token: u.token, body: { password: u.password } });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Your account has been deleted.');

    // Cancelled now, not at the end of the cycle; nothing left to retry.
    const atProvider = await providerSub(rzpId);
    expect(atProvider).toMatchObject({ status: 'cancelled', remaining_count: 0 });
    expect(atProvider.has_scheduled_changes).toBe(false);
    expect(await jobOf(rzpId)).toBeUndefined();
    expect(await ourSub(id)).toMatchObject({ status: 'cancelled', userId: null });

    // The renewal Razorpay would have made at the end of the month is refused by the provider.
    const before = await receipts();
    const charge = await t.call('POST', `/dev/razorpay/subscriptions/${rzpId}/charge`);
    expect(charge.statusCode).toBe(400);
    expect(charge.json().error.description).toBe('This subscription cannot be charged now');
    await t.sim.deliver();
    expect(await receipts()).toBe(before);
    expect(await t.db.select().from(outbox).where(eq(outbox.toAddress, u.email))).toEqual([]);
    expect(await ourSub(id)).toMatchObject({ status: 'cancelled', userId: null });
    expect((await adminList()).cancellations.map((c) => c.razorpaySubscriptionId)).not.toContain(rzpId);
  });

  it('when Razorpay fails, keeps the cancellation in a job admins see; a renewal meanwhile mails and revives nothing; a later run cancels', async () => {
    const { u, id, rzpId } = await subscriber();
    const before = await ourSub(id);
    const failing = vi
      .spyOn(t.app.ctx.payments, 'cancelSubscription')
      .mockRejectedValue(new AppError('BAD_GATEWAY', 'PROVIDER_ERROR', { params: { action: 'cancelSubscription' } }));

    // The account goes even though Razorpay is down.
    const deleted = await t.call('DELETE', '/api/v1/auth/account', { token: u.token, body: { password: u.password } });
    expect(deleted.statusCode).toBe(200);
    expect(failing).toHaveBeenCalledWith(rzpId, false);
    expect((await providerSub(rzpId)).status).toBe('active');

    const job = await jobOf(rzpId);
    expect(job).toMatchObject({
      subscriptionId: id,
      reason: 'account_deleted',
      attempts: 1,
      lastError: 'The payment provider could not cancel the subscription. Please try again.',
      lockedUntil: null,
    });
    expect(job.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);

    const listed = (await adminList()).cancellations.find((c) => c.razorpaySubscriptionId === rzpId);
    expect(listed).toMatchObject({
      planName: 'Stealth Month',
      reason: 'account_deleted',
      state: 'failed',
      attempts: 1,
      lastError: 'The payment provider could not cancel the subscription. Please try again.',
    });
    expect(JSON.stringify(listed)).not.toContain(u.email);

    // Razorpay renews before the cancellation gets through: the money is on the books, but no receipt goes to anyone,
    // and the subscription is neither extended nor made active for anyone.
    const receiptsBefore = await receipts();
    const charge = await t.call('POST', `/dev/razorpay/subscriptions/${rzpId}/charge`);
    expect(charge.statusCode).toBe(200);
    expect(await t.sim.deliver()).toBeGreaterThan(0);
    expect(await receipts()).toBe(receiptsBefore);
    const after = await ourSub(id);
    expect(after.currentEnd).toEqual(before.currentEnd);
    expect(after.userId).toBeNull();
    expect(after.cancelAtPeriodEnd).toBe(true);
    const recorded = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.subscriptionId, id), isNull(payments.userId)));
    expect(recorded).toHaveLength(2);
    expect(await jobOf(rzpId)).toBeDefined();

    // Razorpay is back: the next run (two instances at once) cancels it once, and the job and the admin's row go.
    failing.mockRestore();
    const calls = vi.spyOn(t.app.ctx.payments, 'cancelSubscription');
    const later = new Date(Date.now() + 2 * 3_600_000);
    const runs = await Promise.all([runProviderCancellations(t.app.ctx, { now: later }), runProviderCancellations(t.app.ctx, { now: later })]);
    expect(runs.reduce((n, r) => n + r.failed, 0)).toBe(0);
    expect(calls.mock.calls.filter(([sub]) => sub === rzpId)).toHaveLength(1);
    calls.mockRestore();

    expect((await providerSub(rzpId)).status).toBe('cancelled');
    expect(await jobOf(rzpId)).toBeUndefined();
    expect((await adminList()).cancellations.map((c) => c.razorpaySubscriptionId)).not.toContain(rzpId);
    expect((await ourSub(id)).status).toBe('cancelled');
    expect((await t.call('POST', `/dev/razorpay/subscriptions/${rzpId}/charge`)).statusCode).toBe(400);
  });

  it('the cancellations list is for admins only', async () => {
    const u = await createUserAndLogin(t);
    expect((await t.call('GET', '/api/v1/admin/billing/provider-cancellations', { token: u.token })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/v1/admin/billing/provider-cancellations')).statusCode).toBe(401);
  });
});
