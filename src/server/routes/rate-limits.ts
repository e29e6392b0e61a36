import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Limit, RateLimiter } from '#server/adapters/rate-limit';
import type { ErrorCode } from '#shared/errors';
import { AppError } from '#server/lib/errors';
import { requestAddress } from '#server/lib/http';
import { authOf } from '#server/plugins/auth';
import { AUTH_LIMITS } from '#server/services/auth/rate-limits';
import { BILLING_LIMITS } from '#server/services/billing/checkout/rate-limits';
import { CONTACT_LIMIT } from '#server/services/contact/rate-limits';
import { DEVICE_GRANT_LIMITS, DEVICE_LIMITS } from '#server/services/licence/rate-limits';
import { USAGE_LIMITS } from '#server/services/users/rate-limits';

/**
 * Whom a limit counts when route() applies it: the caller's address, their account or their session (a signed-in
 * call's, after its guard); `handler` when it needs what only the handler knows (the address typed in the body, the
 * owner of a token, a device token), so the handler or its service applies it.
 */
export type LimitSubject = 'address' | 'account' | 'session' | 'handler';

export type LimitRule = {
  limit: Limit;
  per: LimitSubject;
  /** The code of its 429 when not RATE_LIMITED (the contact form's own text), declared in the endpoint's errors. */
  code?: ErrorCode;
};

/**
 * Every rate limit an endpoint's declaration may name (`limits`, decision 177), by its name: its numbers (the
 * rate-limits.ts modules of the services) and whom it counts. route() consumes each limit a declaration names that is
 * not `handler`, in the declared order, after the guard and before the input is validated, so that malformed and
 * hostile bodies count too.
 */
export const RATE_LIMITS: Record<string, LimitRule> = Object.fromEntries(
  (
    [
      // Every sign-in attempt from an address; login-ip only failures: a successful sign-in gives its hit back (routes/auth.ts).
      { limit: AUTH_LIMITS.loginIpAll, per: 'address' },
      { limit: AUTH_LIMITS.loginIp, per: 'address' },
      // Per account or per sign-in proof, whichever the attempt carries: services/auth/login.ts, before the password is checked.
      { limit: AUTH_LIMITS.loginAccount, per: 'handler' },
      { limit: AUTH_LIMITS.loginProof, per: 'handler' },
      { limit: AUTH_LIMITS.registerIp, per: 'address' },
      // Per address typed in the body (routes/auth-account.ts).
      { limit: AUTH_LIMITS.registerAccount, per: 'handler' },
      { limit: AUTH_LIMITS.resendIp, per: 'address' },
      // Per address typed and asking address together (decision 103, routes/auth-account.ts).
      { limit: AUTH_LIMITS.resendAccount, per: 'handler' },
      { limit: AUTH_LIMITS.forgotIp, per: 'address' },
      { limit: AUTH_LIMITS.forgotAccount, per: 'handler' },
      { limit: AUTH_LIMITS.resetIp, per: 'address' },
      // Per owner of the reset link's token, when it has one (routes/auth-account.ts).
      { limit: AUTH_LIMITS.resetAccount, per: 'handler' },
      // Per account, but only the calls that check the current password (a valid body): routes/auth-account.ts.
      { limit: AUTH_LIMITS.currentPasswordAccount, per: 'handler' },
      // Wrong codes of one account (decision 192): the second step knows the account from its challenge, step-up and
      // the setup's confirmation count only the calls that check a code (services/auth/second-step.ts, routes/two-factor.ts).
      { limit: AUTH_LIMITS.twoFactorAccount, per: 'handler' },
      { limit: AUTH_LIMITS.emailChangeAccount, per: 'account' },
      { limit: AUTH_LIMITS.emailLinkIp, per: 'address' },
      { limit: AUTH_LIMITS.passkeyAccount, per: 'account' },
      // Only the downloads of the account's data that are made: after the step-up check (routes/data-export.ts).
      { limit: AUTH_LIMITS.dataExportAccount, per: 'handler' },
      // Recovery by e-mail (decision 201): per address; per account once the challenge names it (services/auth/two-factor-recovery.ts).
      { limit: AUTH_LIMITS.recoveryIp, per: 'address' },
      { limit: AUTH_LIMITS.recoveryAccount, per: 'handler' },
      { limit: BILLING_LIMITS.checkoutAccount, per: 'account' },
      { limit: BILLING_LIMITS.planChangeAccount, per: 'account' },
      { limit: USAGE_LIMITS.reportDevice, per: 'session' },
      { limit: USAGE_LIMITS.reportAccount, per: 'account' },
      { limit: CONTACT_LIMIT, per: 'address', code: 'CONTACT_RATE_LIMITED' },
      // The desktop program's activations and lease refreshes, per account (decision 184).
      { limit: DEVICE_LIMITS.account, per: 'account' },
      // Sign-in through the system browser (decision 185): code requests and polls per address; the approval page's
      // user-code lookups and decisions per address and per account (guessing another person's code).
      { limit: DEVICE_GRANT_LIMITS.codeIp, per: 'address' },
      { limit: DEVICE_GRANT_LIMITS.tokenIp, per: 'address' },
      { limit: DEVICE_GRANT_LIMITS.userCodeIp, per: 'address' },
      { limit: DEVICE_GRANT_LIMITS.userCodeAccount, per: 'account' },
    ] satisfies LimitRule[]
  ).map((rule) => [rule.limit.name, rule]),
);

/** The rule of a declared limit name; a name the server does not have fails the start. */
export function limitRule(name: string): LimitRule {
  const rule = RATE_LIMITS[name];
  if (!rule) throw new Error(`No rate limit named ${name} (routes/rate-limits.ts)`);
  return rule;
}

const subjectOf = (request: FastifyRequest, per: Exclude<LimitSubject, 'handler'>): string =>
  per === 'address' ? requestAddress(request) : per === 'account' ? authOf(request).user.id : authOf(request).session.id;

/**
 * The preValidation hook of an endpoint's declared limits that route() applies, or null when it has none: each
 * counts a hit on its subject; the first one passed answers 429 with `retry-after` (and its own code, if it has one).
 */
export function limitsHook(names: readonly string[] | undefined, limiter: () => RateLimiter) {
  const rules = (names ?? []).map(limitRule).filter((rule): rule is LimitRule & { per: Exclude<LimitSubject, 'handler'> } => rule.per !== 'handler');
  if (!rules.length) return null;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    for (const rule of rules) {
      try {
        await limiter().consume(rule.limit, subjectOf(request, rule.per));
      } catch (err) {
        if (!(err instanceof AppError) || err.error !== 'TOO_MANY_REQUESTS') throw err;
        reply.header('retry-after', String(err.extra?.retryAfterSeconds ?? 60));
        throw rule.code ? new AppError('TOO_MANY_REQUESTS', rule.code, { extra: err.extra }) : err;
      }
    }
  };
}
