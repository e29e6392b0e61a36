import type { Limit } from '../../adapters/rate-limit';

const HOUR = 60 * 60_000;

/**
 * POST /devices and POST /devices/:id/lease (decision 184), per account: a program refreshes a few times a day and
 * activates once per install, so 60 an hour is far above any honest use and bounds guessing at another account's ids.
 */
export const DEVICE_LIMITS = {
  account: { name: 'device-account', max: 60, windowMs: HOUR },
} satisfies Record<string, Limit>;

/**
 * Sign-in through the system browser (decision 185). Code requests per address: a program asks once per sign-in,
 * 20 an hour covers an office behind one address and bounds table filling. Token polls per address: a program polls
 * every 5 s for at most 10 minutes (120 polls); 600 in 10 minutes lets five sign-ins poll at once behind one address,
 * and each code's own pace is held by slow_down. User-code lookups and decisions (the approval page), per address and
 * per account: a person types a code a few times; 20 in 15 minutes, against 20^8 codes living 10 minutes, makes
 * guessing a live code hopeless.
 */
export const DEVICE_GRANT_LIMITS = {
  codeIp: { name: 'device-code-ip', max: 20, windowMs: HOUR },
  tokenIp: { name: 'device-token-ip', max: 600, windowMs: 10 * 60_000 },
  userCodeIp: { name: 'device-user-code-ip', max: 20, windowMs: 15 * 60_000 },
  userCodeAccount: { name: 'device-user-code-account', max: 20, windowMs: 15 * 60_000 },
} satisfies Record<string, Limit>;
