import { describe, expect, it } from 'vitest';
import { refundableOf, refundLabel } from './refunds';

const p = (over: Partial<Parameters<typeof refundLabel>[0]> = {}) => ({
  status: 'captured' as const,
  amountPaid: 29_900,
  refunded: 0,
  refundStatus: 'none' as const,
  currency: 'INR',
  ...over,
});

describe('refunds as the customer and the admin read them', () => {
  it('says Refunded, Partially refunded with the amount, or nothing', () => {
    expect(refundLabel(p())).toBeNull();
    expect(refundLabel(p({ refunded: 14_950, refundStatus: 'partial' }))).toBe('Partially refunded (₹149.50)');
    expect(refundLabel(p({ refunded: 29_900, refundStatus: 'full' }))).toBe('Refunded');
  });

  it('offers what is left of a captured payment only, never below nothing', () => {
    expect(refundableOf(p())).toBe(29_900);
    expect(refundableOf(p({ refunded: 14_950 }))).toBe(14_950);
    expect(refundableOf(p({ refunded: 29_900 }))).toBe(0);
    expect(refundableOf(p({ refunded: 40_000 }))).toBe(0);
    expect(refundableOf(p({ status: 'failed' }))).toBe(0);
    expect(refundableOf(p({ status: 'authenticated' }))).toBe(0);
  });
});
