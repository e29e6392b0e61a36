import type { SubscriptionDto } from '../../../shared/schemas/billing';

export type Tone = 'green' | 'red' | 'yellow' | 'neutral';

/** Spec §4: 'Free' without a subscription, otherwise 'Active'. */
export const planLabel = (sub: SubscriptionDto | null) => (sub ? 'Active' : 'Free');

/** Spec §4: 'Cancelling' when cancelAtPeriodEnd is set, otherwise the raw status. */
export const statusLabel = (sub: SubscriptionDto | null, userStatus: string) => (sub ? (sub.cancelAtPeriodEnd ? 'Cancelling' : sub.status) : userStatus);

/** Spec §4: cancelled red, expired yellow, paid plans green. */
export function statusTone(status: string): Tone {
  if (status === 'cancelled') return 'red';
  if (status === 'expired' || status === 'halted') return 'yellow';
  if (status === 'free' || status === 'created') return 'neutral';
  return 'green';
}

export const TONE_CLASSES: Record<Tone, string> = {
  green: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-300',
  red: 'border-red-500/40 bg-red-500/10 text-red-300',
  yellow: 'border-yellow-500/40 bg-yellow-500/10 text-yellow-200',
  neutral: 'border-ink-600 bg-ink-800 text-ink-300',
};
