import { eq, sql } from 'drizzle-orm';
import { DEVICE_GRANT } from '#shared/constants';
import type { DeviceTokenResponse } from '#shared/schemas/responses/device-grant';
import type { AppContext } from '#server/context';
import { deviceGrants, profiles, users, type DeviceGrantRow } from '#server/db/schema';
import { sha256 } from '#server/lib/crypto';
import { AppError } from '#server/lib/errors';
import { sessionLimits } from '../../licence/devices';
import { toPublicUser } from '../public-user';
import { recordSecurityEvent } from '../security-log';
import { createSession } from '../sessions';
import { OAuthRefusal } from './codes';

type Outcome = { refuse: OAuthRefusal } | { issue: DeviceGrantRow };

/**
 * RFC 8628 §3.4–3.5: one poll of the program. Under the grant's row lock: an unknown code or one already exchanged is
 * invalid_grant; past its lifetime expired_token; denied access_denied; still pending authorization_pending, or
 * slow_down (and 5 s more between polls from now on) when this poll came sooner than the interval after the last one.
 * An approved grant is marked issued in the same statement that reads it, so that of two polls at once one gets the
 * session and the other invalid_grant. The session is the password sign-in's desktop session (its limit displaces the
 * oldest), made only if the account's token version is still the one it approved under: a password change or reset
 * since then voids the approval (invalid_grant).
 */
export async function pollDeviceToken(
  ctx: Pick<AppContext, 'db' | 'config' | 'accessTokens' | 'caches' | 'readCache'>,
  body: Record<string, unknown>,
  meta: { userAgent: string; ip: string; place?: string },
): Promise<DeviceTokenResponse> {
  if (typeof body.grant_type !== 'string' || !body.grant_type) throw new OAuthRefusal('invalid_request', 'grant_type is required');
  if (body.grant_type !== DEVICE_GRANT.grantType) throw new OAuthRefusal('unsupported_grant_type', `grant_type must be ${DEVICE_GRANT.grantType}`);
  if (typeof body.device_code !== 'string' || !body.device_code || body.device_code.length > 200) throw new OAuthRefusal('invalid_request', 'device_code is required');
  const hash = sha256(body.device_code);

  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    const [found] = await tx
      .select({
        grant: deviceGrants,
        expired: sql<boolean>`${deviceGrants.expiresAt} <= now()`,
        tooSoon: sql<boolean>`coalesce(${deviceGrants.lastPolledAt} > now() - ${deviceGrants.intervalSeconds} * interval '1 second', false)`,
      })
      .from(deviceGrants)
      .where(eq(deviceGrants.deviceCodeHash, hash))
      .for('update');
    if (!found || found.grant.status === 'issued') return { refuse: new OAuthRefusal('invalid_grant', 'The device code is not valid or was already used') };
    const { grant } = found;
    if (found.expired) return { refuse: new OAuthRefusal('expired_token', 'The device code has expired; ask for a new one') };
    if (grant.status === 'denied') return { refuse: new OAuthRefusal('access_denied', 'The user denied the sign-in') };
    if (grant.status === 'pending') {
      const interval = found.tooSoon ? grant.intervalSeconds + DEVICE_GRANT.slowDownSeconds : grant.intervalSeconds;
      await tx
        .update(deviceGrants)
        .set({ lastPolledAt: sql`now()`, intervalSeconds: interval })
        .where(eq(deviceGrants.id, grant.id));
      return found.tooSoon
        ? { refuse: new OAuthRefusal('slow_down', `Polled too soon; wait ${interval} seconds between polls`, interval) }
        : { refuse: new OAuthRefusal('authorization_pending', 'The user has not decided yet') };
    }
    const [issued] = await tx
      .update(deviceGrants)
      .set({ status: 'issued', issuedAt: sql`now()`, lastPolledAt: sql`now()` })
      .where(eq(deviceGrants.id, grant.id))
      .returning();
    return { issue: issued! };
  });
  if ('refuse' in outcome) throw outcome.refuse;

  const grant = outcome.issue;
  const [row] = await ctx.db.select({ user: users, role: profiles.role }).from(users).leftJoin(profiles, eq(profiles.id, users.id)).where(eq(users.id, grant.userId!));
  const voided = new OAuthRefusal('invalid_grant', 'The approval no longer holds (the account changed its password); sign in again');
  if (!row || row.user.tokenVersion !== grant.tokenVersion) throw voided;
  let made: Awaited<ReturnType<typeof createSession>>;
  try {
    made = await createSession(
      ctx.db,
      {
        userId: row.user.id,
        deviceType: 'desktop',
        userAgent: meta.userAgent,
        ip: meta.ip,
        place: meta.place,
        checked: { passwordHash: row.user.passwordHash, tokenVersion: grant.tokenVersion! },
      },
      { limits: await sessionLimits(ctx, row.user, 'desktop'), refreshTtlDays: ctx.config.REFRESH_TOKEN_TTL_DAYS },
    );
  } catch (err) {
    if (err instanceof AppError && err.code === 'INVALID_CREDENTIALS') throw voided;
    throw err;
  }
  await ctx.db.update(deviceGrants).set({ sessionId: made.session.id }).where(eq(deviceGrants.id, grant.id));
  await recordSecurityEvent(ctx.db, made.user.id, 'sign-in', meta, 'browser');
  const accessToken = await ctx.accessTokens.sign({ sub: made.user.id, sid: made.session.id, tv: made.user.tokenVersion });
  return {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: ctx.accessTokens.ttlSeconds,
    refresh_token: made.refreshToken,
    user: toPublicUser(made.user, row.role ?? 'user'),
    device: { name: grant.deviceName, os: grant.deviceOs },
  };
}
