import type { SubscriptionDto } from '../../../shared/schemas/billing';

export type Tone = 'green' | 'red' | 'yellow' | 'neutral';

/** Whether the subscription still gives access at `now`: its period has not ended (lifetime: no end). */
export const stillRuns = (sub: SubscriptionDto, now = Date.now()) => sub.currentEnd === null ? sub.kind === 'order' && sub.status === 'active' : Date.parse(sub.currentEnd) > now && !['expired', 'created'].includes(sub.status);

/**
 * Spec §4: 'Free' without a subscription, otherwise 'Active'; and, so that the words beside the status agree with it
 * (decision 085): 'Renewal failed' while a halted subscription still runs, 'Free' once a subscription has ended.
 */
export function planLabel(sub: SubscriptionDto | null, now = Date.now()): 'Free' | 'Active' | 'Renewal failed' {
  if (!sub || !stillRuns(sub, now)) return 'Free';
  return sub.status === 'halted' ? 'Renewal failed' : 'Active';
}

/** Spec §4: 'Cancelling' when cancelAtPeriodEnd is set, otherwise the raw status. */
export const statusLabel = (sub: SubscriptionDto | null, userStatus: string) => (sub ? (sub.cancelAtPeriodEnd ? 'Cancelling' : sub.status) : userStatus);

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
