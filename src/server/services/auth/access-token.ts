import { jwtVerify, SignJWT, errors } from 'jose';

export type AccessClaims = { sub: string; sid: string; tv: number };

const ISSUER = 'stealth-browser';
const AUDIENCE = 'stealth-browser-api';

export function createAccessTokens(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    sign: (claims: AccessClaims) =>
      new SignJWT({ sid: claims.sid, tv: claims.tv })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    /** Returns the claims, 'expired', or 'invalid' (bad signature, wrong algorithm, malformed). */
    verify: async (token: string): Promise<AccessClaims | 'expired' | 'invalid'> => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.tv !== 'number') return 'invalid';
        return { sub: payload.sub, sid: payload.sid, tv: payload.tv };
      } catch (err) {
        return err instanceof errors.JWTExpired ? 'expired' : 'invalid';
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
