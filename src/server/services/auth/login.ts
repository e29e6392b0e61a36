import { eq } from 'drizzle-orm';
import type { LoginResult } from '../../../shared/api';
import type { DeviceType } from '../../../shared/constants';
import type { AppContext } from '../../context';
import { MSG } from '../../../shared/messages';
import { profiles, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { dummyHash, verifyPassword } from './passwords';
import { toPublicUser } from './public-user';
import { AUTH_LIMITS } from './rate-limits';
import { createSession } from './sessions';

export const INVALID_CREDENTIALS = MSG.invalidCredentials;
export const VERIFY_EMAIL_FIRST = MSG.verifyEmailFirst;

/**
 * Checks the password, refuses unverified addresses, and opens a session for the device type.
 *
 * Guessing is bounded before the password is checked (decision 061): a client that shows a device token from an
 * earlier sign-in to this account has its own bound (`loginDevice`); every other client shares the account's
 * bound (`loginAccount`). So failures from strangers never lock out the owner's known devices, the web app and
 * the desktop program alike. Only failures count: a success gives its hit back and hands out a fresh token.
 */
export async function login(
  ctx: Pick<AppContext, 'db' | 'config' | 'limiter' | 'deviceTokens' | 'accessTokens'>,
  input: { email: string; password: string; deviceType: DeviceType; deviceToken?: string },
  meta: { userAgent: string; ip: string; place?: string },
): Promise<LoginResult> {
  const { limiter, deviceTokens: devices, accessTokens: tokens } = ctx;
  const [row] = await ctx.db.select({ user: users, role: profiles.role }).from(users).leftJoin(profiles, eq(profiles.id, users.id)).where(eq(users.email, input.email));
  const knownDevice = row ? await devices.read(input.deviceToken, row.user.id) : null;
  const [limit, subject] = knownDevice ? [AUTH_LIMITS.loginDevice, knownDevice] : [AUTH_LIMITS.loginAccount, input.email];
  await limiter.consume(limit, subject);
  if (!row) {
    await verifyPassword(await dummyHash(), input.password);
    throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  }
  if (!(await verifyPassword(row.user.passwordHash, input.password))) throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  await limiter.refund(limit, subject);
  if (!row.user.isEmailVerified) throw new AppError('EMAIL_NOT_VERIFIED', VERIFY_EMAIL_FIRST, 'EMAIL_NOT_VERIFIED');

  // The session is made only if the password checked is still the account's (a reset may have committed meanwhile).
  const { session, refreshToken, user } = await createSession(
    ctx.db,
    { userId: row.user.id, deviceType: input.deviceType, userAgent: meta.userAgent, ip: meta.ip, place: meta.place, checked: row.user },
    { limits: { web: ctx.config.WEB_SESSIONS_PER_USER, desktop: ctx.config.DESKTOP_SESSIONS_PER_USER }, refreshTtlDays: ctx.config.REFRESH_TOKEN_TTL_DAYS },
  );
  const token = await tokens.sign({ sub: user.id, sid: session.id, tv: user.tokenVersion });
  return { token, refreshToken, user: toPublicUser(user, row.role ?? 'user'), deviceToken: await devices.issue(user.id) };
}
