import { describe, expect, it } from 'vitest';
import { OFFER_END } from '../../../shared/constants';
import { formatTimeLeft, timeLeft } from './countdown';

const end = Date.parse(OFFER_END);

describe('offer countdown', () => {
  it('counts down to 2025-08-15 00:00 UTC in days, hours, minutes and seconds', () => {
    const left = timeLeft(Date.parse('2025-08-12T21:55:50Z'), end);
    expect(left).toEqual({ days: 2, hours: 2, minutes: 4, seconds: 10 });
    expect(formatTimeLeft(left!)).toBe('2d 02h 04m 10s');
  });
  it('shows the last second, then nothing at and after the instant', () => {
    expect(timeLeft(end - 1000, end)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(timeLeft(end - 1, end)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(timeLeft(end, end)).toBeNull();
    expect(timeLeft(Date.parse('2026-01-01T00:00:00Z'), end)).toBeNull();
  });
});
