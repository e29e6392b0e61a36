import { addMonths, addWeeks, addYears } from 'date-fns';

/** Billing cycles a recurring plan is set up for at Razorpay: autopay for about ten years, until cancelled. */
export const RECURRING_CYCLES = { week: 520, month: 120, year: 10 } as const;

/** An auto-renewing subscription keeps access this long past its end while the renewal charge is on its way. */
export const RENEWAL_GRACE_MS = 24 * 60 * 60 * 1000;

/** The end of one billing period from `start`; null for the lifetime plan (no end). */
export function periodEnd(start: Date, interval: string): Date | null {
  switch (interval) {
    case 'week':
      return addWeeks(start, 1);
    case 'month':
      return addMonths(start, 1);
    case 'year':
      return addYears(start, 1);
    default:
      return null;
  }
}

export const fromUnix = (seconds: number | null | undefined) => (typeof seconds === 'number' && seconds > 0 ? new Date(seconds * 1000) : null);
