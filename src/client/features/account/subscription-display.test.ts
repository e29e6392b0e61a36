import { describe, expect, it } from 'vitest';
import type { SubscriptionDto } from '#shared/schemas/billing';
import { accessLength, cancelling, planLabel, statusLabel, statusTone } from './subscription-display';

const sub = (over: Partial<SubscriptionDto> = {}): SubscriptionDto => ({
  _id: 's1',
  planName: 'Stealth Month',
  planCode: 'stealth_month',
  kind: 'subscription',
  status: 'active',
  currentStart: null,
  currentEnd: null,
  cancelAtPeriodEnd: false,
  willCancelAtPeriodEnd: false,
  cancelledAt: null,
  planAmount: 29900,
  planCurrency: 'INR',
  planInterval: 'month',
  razorpaySubscriptionId: null,
  razorpayOrderId: null,
  renewal: null,
  scheduledChange: null,
  replacedBy: null,
  credit: 0,
  access: { now: false, until: null },
  ...over,
});
/** The access the server answers (decision 160): given until `until`, or not given; `forever` for the lifetime plan. */
const until = (iso: string) => ({ access: { now: Date.parse(iso) > Date.now(), until: iso } });
const forever = { access: { now: true, until: null } };

describe('subscription display (spec §4)', () => {
  it('says Free without a subscription and Active with one', () => {
    expect(planLabel(null)).toBe('Free');
    expect(planLabel(sub(until(new Date(Date.now() + 86_400_000).toISOString())))).toBe('Active');
  });
  it('never says Active beside a failed renewal or an ended plan (decision 085)', () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const past = new Date(Date.now() - 86_400_000).toISOString();
    expect(planLabel(sub({ status: 'halted', currentEnd: future, ...until(future) }))).toBe('Renewal failed');
    expect(planLabel(sub({ status: 'pending', currentEnd: future, ...until(future) }))).toBe('Active');
    expect(planLabel(sub({ status: 'halted', currentEnd: past, ...until(past) }))).toBe('Free');
    expect(planLabel(sub({ status: 'expired', currentEnd: past, access: { now: false, until: past } }))).toBe('Free');
    expect(planLabel(sub({ status: 'active', kind: 'order', currentEnd: null, ...forever }))).toBe('Active');
  });
  it('shows Cancelling when set to cancel at period end, else the raw status', () => {
    expect(statusLabel(sub({ cancelAtPeriodEnd: true, ...until(new Date(Date.now() + 86_400_000).toISOString()) }), 'stealth_month')).toBe('Cancelling');
    expect(statusLabel(sub(), 'stealth_month')).toBe('active');
    expect(statusLabel(null, 'free')).toBe('free');
  });
  it("never says Cancelling for a plan that has already ended, as an admin's cancel-now leaves it (decision 120)", () => {
    const now = new Date().toISOString();
    const ended = sub({ status: 'expired', cancelAtPeriodEnd: true, currentEnd: now, access: { now: false, until: now } });
    expect(cancelling(ended)).toBe(false);
    expect(statusLabel(ended, 'expired')).toBe('expired');
    expect(statusLabel(sub({ status: 'cancelled', cancelAtPeriodEnd: true, currentEnd: now }), 'expired')).toBe('cancelled');
  });
  it('one rule for how long access lasts: the lifetime plan forever, any other plan to its end (decision 120)', () => {
    expect(accessLength(sub({ kind: 'order', planInterval: 'lifetime', currentEnd: null, ...forever }))).toEqual({ forever: true });
    const end = new Date(Date.now() + 3 * 86_400_000 - 60_000).toISOString();
    expect(accessLength(sub({ currentEnd: end, ...until(end) }))).toEqual({ forever: false, end, days: 3 });
    // A refunded lifetime plan has an end: it is not forever.
    expect(accessLength(sub({ kind: 'order', status: 'cancelled', currentEnd: end, ...until(end) }))).toMatchObject({ forever: false });
    // An order never paid gives no access: not forever either.
    expect(accessLength(sub({ kind: 'order', status: 'created', currentEnd: null }))).toMatchObject({ forever: false });
  });
  it('colours cancelled red, expired yellow and paid plans green', () => {
    expect(statusTone('cancelled')).toBe('red');
    expect(statusTone('expired')).toBe('yellow');
    expect(statusTone('pending')).toBe('yellow');
    expect(statusTone('stealth_month')).toBe('green');
    expect(statusTone('active')).toBe('green');
    expect(statusTone('free')).toBe('neutral');
  });
});
