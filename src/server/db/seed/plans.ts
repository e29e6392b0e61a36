import type { PlanCode, PlanInterval } from '#shared/constants';

export type SeedPlan = {
  code: PlanCode;
  name: string;
  amountPaise: number;
  interval: PlanInterval;
  description: string;
  features: string[];
  popular: boolean;
  sortOrder: number;
  /** Devices at once (decision 184). */
  deviceLimit: number;
};

const common = ['Invisible during screen sharing', 'AI helpers: ChatGPT, Grok, DeepSeek', 'All keyboard shortcuts', 'Click-through and opacity control'];

/** Twelve monthly payments are ₹3,588; the yearly ₹2,870 is 20% less, so the 'Save 20%' badge is true. */
export const SEED_PLANS: SeedPlan[] = [
  {
    code: 'stealth_week',
    name: 'Stealth Week',
    amountPaise: 9_900,
    interval: 'week',
    description: 'Seven days of full access for an interview week.',
    features: [...common, 'Email support'],
    popular: false,
    sortOrder: 1,
    deviceLimit: 1,
  },
  {
    code: 'stealth_month',
    name: 'Stealth Month',
    amountPaise: 29_900,
    interval: 'month',
    description: 'Full access, renewed every month.',
    features: [...common, 'Priority email support'],
    popular: true,
    sortOrder: 2,
    deviceLimit: 2,
  },
  {
    code: 'stealth_year',
    name: 'Stealth Year',
    amountPaise: 287_000,
    interval: 'year',
    description: 'A full year of access at 20% less than monthly.',
    features: [...common, 'Priority email support', 'Early access to new features'],
    popular: false,
    sortOrder: 3,
    deviceLimit: 3,
  },
  {
    code: 'stealth_lifetime',
    name: 'Stealth Pro (Lifetime)',
    amountPaise: 499_900,
    interval: 'lifetime',
    description: 'Pay once, use forever, with every future update.',
    features: [...common, 'Priority email support', 'Every future update'],
    popular: false,
    sortOrder: 4,
    deviceLimit: 3,
  },
];
