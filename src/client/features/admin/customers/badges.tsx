import type { ReactNode } from 'react';

const TONES = {
  green: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-300',
  amber: 'border-amber-500/40 bg-amber-500/10 text-amber-300',
  red: 'border-red-500/40 bg-red-500/10 text-red-300',
  accent: 'border-accent-500/40 bg-accent-500/10 text-accent-300',
  neutral: 'border-ink-600 bg-ink-800 text-ink-300',
} as const;
export type BadgeTone = keyof typeof TONES;

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`inline-flex items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-medium ${TONES[tone]}`}>{children}</span>;
}

/** The customer's plan as users.subscription_status says it: free, expired, cancelled or the plan code. */
export function PlanBadge({ plan, status, onTrial }: { plan: string; status: string; onTrial: boolean }) {
  if (plan !== 'free') return <Badge tone={status === 'cancelled' ? 'amber' : 'green'}>{status === 'cancelled' ? `${plan} · ending` : plan}</Badge>;
  if (onTrial) return <Badge tone="accent">trial</Badge>;
  return <Badge tone="neutral">{status === 'expired' ? 'expired' : 'free'}</Badge>;
}
