import { describe, expect, it } from 'vitest';
import type { SubscriptionDto } from '../../../shared/schemas/billing';
import { planLabel, statusLabel, statusTone } from './subscription-display';

const sub = (over: Partial<SubscriptionDto> = {}): SubscriptionDto => ({
  _id: 's1', planName: 'Stealth Month', planCode: 'stealth_month', kind: 'subscription', status: 'active', currentStart: null, currentEnd: null, cancelAtPeriodEnd: false, willCancelAtPeriodEnd: false, cancelledAt: null,
  planAmount: 29900, planCurrency: 'INR', planInterval: 'month', razorpaySubscriptionId: null, razorpayOrderId: null, renewal: null, scheduledChange: null, replacedBy: null, credit: 0, ...over,
});

describe('subscription display (spec §4)', () => {
  it('says Free without a subscription and Active with one', () => {
    expect(planLabel(null)).toBe('Free');
    expect(planLabel(sub({ currentEnd: new Date(Date.now() + 86_400_000).toISOString() }))).toBe('Active');
  });
  it('never says Active beside a failed renewal or an ended plan (decision 085)', () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const past = new Date(Date.now() - 86_400_000).toISOString();
    expect(planLabel(sub({ status: 'halted', currentEnd: future }))).toBe('Renewal failed');
    expect(planLabel(sub({ status: 'pending', currentEnd: future }))).toBe('Active');
    expect(planLabel(sub({ status: 'halted', currentEnd: past }))).toBe('Free');
    expect(planLabel(sub({ status: 'expired', currentEnd: past }))).toBe('Free');
    expect(planLabel(sub({ status: 'active', kind: 'order', currentEnd: null }))).toBe('Active');
  });
  it('shows Cancelling when set to cancel at period end, else the raw status', () => {
    expect(statusLabel(sub({ cancelAtPeriodEnd: true }), 'stealth_month')).toBe('Cancelling');
    expect(statusLabel(sub(), 'stealth_month')).toBe('active');
    expect(statusLabel(null, 'free')).toBe('free');
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
