import { LIVE_SUBSCRIPTION_STATUSES } from '../../../shared/constants';
import { longDate } from '../../../shared/dates';
import type { PlanDto, SubscriptionDto } from '../../../shared/schemas/billing';
import { useTimeZone } from '../auth/use-time-zone';

export const INTERVAL_LABEL: Record<string, string> = { week: 'week', month: 'month', year: 'year', lifetime: 'one-time' };

/** The long date of a period's start or end in the user's zone ('November 22, 2026'), '—' when there is none. */
export function useLongDate(): (iso: string | null) => string {
  const zone = useTimeZone();
  return (iso) => (iso ? longDate(iso, zone) : '—');
}

/** Live means it renews or still runs: the billing view instead of the plans (spec §2). */
export function isLive(sub: SubscriptionDto | null, now = Date.now()): sub is SubscriptionDto {
  if (!sub) return false;
  if (!(LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(sub.status)) return false;
  return sub.currentEnd === null || Date.parse(sub.currentEnd) > now;
}

/** Spec §2: the notice shows when set to cancel at period end, or cancelledAt is set while active. */
export const showsAutopayCancelled = (sub: SubscriptionDto) => sub.cancelAtPeriodEnd || (Boolean(sub.cancelledAt) && sub.status === 'active');

/** The monthly view shows the short plans and the lifetime plan; the yearly view puts the yearly plan in the month's place. */
export function plansFor(period: 'monthly' | 'yearly', plans: readonly PlanDto[]): PlanDto[] {
  const hasYear = plans.some((p) => p.interval === 'year');
  const wanted = period === 'yearly' && hasYear ? ['week', 'year', 'lifetime'] : ['week', 'month', 'lifetime'];
  return plans.filter((p) => wanted.includes(p.interval));
}
