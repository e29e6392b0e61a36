import type { Limit } from '../../adapters/rate-limit';

const HOUR = 60 * 60_000;

/**
 * POST /devices and POST /devices/:id/lease (decision 184), per account: a program refreshes a few times a day and
 * activates once per install, so 60 an hour is far above any honest use and bounds guessing at another account's ids.
 */
export const DEVICE_LIMITS = {
  account: { name: 'device-account', max: 60, windowMs: HOUR },
} satisfies Record<string, Limit>;
