import type { DeviceType } from '#shared/constants';
import type { SignInMethod } from '#shared/security-log';
import type { LoginResult } from '#shared/schemas/responses/auth';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { sessionLimits } from '../licence/devices';
import { toPublicUser } from './public-user';
import { isNewSignIn, noticeNewSignIn } from './new-sign-in';
import { recordSecurityEvent } from './security-log';
import { createSession } from './sessions';

export type SignInContext = Pick<AppContext, 'db' | 'config' | 'log' | 'limiter' | 'signInProofs' | 'accessTokens' | 'caches' | 'readCache'>;

/**
 * Opens the session of a sign-in whose every step passed: the access and refresh tokens and a fresh sign-in proof.
 * The session is made only if the password checked is still the account's (a reset may have committed meanwhile).
 * `stepUp`: the sign-in was a fresh check (a password, an authenticator's code), so sensitive changes are open for
 * the step-up's minutes (decision 192); a recovery code's sign-in opens none. `secondFactor`: the sign-in passed the
 * second step (a code or a recovery code), which an admin's session needs (decision 193). `method`: how, for the
 * account's security log (issue 36). `proof`: whether the browser showed a sign-in proof of the account, null when
 * none could be shown (a passkey's sign-in): a sign-in from a new browser is told to the account by mail, in the
 * session's transaction (isNewSignIn, decision 200).
 */
export async function openSignedInSession(
  ctx: SignInContext,
  checked: UserRow,
  role: 'user' | 'admin',
  deviceType: DeviceType,
  meta: { userAgent: string; ip: string; place?: string },
  opts: { stepUp: boolean; secondFactor: boolean; method: SignInMethod; proof: boolean | null },
): Promise<LoginResult> {
  // Asked before this sign-in is recorded: the account's first one is nobody's news.
  const isNew = await isNewSignIn(ctx.db, checked.id, { kind: 'session', deviceType, proof: opts.proof, userAgent: meta.userAgent });
  const { session, refreshToken, user } = await createSession(
    ctx.db,
    { userId: checked.id, deviceType, userAgent: meta.userAgent, ip: meta.ip, place: meta.place, checked, stepUp: opts.stepUp, secondFactor: opts.secondFactor },
    {
      limits: await sessionLimits(ctx, checked, deviceType),
      refreshTtlDays: ctx.config.REFRESH_TOKEN_TTL_DAYS,
      within: isNew ? (tx, made) => noticeNewSignIn(ctx, tx, made.user, meta) : undefined,
    },
  );
  await recordSecurityEvent(ctx.db, user.id, 'sign-in', meta, opts.method);
  const token = await ctx.accessTokens.sign({ sub: user.id, sid: session.id, tv: user.tokenVersion });
  const signInProof = await ctx.signInProofs.issue(user.id, session.id);
  return { token, refreshToken, user: toPublicUser(user, role), signInProof, deviceToken: signInProof };
}
