import { eq, inArray } from 'drizzle-orm';
import type { SubscriptionStatus } from '../../shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayKey, SITE_TIME_ZONE, startOfDay } from '../../shared/dates';
import { METRICS_DAYS_MESSAGE } from '../../shared/schemas/metrics';
import type { AdminMetrics } from '../../shared/schemas/metrics';
import { downloads, payments, plans, refunds, subscriptions, users, type PlanRow } from '../db/schema';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { createUser, createUserAndLogin } from '../test/users';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe(`admin overview metrics on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createUserAndLogin>>;
  let customer: Awaited<ReturnType<typeof createUserAndLogin>>;
  let plan: Record<string, PlanRow>;
  const now = Date.now();
  const today = dayKey(now, SITE_TIME_ZONE);
  /** Noon of the day `daysAgo` days before today, in the site's zone (clear of the day's edges). */
  const noon = (daysAgo: number) => new Date(startOfDay(addDays(today, -daysAgo), SITE_TIME_ZONE).getTime() + 12 * HOUR);
  let paymentNo = 0;

  /** An account created, verified (and on trial or not) at the given times. */
  async function account(created: Date, verified: Date | null, trialHours: number | null) {
    const { user } = await createUser(t);
    await t.db
      .update(users)
      .set({
        createdAt: created,
        isEmailVerified: verified !== null,
        emailVerifiedAt: verified,
        trialExpires: verified && trialHours !== null ? new Date(verified.getTime() + trialHours * HOUR) : verified,
      })
      .where(eq(users.id, user.id));
    return user.id;
  }

  async function subscription(userId: string | null, code: string, status: SubscriptionStatus, currentEnd: Date | null, extra: Partial<typeof subscriptions.$inferInsert> = {}) {
    const p = plan[code];
    const [row] = await t.db
      .insert(subscriptions)
      .values({
        userId,
        planId: p.id,
        planCode: p.code,
        planName: p.name,
        kind: p.interval === 'lifetime' ? 'order' : 'subscription',
        status,
        amountPaise: p.amountPaise,
        interval: p.interval,
        currentStart: new Date(now - 10 * DAY),
        currentEnd,
        ...extra,
      })
      .returning();
    return row.id;
  }

  async function payment(userId: string | null, subscriptionId: string, paidAt: Date, amount: number, status = 'captured') {
    const [row] = await t.db
      .insert(payments)
      .values({ userId, subscriptionId, razorpayPaymentId: `pay_metrics_${++paymentNo}`, amountPaise: amount, amountPaidPaise: status === 'captured' ? amount : 0, status, paidAt })
      .returning();
    return row.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUserAndLogin(t, { role: 'admin' });
    customer = await createUserAndLogin(t);
    // The two signed-in accounts are old and past their trial: they add nothing to the period.
    await t.db
      .update(users)
      .set({ createdAt: new Date(now - 200 * DAY), trialExpires: null })
      .where(inArray(users.id, [admin.user.id, customer.user.id]));
    plan = Object.fromEntries((await t.db.select().from(plans)).map((p) => [p.code, p]));
    const future = new Date(now + 20 * DAY);

    // A: signed up 3 days ago, trial at once, paid the month plan a day later (a converted trial).
    const a = await account(noon(3), noon(3), 24);
    await payment(a, await subscription(a, 'stealth_month', 'active', future), noon(2), plan.stealth_month.amountPaise);
    // B: the week plan, its renewal being retried (pending still renews); no trial (the address had one before).
    const b = await account(noon(5), noon(5), null);
    const weekPaid = await payment(b, await subscription(b, 'stealth_week', 'pending', future), noon(5), plan.stealth_week.amountPaise);
    // Half of B's payment refunded yesterday; a refund Razorpay failed the same day counts for nothing.
    await t.db.insert(refunds).values([
      { paymentId: weekPaid, amountPaise: 4000, status: 'processed', razorpayRefundId: 'rfnd_metrics_1', createdAt: noon(1) },
      { paymentId: weekPaid, amountPaise: 900, status: 'failed', razorpayRefundId: 'rfnd_metrics_2', createdAt: noon(1) },
    ]);
    // C: an old account on the year plan, paid 40 days ago, autopay stopped yesterday: access, but no MRR.
    const c = await account(noon(100), noon(100), 24);
    await payment(
      c,
      await subscription(c, 'stealth_year', 'active', future, { cancelAtPeriodEnd: true, cancelledAt: noon(1), endReason: 'customer_cancelled', endReasonAt: noon(1) }),
      noon(40),
      plan.stealth_year.amountPaise,
    );
    // D: the lifetime plan, bought 4 days ago: one-time revenue, no MRR.
    const d = await account(noon(100), noon(100), 24);
    await payment(d, await subscription(d, 'stealth_lifetime', 'active', null), noon(4), plan.stealth_lifetime.amountPaise);
    // E: signed up yesterday, verified two hours ago: a trial running, not (yet) converted.
    await account(noon(1), new Date(now - 2 * HOUR), 24);
    // F: nothing that counts now: a month plan that ran out, a halted one whose paid time is over, a declined charge.
    const f = await account(noon(100), noon(100), 24);
    await subscription(f, 'stealth_month', 'expired', new Date(now - 5 * DAY));
    const halted = await subscription(f, 'stealth_week', 'halted', new Date(now - DAY));
    await payment(f, halted, noon(2), plan.stealth_week.amountPaise, 'failed');
    // A deleted account's subscription (waiting to be cancelled at Razorpay) is not the business's any more.
    await subscription(null, 'stealth_month', 'active', future);
    // Installer downloads: two the day before yesterday, one 40 days ago.
    await t.db.insert(downloads).values([
      { platform: 'windows', createdAt: noon(2) },
      { platform: 'windows', createdAt: noon(2) },
      { platform: 'windows', createdAt: noon(40) },
    ]);
  });
  afterAll(() => t.close());

  const read = async (query: string) => {
    const res = await t.call('GET', `/api/v1/admin/metrics${query}`, { token: admin.token });
    expect(res.statusCode).toBe(200);
    return res.json().data as AdminMetrics;
  };

  it("counts the sign-ups of customers, never an administrator's account", async () => {
    const before = (await read('?days=7')).totals.signups;
    const boss = await createUser(t, { role: 'admin' });
    expect((await read('?days=7')).totals.signups).toBe(before);
    const customer_ = await createUser(t, { verified: false });
    expect((await read('?days=7')).totals.signups).toBe(before + 1);
    // Gone again, so the figures of the other cases stay theirs.
    await t.db.delete(users).where(inArray(users.id, [boss.user.id, customer_.user.id]));
  });

  it('is refused to visitors (401) and customers (403), and never cached', async () => {
    expect((await t.call('GET', '/api/v1/admin/metrics')).statusCode).toBe(401);
    const refused = await t.call('GET', '/api/v1/admin/metrics?days=7', { token: customer.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Access denied. Admin privileges required.');
    const res = await t.call('GET', '/api/v1/admin/metrics', { token: admin.token });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('refuses a period that is not a whole number of days from 1 to 365 with a clear message', async () => {
    for (const bad of ['abc', '0', '366', '7.5', '-7', '1e2', '%207', '99999999999999999999']) {
      const res = await t.call('GET', `/api/v1/admin/metrics?days=${bad}`, { token: admin.token });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', message: METRICS_DAYS_MESSAGE, field: 'days' });
    }
    const twice = await t.call('GET', '/api/v1/admin/metrics?days=7&days=30', { token: admin.token });
    expect(twice.statusCode).toBe(400);
    // A visitor's bad period is still a 401: the role is checked before the query.
    expect((await t.call('GET', '/api/v1/admin/metrics?days=abc')).statusCode).toBe(401);
  });

  it('reads MRR with every plan normalised to a month, subscriptions by plan, trials and lifetime holders', async () => {
    const m = await read('?days=30');
    const week = Math.round((plan.stealth_week.amountPaise * 52) / 12);
    expect(m.mrr).toBe(plan.stealth_month.amountPaise + week);
    expect(m.activeSubscriptions).toBe(3);
    expect(m.lifetimeCustomers).toBe(1);
    expect(m.trialUsers).toBe(1);
    expect(m.plans.map((p) => [p.code, p.active, p.mrr])).toEqual([
      ['stealth_week', 1, week],
      ['stealth_month', 1, plan.stealth_month.amountPaise],
      ['stealth_year', 1, 0],
      ['stealth_lifetime', 1, null],
    ]);
    expect(m.currency).toBe('INR');
    expect(m.timeZone).toBe(SITE_TIME_ZONE);
  });

  it('counts each day of the period in the site’s zone: sign-ups, revenue, one-time revenue, cancellations, downloads', async () => {
    const m = await read('?days=30');
    expect(m.days).toBe(30);
    expect(m.series).toHaveLength(30);
    expect(m.series[0].date).toBe(addDays(today, -29));
    expect(m.series[29].date).toBe(today);
    expect(m.from).toBe(startOfDay(addDays(today, -29), SITE_TIME_ZONE).toISOString());
    const day = (ago: number) => m.series.find((s) => s.date === addDays(today, -ago))!;
    expect(day(3)).toMatchObject({ signups: 1, revenue: 0 });
    expect(day(2)).toMatchObject({ revenue: plan.stealth_month.amountPaise, oneTimeRevenue: 0, downloads: 2 });
    expect(day(4)).toMatchObject({ revenue: plan.stealth_lifetime.amountPaise, oneTimeRevenue: plan.stealth_lifetime.amountPaise });
    expect(day(5)).toMatchObject({ signups: 1, revenue: plan.stealth_week.amountPaise });
    expect(day(1)).toMatchObject({ signups: 1, cancellations: 1, refunds: 4000 });
    expect(m.totals).toEqual({
      signups: 3,
      trialsStarted: 2,
      trialConversions: 1,
      trialConversionRate: 0.5,
      revenue: plan.stealth_month.amountPaise + plan.stealth_week.amountPaise + plan.stealth_lifetime.amountPaise,
      oneTimeRevenue: plan.stealth_lifetime.amountPaise,
      refunds: 4000,
      cancellations: 1,
      cancellationsByReason: { customerCancelled: 1, refunded: 0, adminEnded: 0, paymentFailed: 0 },
      downloads: 2,
    });
  });

  it('takes the period from ?days= (30 when absent): 90 days reach the year plan’s payment, 1 is today alone', async () => {
    const wide = await read('?days=90');
    expect(wide.series).toHaveLength(90);
    expect(wide.totals.revenue).toBe(plan.stealth_month.amountPaise + plan.stealth_week.amountPaise + plan.stealth_lifetime.amountPaise + plan.stealth_year.amountPaise);
    expect(wide.totals.downloads).toBe(3);
    expect((await read('')).days).toBe(30);
    const one = await read('?days=1');
    expect(one.series.map((s) => s.date)).toEqual([today]);
    expect(one.mrr).toBe(wide.mrr);
  });
});
