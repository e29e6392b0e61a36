import type { Limit } from '../../adapters/rate-limit';
import { authDeps } from '../auth/deps';

/** Five messages per address per 15 minutes: enough for a person, too few for a flood. */
export const CONTACT_LIMIT: Limit = { name: 'contact-ip', max: 5, windowMs: 15 * 60_000 };

/** The app's one rate limiter (Redis or memory) and bot check (Turnstile or off), shared with sign-in. */
export const contactDeps = authDeps;
