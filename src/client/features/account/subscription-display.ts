import { daysRemaining } from '#shared/dates';
import type { SubscriptionDto } from '#shared/schemas/billing';

export type Tone = 'green' | 'red' | 'yellow' | 'neutral';

/** Whether the subscription gives access: the server's entitlement rule, as the response says (decision 160). */
export const stillRuns = (sub: SubscriptionDto) => sub.access.now;

/**
 * Spec §4: 'Free' without a subscription, otherwise 'Active'; and, so that the words beside the status agree with it
 * (decision 085): 'Renewal failed' while a halted subscription still runs, 'Free' once a subscription has ended.
 */
export function planLabel(sub: SubscriptionDto | null): 'Free' | 'Active' | 'Renewal failed' {
  if (!sub || !stillRuns(sub)) return 'Free';
  return sub.status === 'halted' ? 'Renewal failed' : 'Active';
}

/**
 * How long access lasts, as the server's `access` says, one reading for the dashboard and billing: access with no end
 * is the lifetime plan ('Forever', '∞'); any other ends at `access.until`, with the whole days left until then.
 */
export type AccessLength = { forever: true } | { forever: false; end: string | null; days: number };
export const accessLength = (sub: SubscriptionDto, now = Date.now()): AccessLength =>
  sub.access.now && sub.access.until === null ? { forever: true } : { forever: false, end: sub.access.until, days: daysRemaining(sub.access.until, now) };

/**
 * Whether the subscription is set to end at its period's end and still runs until then: the spec's (R-2.12) 'Cancelling' and
 * the banner with the end date. A plan that has already ended (an admin's cancellation now, a refund, the period
 * over) is not 'cancelling': it shows its own status.
 */
export const cancelling = (sub: SubscriptionDto) => sub.cancelAtPeriodEnd && stillRuns(sub);

/** Spec §4: 'Cancelling' when cancelAtPeriodEnd is set (and the plan still runs), otherwise the raw status. */
export const statusLabel = (sub: SubscriptionDto | null, userStatus: string) => (sub ? (cancelling(sub) ? 'Cancelling' : sub.status) : userStatus);

/** Spec §4: cancelled red, expired yellow, paid plans green. */
export function statusTone(status: string): Tone {
  if (status === 'cancelled') return 'red';
  if (status === 'expired' || status === 'halted' || status === 'pending') return 'yellow';
  if (status === 'free' || status === 'created') return 'neutral';
  return 'green';
}

export const TONE_CLASSES: Record<Tone, string> = {
  green: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-300',
  red: 'border-red-500/40 bg-red-500/10 text-red-300',
  yellow: 'border-yellow-500/40 bg-yellow-500/10 text-yellow-200',
  neutral: 'border-ink-600 bg-ink-800 text-ink-300',
};
