import { LIVE_SUBSCRIPTION_STATUSES, statusIn } from '#shared/constants';
import { longDate } from '#shared/dates';
import { formatMoney } from '#shared/money';
import type { PlanDto, SubscriptionDto } from '#shared/schemas/billing';
import { useLocale } from '../../i18n';
import { useTimeZone } from '../auth/use-time-zone';

/** The English words of the intervals, for the admin area (which stays English); customers' screens use the landing's `perInterval`. */
export const INTERVAL_LABEL: Record<string, string> = { week: 'week', month: 'month', year: 'year', lifetime: 'one-time' };

/** The long date of a period's start or end in the user's zone and language ('November 22, 2026'), '—' when there is none. */
export function useLongDate(): (iso: string | null) => string {
  const zone = useTimeZone();
  const locale = useLocale();
  return (iso) => (iso ? longDate(iso, zone, locale) : '—');
}

/**
 * Live means it renews or still runs: the billing view instead of the plans. Renewing is its status; running
 * is the server's `access` (decision 160), or a mandate given whose first period Razorpay has not named yet.
 */
export function isLive(sub: SubscriptionDto | null): sub is SubscriptionDto {
  if (!sub || !statusIn(LIVE_SUBSCRIPTION_STATUSES, sub.status)) return false;
  return sub.access.now || sub.currentEnd === null;
}

/** Spec §2: the notice shows when set to cancel at period end, or cancelledAt is set while active. */
export const showsAutopayCancelled = (sub: SubscriptionDto) => sub.cancelAtPeriodEnd || (Boolean(sub.cancelledAt) && sub.status === 'active');

/**
 * The plans of the pricing toggle (R-2.7: "monthly/yearly toggle with badge 'Save 20%'"; decision 132). Monthly: the
 * plans paid by the week or the month, and the lifetime plan. Yearly: the plan paid by the year (the one the badge's
 * 20% is about) and the lifetime plan; never the weekly or monthly plan. Without a yearly plan there is nothing yearly
 * to show, and the yearly view shows the monthly one.
 */
export function plansFor(period: 'monthly' | 'yearly', plans: readonly PlanDto[]): PlanDto[] {
  const hasYear = plans.some((p) => p.interval === 'year');
  const wanted = period === 'yearly' && hasYear ? ['year', 'lifetime'] : ['week', 'month', 'lifetime'];
  return plans.filter((p) => wanted.includes(p.interval));
}

/** Money in the app's language (rupees grouped the Indian way in English and Hindi): `money(29_900, 'INR')`. */
export function useMoney(): (paise: number, currency?: string) => string {
  const locale = useLocale();
  return (paise, currency) => formatMoney(paise, currency, locale);
}
