import { jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../../context';
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

const cache = new WeakMap<AppContext, Promise<DeviceTokens>>();

async function create(ctx: AppContext): Promise<DeviceTokens> {
  // A key of its own: a device token is never an access token, and the reverse.
  const key = new TextEncoder().encode(await sharedSecret(ctx.db, 'device_token_secret'));
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

/** The device tokens of one app (one key shared by every instance on the database), made on first use. */
export function deviceTokens(ctx: AppContext): Promise<DeviceTokens> {
  let tokens = cache.get(ctx);
  if (!tokens) {
    tokens = create(ctx);
    cache.set(ctx, tokens);
    tokens.catch(() => cache.delete(ctx));
  }
  return tokens;
}
