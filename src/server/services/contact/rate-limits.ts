import type { Limit } from '../../adapters/rate-limit';

/** Five messages per address per 15 minutes: enough for a person, too few for a flood. Counted by the app's one rate limiter. */
export const CONTACT_LIMIT: Limit = { name: 'contact-ip', max: 5, windowMs: 15 * 60_000 };
