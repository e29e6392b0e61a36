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

/**
 * The customer's plan as users.subscription_plan and subscription_status say it, in words: the plan's name (its code
 * only for a plan no longer in the plans table), "not renewing" once cancelled, else trial, expired or free.
 */
export function PlanBadge({ plan, planName, status, onTrial }: { plan: string; planName: string | null | undefined; status: string; onTrial: boolean }) {
  const name = planName ?? plan;
  if (plan !== 'free') return <Badge tone={status === 'cancelled' ? 'amber' : 'green'}>{status === 'cancelled' ? `${name} · not renewing` : name}</Badge>;
  if (onTrial) return <Badge tone="accent">trial</Badge>;
  return <Badge tone="neutral">{status === 'expired' ? 'expired' : 'free'}</Badge>;
}
