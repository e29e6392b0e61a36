import { eq } from 'drizzle-orm';
import type { LoginReply } from '#shared/schemas/responses/auth';
import type { DeviceType } from '#shared/constants';
import { profiles, users } from '../../db/schema';
import { AppError, forbidden } from '../../lib/errors';
import { dummyHash, verifyPassword } from './passwords';
import { AUTH_LIMITS } from './rate-limits';
import { openChallenge } from './second-step';
import { openSignedInSession, type SignInContext } from './signed-in-session';
import { recordSecurityEvent } from './security-log';
import { hasTwoFactor } from './two-factor';

/**
 * Checks the password, refuses unverified addresses, and opens a session for the device type; for an account with
 * two-step verification, answers the second step's challenge instead (decision 192), or, to the desktop program's
 * password sign-in, TWO_FACTOR_BROWSER_SIGN_IN (it signs in through the browser, where the second step is asked).
 *
 * Guessing is bounded before the password is checked (decision 061): a client that shows a sign-in proof from an
 * earlier sign-in to this account has its own bound (`loginProof`); every other client shares the account's
 * bound (`loginAccount`). So failures from strangers never lock out the owner's browsers and desktop programs.
 * Only failures count: a success gives its hit back and hands out a fresh proof, in both fields of the response
 * (`deviceToken` is its name before decision 179, still read and written for the clients made before). The proof
 * also says whether this browser signed in to the account before: without one, the account is told of a sign-in from
 * a new browser (decision 200), at the second step the same way.
 */
export async function login(
  ctx: SignInContext,
  input: { email: string; password: string; deviceType: DeviceType; signInProof?: string; deviceToken?: string },
  meta: { userAgent: string; ip: string; place?: string },
): Promise<LoginReply> {
  const { limiter, signInProofs: proofs } = ctx;
  const [row] = await ctx.db.select({ user: users, role: profiles.role }).from(users).leftJoin(profiles, eq(profiles.id, users.id)).where(eq(users.email, input.email));
  const proofId = row ? await proofs.read(input.signInProof ?? input.deviceToken, row.user.id) : null;
  const [limit, subject] = proofId ? [AUTH_LIMITS.loginProof, proofId] : [AUTH_LIMITS.loginAccount, input.email];
  await limiter.consume(limit, subject);
  if (!row) {
    await verifyPassword(await dummyHash(), input.password);
    throw new AppError('INVALID_CREDENTIALS', 'INVALID_CREDENTIALS');
  }
  if (!(await verifyPassword(row.user.passwordHash, input.password))) {
    await recordSecurityEvent(ctx.db, row.user.id, 'sign-in-failed', meta, 'password');
    throw new AppError('INVALID_CREDENTIALS', 'INVALID_CREDENTIALS');
  }
  await limiter.refund(limit, subject);
  if (!row.user.isEmailVerified) throw new AppError('EMAIL_NOT_VERIFIED', 'EMAIL_NOT_VERIFIED');
  if (await hasTwoFactor(ctx.db, row.user.id)) {
    if (input.deviceType === 'desktop') throw forbidden('TWO_FACTOR_BROWSER_SIGN_IN');
    return openChallenge(ctx, row.user, input.deviceType, meta, { proof: proofId !== null });
  }
  return openSignedInSession(ctx, row.user, row.role ?? 'user', input.deviceType, meta, { stepUp: true, secondFactor: false, method: 'password', proof: proofId !== null });
}
