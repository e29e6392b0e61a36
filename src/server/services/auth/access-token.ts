import { jwtVerify, SignJWT, errors } from 'jose';

export type AccessClaims = { sub: string; sid: string; tv: number };

const ISSUER = 'stealth-browser';
const AUDIENCE = 'stealth-browser-api';

export function createAccessTokens(secret: string, ttlSeconds: number) {
  // Imported once as an HMAC key: given the raw bytes, jose imported them again on every sign and verify.
  let imported: Promise<CryptoKey> | null = null;
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
      try {
        const { payload } = await jwtVerify(token, await key(), { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.tv !== 'number') return 'invalid';
        return { sub: payload.sub, sid: payload.sid, tv: payload.tv };
      } catch (err) {
        return err instanceof errors.JWTExpired ? 'expired' : 'invalid';
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
