import { jwtVerify, SignJWT, errors } from 'jose';
import { createCache } from '../../lib/cache';

export type AccessClaims = { sub: string; sid: string; tv: number };

const ISSUER = 'stealth-browser';
const AUDIENCE = 'stealth-browser-api';

/** Most verified tokens remembered per instance. */
const VERIFIED_MAX = 10_000;

export function createAccessTokens(secret: string, ttlSeconds: number, now: () => number = Date.now) {
  // Imported once as an HMAC key: given the raw bytes, jose imported them again on every sign and verify.
  let imported: Promise<CryptoKey> | null = null;
  const verified = createCache<{ claims: AccessClaims; exp: number }>({ maxEntries: VERIFIED_MAX, ttlMs: ttlSeconds * 1000 });
  const key = () => (imported ??= globalThis.crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']));
  return {
    ttlSeconds,
    sign: async (claims: AccessClaims) =>
      new SignJWT({ sid: claims.sid, tv: claims.tv })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(await key()),
    /** Returns the claims, 'expired', or 'invalid' (bad signature, wrong algorithm, malformed). */
    verify: async (token: string): Promise<AccessClaims | 'expired' | 'invalid'> => {
      // A token whose signature was checked once is the same token every time (the same bytes, signed by the same
      // key): it is remembered until it expires, and only its expiry is checked again. jose verifies through Web
      // Crypto, an asynchronous job per call that was a quarter of the CPU of a signed-in read. Tokens that fail are
      // not remembered (a stranger sending garbage fills nothing).
      const known = verified.get(token);
      if (known) return Math.floor(now() / 1000) >= known.exp ? 'expired' : known.claims;
      try {
        const { payload } = await jwtVerify(token, await key(), { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE, currentDate: new Date(now()) });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.tv !== 'number' || typeof payload.exp !== 'number') return 'invalid';
        const claims = { sub: payload.sub, sid: payload.sid, tv: payload.tv };
        verified.set(token, { claims, exp: payload.exp });
        return claims;
      } catch (err) {
        return err instanceof errors.JWTExpired ? 'expired' : 'invalid';
      }
    },
    /**
     * The account of a token verify() called expired: its signature, issuer and audience checked as verify() checks
     * them, its expiry not. Only to tell a deleted account (ACCOUNT_CLOSED, decision 187); null when not the site's.
     */
    expiredAccount: async (token: string): Promise<string | null> => {
      try {
        // The clock at 1970: every exp is after it (the token's own time is not what is asked here).
        const { payload } = await jwtVerify(token, await key(), { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE, currentDate: new Date(0) });
        return typeof payload.sub === 'string' ? payload.sub : null;
      } catch {
        return null;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
