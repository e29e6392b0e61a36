import type { PlanDto, SubscriptionDto } from '../../../shared/schemas/billing';

export const INTERVAL_LABEL: Record<string, string> = { week: 'week', month: 'month', year: 'year', lifetime: 'one-time' };

export const longDate = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }) : '—');

/** Live means it renews or still runs: the billing view instead of the plans (spec §2). */
export function isLive(sub: SubscriptionDto | null, now = Date.now()): sub is SubscriptionDto {
  if (!sub) return false;
  if (!['active', 'authenticated', 'pending'].includes(sub.status)) return false;
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
