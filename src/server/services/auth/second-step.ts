import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { TWO_FACTOR, type DeviceType } from '#shared/constants';
import { userTimeZone } from '#shared/dates';
import { LINK_LANG_PARAM } from '#shared/pages';
import type { LoginResult, SecondFactorChallenge } from '#shared/schemas/responses/auth';
import type { SecondFactorInput } from '#shared/schemas/two-factor';
import type { AppContext } from '#server/context';
import { profiles, signInChallenges, users, type UserRow } from '#server/db/schema';
import { randomToken, sha256 } from '#server/lib/crypto';
import { badRequest, conflict } from '#server/lib/errors';
import { enqueueMail } from '../mail/outbox';
import { recoveryCodeUsedMail } from '../mail/templates/recovery-code-used';
import { loadMailTexts, mailLocale } from '../mail/texts';
import { openSignedInSession, type SignInContext } from './signed-in-session';
import { AUTH_LIMITS } from './rate-limits';
import { recordSecurityEvent } from './security-log';
import { spendRecoveryCode, spendTotpCode } from './two-factor';
import { authenticationOptions, checkPasskeyAnswer, passkeysOf, spendChallenge } from './webauthn';
import { cancelRecoveryOnSignIn } from './two-factor-recovery';

type Meta = { userAgent: string; ip: string; place?: string };
type FirstStep = 'password' | 'passkey';

/**
 * The first step's answer for an account with two-step verification (decision 192): a challenge, kept as its SHA-256
 * with the account's token version, for TWO_FACTOR.challengeMinutes. Its methods: a code of the authenticator, a
 * recovery code, and a passkey of the account when it has one and the first step was its password (decision 198).
 * `proof`: whether the browser showed a sign-in proof (null: none could be shown), so the second step decides on a
 * new browser as the first would (decision 200).
 */
export async function openChallenge(
  ctx: Pick<AppContext, 'db'>,
  user: UserRow,
  deviceType: DeviceType,
  meta: Meta,
  opts: { firstStep?: FirstStep; proof: boolean | null },
  now = new Date(),
): Promise<SecondFactorChallenge> {
  const challenge = randomToken();
  const firstStep = opts.firstStep ?? 'password';
  const expiresAt = new Date(now.getTime() + TWO_FACTOR.challengeMinutes * 60_000);
  await ctx.db.insert(signInChallenges).values({
    tokenHash: sha256(challenge),
    userId: user.id,
    tokenVersion: user.tokenVersion,
    deviceType,
    userAgent: meta.userAgent.slice(0, 400),
    ip: meta.ip,
    place: meta.place ?? '',
    firstStep,
    signInProof: opts.proof,
    createdAt: now,
    expiresAt,
  });
  const byPasskey = firstStep === 'password' && (await passkeysOf(ctx.db, user.id)).length > 0;
  return { secondFactor: { challenge, methods: byPasskey ? ['totp', 'recovery', 'passkey'] : ['totp', 'recovery'], expiresAt: expiresAt.toISOString() } };
}

const expired = () => badRequest('TWO_FACTOR_CHALLENGE_EXPIRED');

/** The unfinished sign-in a challenge names, with its account; TWO_FACTOR_CHALLENGE_EXPIRED when it is no more. */
async function pendingSignIn(ctx: Pick<AppContext, 'db'>, token: string, now: Date) {
  const [found] = await ctx.db
    .select({ challenge: signInChallenges, user: users, role: profiles.role })
    .from(signInChallenges)
    .innerJoin(users, eq(users.id, signInChallenges.userId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(signInChallenges.tokenHash, sha256(token)));
  if (!found) throw expired();
  const { challenge, user } = found;
  if (challenge.usedAt || challenge.expiresAt <= now || challenge.failures >= TWO_FACTOR.challengeFailures || challenge.tokenVersion !== user.tokenVersion) throw expired();
  return found;
}

/**
 * The options for a passkey as the second step (decision 198): only the account's passkeys may answer, user
 * verification preferred (the password was the first factor, the passkey is the second), the challenge kept for the
 * account as 'second-step'. A sign-in begun with a passkey, or an account without one, has none: NO_PASSKEY.
 */
export async function secondStepPasskeyOptions(ctx: SignInContext, token: string, now = new Date()) {
  const { challenge, user } = await pendingSignIn(ctx, token, now);
  const mine = challenge.firstStep === 'password' ? await passkeysOf(ctx.db, user.id) : [];
  if (!mine.length) throw conflict('NO_PASSKEY');
  return authenticationOptions(ctx, 'second-step', { userId: user.id, passkeys: mine }, 'preferred');
}

/**
 * A wrong answer, with the code it is refused by: a class of this module, not drizzle's rollback error, which the
 * server's bundle may hold twice (instanceof would miss it).
 */
class WrongAnswer extends Error {
  constructor(readonly code: 'INVALID_TWO_FACTOR_CODE' | 'PASSKEY_CHALLENGE_EXPIRED' | 'PASSKEY_NOT_ACCEPTED') {
    super(code);
  }
}

const SIGN_IN_METHOD = { totp: 'code', recovery: 'recovery-code', passkey: 'passkey' } as const;

/**
 * The second step: the challenge, then one proof (a code of the authenticator, a recovery code, or the answer of one
 * of the account's passkeys: decision 198). In one transaction the challenge is taken (its row locked, used_at set)
 * and the proof spent, so two submissions at once give one session, and a proof is spent only by the sign-in it
 * opens. A wrong one counts against the challenge (TWO_FACTOR.challengeFailures) and the account (two-factor-account):
 * a passkey of another account, a replayed or forged answer, one to a spent or expired WebAuthn challenge.
 */
export async function completeSecondStep(ctx: SignInContext & Pick<AppContext, 'twoFactor'>, input: SecondFactorInput, meta: Meta, now = new Date()): Promise<LoginResult> {
  const found = await pendingSignIn(ctx, input.challenge, now);
  const { challenge, user } = found;
  await ctx.limiter.consume(AUTH_LIMITS.twoFactorAccount, user.id);
  const kind = input.code !== undefined ? 'totp' : input.recoveryCode !== undefined ? 'recovery' : 'passkey';

  const outcome = await ctx.db
    .transaction(async (tx) => {
      const [taken] = await tx
        .update(signInChallenges)
        .set({ usedAt: now })
        .where(
          and(
            eq(signInChallenges.id, challenge.id),
            isNull(signInChallenges.usedAt),
            gt(signInChallenges.expiresAt, now),
            lt(signInChallenges.failures, TWO_FACTOR.challengeFailures),
          ),
        )
        .returning({ id: signInChallenges.id });
      if (!taken) return 'expired' as const;
      if (kind === 'totp') {
        if (await spendTotpCode(ctx, tx, user.id, input.code!, now)) {
          // The owner still has a factor: a recovery by e-mail waiting ends (decision 201), as with a recovery code below.
          await cancelRecoveryOnSignIn(tx, user.id, { ...meta, userAgent: challenge.userAgent }, now);
          return kind;
        }
      } else if (kind === 'recovery') {
        const left = await spendRecoveryCode(ctx, tx, user.id, input.recoveryCode!, now);
        if (left !== null) {
          // The account is told at once, in its language, with what is left and where to set up again.
          const locale = mailLocale(user.language);
          await loadMailTexts(locale);
          const settingsUrl = `${ctx.config.publicUrl}/settings?tab=security&${LINK_LANG_PARAM}=${locale}`;
          const mail = recoveryCodeUsedMail({ firstName: user.firstName, when: now, timeZone: userTimeZone(user.timezone), left, settingsUrl }, locale);
          await enqueueMail(tx, { kind: 'recovery-code-used', to: user.email, ...mail });
          await recordSecurityEvent(tx, user.id, 'recovery-code-used', { ...meta, userAgent: challenge.userAgent }, String(left));
          await cancelRecoveryOnSignIn(tx, user.id, { ...meta, userAgent: challenge.userAgent }, now);
          return kind;
        }
      } else {
        // Only after a password: a passkey is not both steps.
        if (challenge.firstStep !== 'password') throw new WrongAnswer('PASSKEY_NOT_ACCEPTED');
        const checked = await checkPasskeyAnswer({ db: tx, config: ctx.config }, input.passkey as AuthenticationResponseJSON, { purpose: 'second-step', userId: user.id });
        if (checked.ok) {
          await cancelRecoveryOnSignIn(tx, user.id, { ...meta, userAgent: challenge.userAgent }, now);
          return kind;
        }
        throw new WrongAnswer(checked.why === 'expired' ? 'PASSKEY_CHALLENGE_EXPIRED' : 'PASSKEY_NOT_ACCEPTED');
      }
      // Wrong: nothing of this transaction stays (the challenge is not taken, no code spent).
      throw new WrongAnswer('INVALID_TWO_FACTOR_CODE');
    })
    .catch((err: unknown) => {
      if (err instanceof WrongAnswer) return err;
      throw err;
    });
  if (outcome === 'expired') throw expired();
  if (outcome instanceof WrongAnswer) {
    await ctx.db
      .update(signInChallenges)
      .set({ failures: sql`${signInChallenges.failures} + 1` })
      .where(eq(signInChallenges.id, challenge.id));
    // The WebAuthn challenge an answer names is used once, refused or not (the transaction gave it back).
    if (kind === 'passkey') await spendChallenge(ctx.db, input.passkey!.response.clientDataJSON, 'second-step', user.id);
    await recordSecurityEvent(ctx.db, user.id, 'sign-in-failed', { ...meta, userAgent: challenge.userAgent }, SIGN_IN_METHOD[kind]);
    throw badRequest(outcome.code);
  }
  await ctx.limiter.refund(AUTH_LIMITS.twoFactorAccount, user.id);
  return openSignedInSession(
    ctx,
    user,
    found.role ?? 'user',
    challenge.deviceType,
    { userAgent: challenge.userAgent, ip: meta.ip, place: challenge.place || meta.place },
    // A recovery code's sign-in is no fresh check (no step-up); a code's and a passkey's are.
    { stepUp: outcome !== 'recovery', secondFactor: true, method: SIGN_IN_METHOD[outcome], proof: challenge.signInProof },
  );
}
