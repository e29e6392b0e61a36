import type { Limit } from '../../adapters/rate-limit';

const HOUR = 60 * 60_000;

/**
 * POST /usage (decision 106). The desktop program sends what it did at most once a minute, in one batch: 60 reports an
 * hour per device (its session: one per signed-in machine, up to the plan's seats, decision 184), and twice that per
 * account, so signing in again and again does not buy fresh budgets. A batch refused with 429 is sent again later
 * with its idempotency key; nothing is lost.
 */
export const USAGE_LIMITS = {
  reportDevice: { name: 'usage-device', max: 60, windowMs: HOUR },
  reportAccount: { name: 'usage-account', max: 120, windowMs: HOUR },
} satisfies Record<string, Limit>;
