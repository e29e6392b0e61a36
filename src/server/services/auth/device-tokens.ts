import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db/client';
import { randomToken } from '../../lib/crypto';
import { sharedSecret } from '../../lib/secrets';

/**
 * Device tokens (OWASP's "device cookies", decision 061): a signed note, handed out at each successful sign-in,
 * that this client once signed in to this account. The client sends it back with its next sign-in; the sign-in
 * limits then count that client's failures on their own instead of the account's shared bound, so someone
 * guessing from elsewhere cannot keep the owner out. It grants nothing else: the password is still checked.
 */
export type DeviceTokens = {
  issue: (userId: string) => Promise<string>;
  /** The token's id when it is genuine, unexpired and for this account; null otherwise. */
  read: (token: string | undefined, userId: string) => Promise<string | null>;
};

const ISSUER = 'stealth-browser';
const AUDIENCE = 'stealth-browser-device';
export const DEVICE_TOKEN_TTL_DAYS = 180;

/** The device tokens of one app, with one key shared by every instance on the database (made by composition.ts). */
export async function createDeviceTokens(db: Db): Promise<DeviceTokens> {
  // A key of its own: a device token is never an access token, and the reverse.
  const key = new TextEncoder().encode(await sharedSecret(db, 'device_token_secret'));
  return {
    issue: (userId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setJti(randomToken(16))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${DEVICE_TOKEN_TTL_DAYS}d`)
        .sign(key),
    read: async (token, userId) => {
      if (!token) return null;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
        return payload.sub === userId && typeof payload.jti === 'string' ? payload.jti : null;
      } catch {
        return null;
      }
    },
  };
}

