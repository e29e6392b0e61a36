import { eq } from 'drizzle-orm';
import type { LoginResult } from '#shared/api';
import type { DeviceType } from '#shared/constants';
import type { AppContext } from '../../context';
import { profiles, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { dummyHash, verifyPassword } from './passwords';
import { toPublicUser } from './public-user';
import { AUTH_LIMITS } from './rate-limits';
import { sessionLimits } from '../licence/devices';
import { createSession } from './sessions';

/**
 * Checks the password, refuses unverified addresses, and opens a session for the device type.
 *
 * Guessing is bounded before the password is checked (decision 061): a client that shows a sign-in proof from an
 * earlier sign-in to this account has its own bound (`loginProof`); every other client shares the account's
 * bound (`loginAccount`). So failures from strangers never lock out the owner's browsers and desktop programs.
 * Only failures count: a success gives its hit back and hands out a fresh proof, in both fields of the response
 * (`deviceToken` is its name before decision 179, still read and written for the clients made before).
 */
export async function login(
  ctx: Pick<AppContext, 'db' | 'config' | 'limiter' | 'signInProofs' | 'accessTokens' | 'caches' | 'readCache'>,
  input: { email: string; password: string; deviceType: DeviceType; signInProof?: string; deviceToken?: string },
  meta: { userAgent: string; ip: string; place?: string },
): Promise<LoginResult> {
  const { limiter, signInProofs: proofs, accessTokens: tokens } = ctx;
  const [row] = await ctx.db.select({ user: users, role: profiles.role }).from(users).leftJoin(profiles, eq(profiles.id, users.id)).where(eq(users.email, input.email));
  const proofId = row ? await proofs.read(input.signInProof ?? input.deviceToken, row.user.id) : null;
  const [limit, subject] = proofId ? [AUTH_LIMITS.loginProof, proofId] : [AUTH_LIMITS.loginAccount, input.email];
  await limiter.consume(limit, subject);
  if (!row) {
    await verifyPassword(await dummyHash(), input.password);
    throw new AppError('INVALID_CREDENTIALS', 'INVALID_CREDENTIALS');
  }
  if (!(await verifyPassword(row.user.passwordHash, input.password))) throw new AppError('INVALID_CREDENTIALS', 'INVALID_CREDENTIALS');
  await limiter.refund(limit, subject);
  if (!row.user.isEmailVerified) throw new AppError('EMAIL_NOT_VERIFIED', 'EMAIL_NOT_VERIFIED');

  // The session is made only if the password checked is still the account's (a reset may have committed meanwhile).
  const { session, refreshToken, user } = await createSession(
    ctx.db,
    { userId: row.user.id, deviceType: input.deviceType, userAgent: meta.userAgent, ip: meta.ip, place: meta.place, checked: row.user },
    { limits: await sessionLimits(ctx, row.user, input.deviceType), refreshTtlDays: ctx.config.REFRESH_TOKEN_TTL_DAYS },
  );
  const token = await tokens.sign({ sub: user.id, sid: session.id, tv: user.tokenVersion });
  const signInProof = await proofs.issue(user.id, session.id);
  return { token, refreshToken, user: toPublicUser(user, row.role ?? 'user'), signInProof, deviceToken: signInProof };
}
