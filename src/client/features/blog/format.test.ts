import { describe, expect, it } from 'vitest';
import { longDate, shortDate } from './format';

describe('blog dates', () => {
  it('read as US English dates in India Standard Time, like Intl would write them', () => {
    const intl = (iso: string, month: 'long' | 'short') => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month, day: 'numeric', timeZone: 'Asia/Kolkata' });
    for (const iso of [
      '2025-01-05T10:00:00Z',
      '2025-01-05T18:29:59Z',
      '2025-01-05T18:30:00Z',
      '2024-02-29T23:59:59Z',
      '2025-09-30T20:00:00Z',
      '2025-12-31T18:30:00Z',
      '2026-05-01T00:00:00.000Z',
    ]) {
      expect(longDate(iso), iso).toBe(intl(iso, 'long'));
      expect(shortDate(iso), iso).toBe(intl(iso, 'short'));
    }
    expect(shortDate('2025-01-05T18:30:00Z')).toBe('Jan 6, 2025');
    expect(longDate('2025-09-01T00:00:00Z')).toBe('September 1, 2025');
  });
});
