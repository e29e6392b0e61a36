import { describe, expect, it } from 'vitest';
import type { SubscriptionRow } from '#server/db/schema';
import { CREDIT_LAPSED_REASON } from '../plans/plan-change-credit';
import { changesOf, holdsPaidPlan, makesWayFor, providerEvent, transition, type LifecycleSubscription, type SubscriptionEffect, type SubscriptionEvent } from './lifecycle';

/** The lifecycle's table (decision 160): no database, no HTTP, every time given. */
const T0 = new Date('2026-11-01T00:00:00Z');
const day = (n: number) => new Date(T0.getTime() + n * 86_400_000);
const NOW = day(10);

const base: LifecycleSubscription = {
  id: 'sub-1',
  userId: 'user-1',
  kind: 'subscription',
  status: 'active',
  planId: 'plan-month',
  planCode: 'stealth_month',
  planName: 'Monthly',
  amountPaise: 29_900,
  currency: 'INR',
  interval: 'month',
  razorpaySubscriptionId: 'sub_rzp',
  currentStart: day(0),
  currentEnd: day(30),
  cancelAtPeriodEnd: false,
  cancelledAt: null,
  cancellationReason: null,
  endReason: null,
  endReasonAt: null,
  providerEventAt: day(0),
  renewalNotice: null,
  renewalFailedAt: null,
  scheduledPlanId: null,
  scheduledChangeAt: null,
  replacesId: null,
  replacedById: null,
};
const sub = (over: Partial<SubscriptionRow> = {}): LifecycleSubscription => ({ ...base, ...over });
const period = { start: day(0), end: day(30) };
const paid = (over: Partial<Extract<SubscriptionEvent, { type: 'paid' }>> = {}): SubscriptionEvent => ({
  type: 'paid',
  at: NOW,
  paidAt: NOW,
  period: { start: day(30), end: day(60) },
  heldBy: null,
  creditStands: true,
  ...over,
});
const types = (effects: SubscriptionEffect[]) =>
  effects.map((e) =>
    e.type === 'cancel_at_provider' ? `cancel:${e.reason}` : e.type === 'refund_payment' ? `refund:${e.reason}` : e.type === 'renewal_failure_mail' ? `mail:${e.state}` : e.type,
  );

type Row = [name: string, before: LifecycleSubscription, event: SubscriptionEvent, after: Partial<LifecycleSubscription>, effects: string[]];

const table: Row[] = [
  // Paid: the first payment, a renewal, and the payments that buy nothing (decisions 085, 086, 110).
  [
    'paid: a checkout starts',
    sub({ status: 'created', currentStart: null, currentEnd: null, providerEventAt: null }),
    paid({ period }),
    { status: 'active', currentStart: day(0), currentEnd: day(30) },
    ['replace_others', 'entitlement_changed', 'receipt'],
  ],
  [
    'paid: a renewal extends the period and ends a failed renewal',
    sub({ status: 'pending', renewalNotice: 'pending', renewalFailedAt: day(29) }),
    paid(),
    { status: 'active', currentStart: day(30), currentEnd: day(60), renewalNotice: null, renewalFailedAt: null },
    ['replace_others', 'entitlement_changed', 'receipt'],
  ],
  [
    'paid: a halted subscription paid again is active',
    sub({ status: 'halted' }),
    paid(),
    { status: 'active', currentEnd: day(60) },
    ['replace_others', 'entitlement_changed', 'receipt'],
  ],
  [
    'paid: an older cycle never shortens the period',
    sub(),
    paid({ period: { start: day(-30), end: day(0) } }),
    { currentStart: day(0), currentEnd: day(30) },
    ['replace_others', 'entitlement_changed', 'receipt'],
  ],
  [
    'paid: the lifetime plan has no end',
    sub({ kind: 'order', status: 'created', interval: 'lifetime', razorpaySubscriptionId: null, currentEnd: null }),
    paid({ period: { start: NOW, end: null } }),
    { status: 'active', currentEnd: null },
    ['replace_others', 'entitlement_changed', 'receipt'],
  ],
  [
    'paid: a finished subscription keeps its status',
    sub({ status: 'completed' }),
    paid(),
    { status: 'completed', currentEnd: day(60) },
    ['replace_others', 'entitlement_changed', 'receipt'],
  ],
  [
    'paid: an account deleted gets nothing, and Razorpay is asked to stop',
    sub({ userId: null }),
    paid(),
    { status: 'active', currentEnd: day(30) },
    ['cancel:charged_after_deletion', 'refund:account_deleted'],
  ],
  [
    'paid: a replaced checkout closes',
    sub({ status: 'created', replacedById: 'sub-2', currentEnd: null }),
    paid(),
    { status: 'cancelled', cancelledAt: NOW, currentStart: NOW, currentEnd: NOW },
    ['cancel:replaced', 'refund:checkout_replaced'],
  ],
  [
    'paid: a second paid plan never starts',
    sub({ status: 'created', currentEnd: null }),
    paid({ heldBy: 'sub-0' }),
    { status: 'cancelled', replacedById: 'sub-0', endReason: 'not_started', currentEnd: NOW },
    ['refund:duplicate_purchase', 'cancel:duplicate_purchase', 'entitlement_changed'],
  ],
  [
    'paid: a lapsed plan-change credit starts nothing',
    sub({ kind: 'order', status: 'created', razorpaySubscriptionId: null, currentEnd: null }),
    paid({ creditStands: false }),
    { status: 'cancelled', cancellationReason: CREDIT_LAPSED_REASON, endReason: 'not_started' },
    ['refund:credit_lapsed', 'entitlement_changed'],
  ],

  // Razorpay's status events.
  [
    'authenticated after created',
    sub({ status: 'created', currentEnd: null, providerEventAt: null }),
    { type: 'authenticated', at: NOW, period },
    { status: 'authenticated', providerEventAt: NOW, currentEnd: day(30) },
    ['entitlement_changed'],
  ],
  ['a late authenticated never undoes an activation', sub(), { type: 'authenticated', at: NOW, period }, { status: 'active' }, ['entitlement_changed']],
  [
    'activated the first time takes the cycle',
    sub({ status: 'authenticated', currentEnd: null }),
    { type: 'activated', at: NOW, period },
    { status: 'active', currentStart: day(0), currentEnd: day(30) },
    ['entitlement_changed'],
  ],
  ['activated later never lengthens access', sub(), { type: 'activated', at: NOW, period: { start: day(30), end: day(60) } }, { currentEnd: day(30) }, ['entitlement_changed']],
  [
    'a stale event moves nothing',
    sub({ providerEventAt: day(20) }),
    { type: 'renewal_failed', at: NOW, period, notify: true },
    { status: 'active', renewalNotice: null },
    ['entitlement_changed'],
  ],
  [
    'renewal failed: pending, told once',
    sub(),
    { type: 'renewal_failed', at: NOW, period, notify: true },
    { status: 'pending', renewalNotice: 'pending', renewalFailedAt: NOW },
    ['entitlement_changed', 'mail:pending'],
  ],
  [
    'renewal failed again: not told twice',
    sub({ status: 'pending', renewalNotice: 'pending', renewalFailedAt: day(5) }),
    { type: 'renewal_failed', at: NOW, period, notify: true },
    { renewalFailedAt: day(5) },
    ['entitlement_changed'],
  ],
  [
    'halted after pending: told, the first failure kept',
    sub({ status: 'pending', renewalNotice: 'pending', renewalFailedAt: day(5) }),
    { type: 'halted', at: NOW, period, notify: true },
    { status: 'halted', renewalNotice: 'halted', renewalFailedAt: day(5) },
    ['entitlement_changed', 'mail:halted'],
  ],
  [
    'pending after halted is not told',
    sub({ status: 'halted', renewalNotice: 'halted' }),
    { type: 'renewal_failed', at: NOW, period, notify: true },
    { renewalNotice: 'halted' },
    ['entitlement_changed'],
  ],
  ['a status in another event is not told', sub(), { type: 'renewal_failed', at: NOW, period, notify: false }, { status: 'pending', renewalNotice: null }, ['entitlement_changed']],
  ['halted comes back to active only with a charge', sub({ status: 'halted' }), { type: 'activated', at: NOW, period }, { status: 'halted' }, ['entitlement_changed']],
  ['expired never comes back by an event', sub({ status: 'expired' }), { type: 'activated', at: NOW, period }, { status: 'expired' }, ['entitlement_changed']],
  [
    'cancelled at Razorpay without a reason of ours: the customer cancelled',
    sub(),
    { type: 'cancelled_at_provider', at: NOW, period },
    { status: 'cancelled', cancelledAt: NOW, endReason: 'customer_cancelled', endReasonAt: NOW },
    ['entitlement_changed'],
  ],
  [
    'cancelled keeps the reason already recorded',
    sub({ endReason: 'refunded', cancelledAt: day(5) }),
    { type: 'cancelled_at_provider', at: NOW, period },
    { status: 'cancelled', cancelledAt: day(5), endReason: 'refunded' },
    ['entitlement_changed'],
  ],
  ['a finished subscription stays finished', sub({ status: 'cancelled' }), { type: 'activated', at: NOW, period }, { status: 'cancelled' }, ['entitlement_changed']],
  ['cancelled may still complete', sub({ status: 'cancelled' }), { type: 'completed', at: NOW, period }, { status: 'completed' }, ['entitlement_changed']],
  [
    'a replaced subscription only ends',
    sub({ replacedById: 'sub-2' }),
    { type: 'renewal_failed', at: NOW, period, notify: true },
    { status: 'active', renewalNotice: null },
    ['entitlement_changed'],
  ],
  ['an account deleted: its subscription only ends', sub({ userId: null }), { type: 'cancelled_at_provider', at: NOW, period }, { status: 'cancelled' }, []],

  // Our own moves.
  [
    'cancelled at period end by the customer',
    sub(),
    { type: 'cancelled_at_period_end', at: NOW, reason: 'Too expensive', byAdmin: false },
    { status: 'active', cancelAtPeriodEnd: true, cancelledAt: NOW, endReason: 'customer_cancelled', currentEnd: day(30) },
    ['entitlement_changed'],
  ],
  [
    'cancelled at period end by an admin',
    sub(),
    { type: 'cancelled_at_period_end', at: NOW, reason: 'Asked by phone', byAdmin: true },
    { cancelAtPeriodEnd: true, endReason: 'admin_ended' },
    ['entitlement_changed'],
  ],
  [
    'cancelled now: access ends now',
    sub({ scheduledPlanId: 'plan-year', cancelAtPeriodEnd: true }),
    { type: 'cancelled_now', at: NOW, reason: 'Fraud' },
    { status: 'cancelled', cancelAtPeriodEnd: false, currentEnd: NOW, endReason: 'admin_ended', scheduledPlanId: null },
    ['entitlement_changed'],
  ],
  [
    'refunded: access ends now, Razorpay never charges again',
    sub(),
    { type: 'refunded', at: NOW },
    { status: 'cancelled', cancellationReason: 'refunded', endReason: 'refunded', currentEnd: NOW },
    ['cancel:refunded', 'entitlement_changed'],
  ],
  [
    'refunded while halted: Razorpay is told to stop too',
    sub({ status: 'halted' }),
    { type: 'refunded', at: NOW },
    { status: 'cancelled' },
    ['cancel:refunded', 'entitlement_changed'],
  ],
  [
    'refunded after it ended: no call to Razorpay',
    sub({ status: 'expired', currentEnd: day(20) }),
    { type: 'refunded', at: NOW },
    { status: 'cancelled', currentEnd: NOW },
    ['entitlement_changed'],
  ],
  [
    'refunded lifetime: nothing to cancel at Razorpay',
    sub({ kind: 'order', razorpaySubscriptionId: null, currentEnd: null }),
    { type: 'refunded', at: NOW },
    { status: 'cancelled', currentEnd: NOW },
    ['entitlement_changed'],
  ],
  [
    'expired: a renewal never paid is churn by failed payment',
    sub({ currentEnd: day(9) }),
    { type: 'expired', at: NOW },
    { status: 'expired', endReason: 'payment_failed', endReasonAt: NOW },
    ['entitlement_changed'],
  ],
  [
    'expired: a complimentary period ended',
    sub({ kind: 'complimentary', razorpaySubscriptionId: null }),
    { type: 'expired', at: NOW },
    { status: 'expired', endReason: 'complimentary_ended' },
    ['entitlement_changed'],
  ],
  [
    'expired: a reason already recorded stays',
    sub({ cancelAtPeriodEnd: true, endReason: 'customer_cancelled', endReasonAt: day(3) }),
    { type: 'expired', at: NOW },
    { status: 'expired', endReason: 'customer_cancelled', endReasonAt: day(3) },
    ['entitlement_changed'],
  ],
  [
    'replaced by another purchase: ends now, not churn',
    sub(),
    { type: 'replaced', at: NOW, paidAt: NOW, by: { id: 'sub-2', planName: 'Lifetime' } },
    { status: 'cancelled', replacedById: 'sub-2', cancellationReason: 'Replaced by Lifetime', endReason: 'replaced', currentEnd: NOW },
    ['cancel:replaced'],
  ],
  [
    'replaced when completed stays completed',
    sub({ status: 'completed', currentEnd: day(5) }),
    { type: 'replaced', at: NOW, paidAt: NOW, by: { id: 'sub-2', planName: 'Lifetime' } },
    { status: 'completed', currentEnd: day(5) },
    [],
  ],
  [
    'plan changed at Razorpay: the row follows, the scheduled change is done',
    sub({ scheduledPlanId: 'plan-year', scheduledChangeAt: day(30) }),
    { type: 'plan_changed', at: NOW, plan: { id: 'plan-year', code: 'stealth_year', name: 'Yearly', amountPaise: 299_900, currency: 'INR', interval: 'year' } },
    { planCode: 'stealth_year', interval: 'year', amountPaise: 299_900, scheduledPlanId: null, scheduledChangeAt: null },
    ['entitlement_changed'],
  ],
  [
    'plan changed to the same plan: nothing',
    sub(),
    { type: 'plan_changed', at: NOW, plan: { id: 'plan-month', code: 'stealth_month', name: 'Monthly', amountPaise: 29_900, currency: 'INR', interval: 'month' } },
    { planCode: 'stealth_month' },
    [],
  ],
];

describe('transition (the subscription lifecycle, decision 160)', () => {
  it.each(table)('%s', (_name, before, event, after, effects) => {
    const { next, effects: made } = transition(before, event);
    expect(next).toMatchObject(after);
    expect(types(made)).toEqual(effects);
  });

  it('never changes the subscription it is given', () => {
    const before = sub({ status: 'pending', renewalNotice: 'pending' });
    const copy = structuredClone(before);
    for (const [, , event] of table) transition(before, event);
    expect(before).toEqual(copy);
  });

  it('names Razorpay statuses as events, and none for created or a status it does not know', () => {
    expect(providerEvent('active', NOW, period, 'subscription.activated')).toMatchObject({ type: 'activated' });
    expect(providerEvent('pending', NOW, period, 'subscription.pending')).toMatchObject({ type: 'renewal_failed', notify: true });
    expect(providerEvent('halted', NOW, period, 'subscription.charged')).toMatchObject({ type: 'halted', notify: false });
    expect(providerEvent('created', NOW, period, 'subscription.authenticated')).toBeNull();
    expect(providerEvent('paused', NOW, period, 'subscription.paused')).toBeNull();
  });

  it('writes only the columns that changed (times by their instant)', () => {
    const before = sub();
    const { next } = transition(before, { type: 'cancelled_at_period_end', at: NOW, reason: null, byAdmin: false });
    expect(changesOf(before, { ...next, currentEnd: new Date(day(30).getTime()) })).toEqual({
      cancelAtPeriodEnd: true,
      cancelledAt: NOW,
      endReason: 'customer_cancelled',
      endReasonAt: NOW,
    });
  });

  it('finds the plan a purchase would be a second of, and the plans that make way for it', () => {
    const purchase = sub({ id: 'new', status: 'created', replacesId: 'old' });
    expect(holdsPaidPlan(sub({ id: 'other' }), purchase, NOW)).toBe(true);
    expect(holdsPaidPlan(sub({ id: 'old' }), purchase, NOW)).toBe(false);
    expect(holdsPaidPlan(sub({ id: 'other', status: 'halted' }), purchase, NOW)).toBe(false);
    expect(holdsPaidPlan(sub({ id: 'other', kind: 'complimentary' }), purchase, NOW)).toBe(false);
    expect(holdsPaidPlan(sub({ id: 'other', kind: 'order', status: 'cancelled', currentEnd: null }), purchase, NOW)).toBe(true);
    expect(makesWayFor(sub({ id: 'old' }), purchase, NOW)).toBe(true);
    expect(makesWayFor(sub({ id: 'other', status: 'expired', currentEnd: day(5) }), purchase, NOW)).toBe(true);
    expect(makesWayFor(sub({ id: 'other', status: 'expired', currentEnd: day(5), cancelledAt: day(4) }), purchase, NOW)).toBe(false);
    expect(makesWayFor(sub({ id: 'other', status: 'completed' }), purchase, NOW)).toBe(false);
    expect(makesWayFor(sub({ id: 'other', replacedById: 'x' }), purchase, NOW)).toBe(false);
  });
});
