import { createHash, randomBytes } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The mailbox of one browser in a public demo (PUBLIC_DEMO=true, decision 060): a random cookie, set when the browser
 * registers an account. The account keeps the cookie's SHA-256, and the demo mailbox shows a browser the mail of the
 * accounts it registered and nothing else: not the admin's, not another visitor's, not the support inbox.
 */
export const DEMO_MAILBOX_COOKIE = 'sb_demo_mailbox';
// The only cookie the server reads or sets besides the language (read in shared/i18n/locales.ts), so it is parsed and
// written here with the `cookie` package, on the two routes that use it, rather than by a plugin's hooks on every
// request (their cost per request is what bench/cpu-per-request.mjs measures).
const VALID = /^[A-Za-z0-9_-]{43}$/;

const hash = (value: string) => createHash('sha256').update(value).digest('hex');

/** The hash of this browser's demo mailbox, or null when it has none (or a malformed one). */
export function demoMailboxOf(request: FastifyRequest): string | null {
  const value = parseCookie(request.headers.cookie ?? '')[DEMO_MAILBOX_COOKIE];
  return value && VALID.test(value) ? hash(value) : null;
}

/** This browser's demo mailbox, given one now if it had none: the hash to keep on an account it registers. */
export function ensureDemoMailbox(request: FastifyRequest, reply: FastifyReply): string {
  const existing = demoMailboxOf(request);
  if (existing) return existing;
  const value = randomBytes(32).toString('base64url');
  reply.header(
    'set-cookie',
    stringifySetCookie({ name: DEMO_MAILBOX_COOKIE, value, path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', maxAge: 30 * 86_400 }),
  );
  return hash(value);
}
