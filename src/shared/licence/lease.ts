import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet } from 'jose';

/**
 * The licence lease (decision 183): what the server signs for one device of one account, and what the desktop
 * program verifies offline. A compact JWS, Ed25519 (`alg` EdDSA), its key named by `kid` in the header and published at
 * /.well-known/jwks.json; `typ` names it, so no other token of the site passes for a lease (RFC 8725 §3.11).
 * One module for the server (services/licence) and the reference client (src/licence-client/, decision 187), so both read one format.
 */
export const LEASE_TYP = 'stealth-lease+jwt';
export const LEASE_ALG = 'EdDSA';

export type LeaseClaims = {
  /** The site that signed it (PUBLIC_URL). */
  iss: string;
  /** The account. */
  sub: string;
  /** The device. */
  dev: string;
  /** The plan's code, or `trial`. */
  plan: string;
  /** When the paid period (or the trial) ends, seconds since 1970; null for the lifetime plan. */
  valid_until: number | null;
  /** When the lease ends: leaseExpiry(). */
  exp: number;
  /** When it was signed: the server's time, below which a program's clock is never trusted again. */
  iat: number;
  /** What the plan opens in the program. */
  features: string[];
  /** The oldest version of the program the lease is for; an older program must update. */
  min_app_version: string;
};

/** The offline grace and the payment grace, by default (LICENCE_OFFLINE_GRACE_DAYS, LICENCE_PAYMENT_GRACE_DAYS). */
export const LEASE_DEFAULTS = { offlineGraceDays: 7, paymentGraceDays: 3 } as const;

const DAY = 86_400;

/**
 * When a lease signed at `now` ends (seconds): the earlier of now + the offline grace and the end of the paid period
 * + the payment grace. The payment grace covers a renewal that Razorpay charges late, so only a plan that renews has
 * it: a trial, a complimentary period or a plan cancelled at its end stops at its end, and a one-day trial never
 * outlives its day. A lifetime plan (no end) gets the offline grace, renewed at every refresh. null: nothing to lease.
 */
export function leaseExpiry(input: { now: number; validUntil: number | null; renews: boolean; offlineGraceDays?: number; paymentGraceDays?: number }): number | null {
  const offline = input.now + (input.offlineGraceDays ?? LEASE_DEFAULTS.offlineGraceDays) * DAY;
  if (input.validUntil === null) return offline;
  const until = input.validUntil + (input.renews ? (input.paymentGraceDays ?? LEASE_DEFAULTS.paymentGraceDays) * DAY : 0);
  return until > input.now ? Math.min(offline, until) : null;
}

/** Why a lease is not accepted offline. */
export type LeaseRefusal = 'INVALID_SIGNATURE' | 'UNKNOWN_KEY' | 'EXPIRED' | 'CLOCK_TURNED_BACK' | 'MALFORMED';

export class LeaseError extends Error {
  constructor(
    readonly reason: LeaseRefusal,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Verifies a lease offline against a key set (the program's pinned set, or the one it last fetched): the signature by
 * the key its `kid` names (a key not in the set verifies nothing), the `typ`, the issuer, `exp` against the clock, and
 * the clock itself: a time earlier than the latest server time the program has seen (`iat` of a lease it accepted)
 * means the clock was turned back, and nothing is accepted until it is right. `clockToleranceSeconds` (0 unless given;
 * the reference client gives 300, decision 187) is the skew forgiven both ways: `exp` that far past, and the clock that
 * far behind the last server time.
 */
export async function verifyLease(
  token: string,
  jwks: JSONWebKeySet,
  opts: { now: number; issuer: string; lastServerTime?: number; clockToleranceSeconds?: number },
): Promise<LeaseClaims> {
  const tolerance = opts.clockToleranceSeconds ?? 0;
  if (opts.lastServerTime !== undefined && opts.now < opts.lastServerTime - tolerance) {
    throw new LeaseError('CLOCK_TURNED_BACK', 'the clock is earlier than a time the server already gave: set the clock right and go online');
  }
  try {
    const { payload } = await jwtVerify<LeaseClaims>(token, createLocalJWKSet(jwks), {
      algorithms: [LEASE_ALG],
      typ: LEASE_TYP,
      issuer: opts.issuer,
      currentDate: new Date(opts.now * 1000),
      clockTolerance: tolerance,
      requiredClaims: ['sub', 'dev', 'exp', 'iat'],
    });
    return payload as LeaseClaims;
  } catch (err) {
    if (err instanceof errors.JWKSNoMatchingKey) throw new LeaseError('UNKNOWN_KEY', 'the lease is signed with a key that is not (or no longer) published');
    if (err instanceof errors.JWSSignatureVerificationFailed) throw new LeaseError('INVALID_SIGNATURE', 'the lease was not signed by the site');
    if (err instanceof errors.JWTExpired) throw new LeaseError('EXPIRED', 'the lease has expired: go online to refresh it');
    throw new LeaseError('MALFORMED', `not a lease: ${(err as Error).message}`);
  }
}
