import { describe, expect, it } from 'vitest';
import { daysRemaining, remainingUntil } from './countdown';

describe('trial countdown', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    const now = new Date('2025-01-01T00:00:00Z');
    expect(remainingUntil(new Date('2025-01-02T03:04:05Z'), now)).toEqual({ days: 1, hours: 3, minutes: 4, seconds: 5, done: false });
  });
  it('stops at zero once passed', () => {
    const now = new Date('2025-01-03T00:00:00Z');
    expect(remainingUntil(new Date('2025-01-02T00:00:00Z'), now)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, done: true });
  });
});

describe('days remaining', () => {
  const now = new Date('2025-01-01T12:00:00Z');
  it('rounds up and never goes below 0', () => {
    expect(daysRemaining('2025-01-02T12:00:00Z', now)).toBe(1);
    expect(daysRemaining('2025-01-02T12:00:01Z', now)).toBe(2);
    expect(daysRemaining('2025-01-01T12:00:01Z', now)).toBe(1);
    expect(daysRemaining('2024-12-25T00:00:00Z', now)).toBe(0);
    expect(daysRemaining(null, now)).toBe(0);
  });
});
