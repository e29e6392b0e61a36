import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { TWO_FACTOR, type DeviceType } from '#shared/constants';
import { userTimeZone } from '#shared/dates';
import { LINK_LANG_PARAM } from '#shared/pages';
import type { LoginResult, SecondFactorChallenge } from '#shared/schemas/responses/auth';
import type { SecondFactorInput } from '#shared/schemas/two-factor';
import type { AppContext } from '#server/context';
import { profiles, signInChallenges, users, type UserRow } from '#server/db/schema';
import { randomToken, sha256 } from '#server/lib/crypto';
import { badRequest } from '#server/lib/errors';
import { enqueueMail } from '../mail/outbox';
import { recoveryCodeUsedMail } from '../mail/templates/recovery-code-used';
import { loadMailTexts, mailLocale } from '../mail/texts';
import { openSignedInSession, type SignInContext } from './signed-in-session';
import { AUTH_LIMITS } from './rate-limits';
import { recordSecurityEvent } from './security-log';
import { spendRecoveryCode, spendTotpCode } from './two-factor';

type Meta = { userAgent: string; ip: string; place?: string };

/**
 * The password step's answer for an account with two-step verification (decision 192): a challenge, kept as its
 * SHA-256 with the account's token version, for TWO_FACTOR.challengeMinutes; and whether the browser showed a sign-in
 * proof (null: none could be shown), so the second step decides on a new browser as the first would (decision 200).
 */
export async function openChallenge(
  ctx: Pick<AppContext, 'db'>,
  user: UserRow,
  deviceType: DeviceType,
  meta: Meta,
  seen: { proof: boolean | null },
  now = new Date(),
): Promise<SecondFactorChallenge> {
  const challenge = randomToken();
  const expiresAt = new Date(now.getTime() + TWO_FACTOR.challengeMinutes * 60_000);
  await ctx.db.insert(signInChallenges).values({
    tokenHash: sha256(challenge),
    userId: user.id,
    tokenVersion: user.tokenVersion,
    deviceType,
    userAgent: meta.userAgent.slice(0, 400),
    ip: meta.ip,
    place: meta.place ?? '',
    signInProof: seen.proof,
    createdAt: now,
    expiresAt,
  });
  return { secondFactor: { challenge, methods: ['totp', 'recovery'], expiresAt: expiresAt.toISOString() } };
}

const expired = () => badRequest('TWO_FACTOR_CHALLENGE_EXPIRED');

class WrongCode extends Error {}

/**
 * The second step: the challenge, then one code. In one transaction the challenge is taken (its row locked, used_at
 * set) and the code spent, so two submissions at once give one session, and a code is spent only by the sign-in it
 * opens. A wrong code counts against the challenge (TWO_FACTOR.challengeFailures) and the account (two-factor-account).
 */
export async function completeSecondStep(ctx: SignInContext & Pick<AppContext, 'twoFactor'>, input: SecondFactorInput, meta: Meta, now = new Date()): Promise<LoginResult> {
  const hash = sha256(input.challenge);
  const [found] = await ctx.db
    .select({ challenge: signInChallenges, user: users, role: profiles.role })
    .from(signInChallenges)
    .innerJoin(users, eq(users.id, signInChallenges.userId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(signInChallenges.tokenHash, hash));
  if (!found) throw expired();
  const { challenge, user } = found;
  if (challenge.usedAt || challenge.expiresAt <= now || challenge.failures >= TWO_FACTOR.challengeFailures || challenge.tokenVersion !== user.tokenVersion) throw expired();
  await ctx.limiter.consume(AUTH_LIMITS.twoFactorAccount, user.id);

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
      if (input.code !== undefined) {
        if (await spendTotpCode(ctx, tx, user.id, input.code, now)) return { by: 'totp' as const };
      } else {
        const left = await spendRecoveryCode(ctx, tx, user.id, input.recoveryCode!, now);
        if (left !== null) {
          // The account is told at once, in its language, with what is left and where to set up again.
          const locale = mailLocale(user.language);
          await loadMailTexts(locale);
          const settingsUrl = `${ctx.config.publicUrl}/settings?tab=security&${LINK_LANG_PARAM}=${locale}`;
          const mail = recoveryCodeUsedMail({ firstName: user.firstName, when: now, timeZone: userTimeZone(user.timezone), left, settingsUrl }, locale);
          await enqueueMail(tx, { kind: 'recovery-code-used', to: user.email, ...mail });
          await recordSecurityEvent(tx, user.id, 'recovery-code-used', { ...meta, userAgent: challenge.userAgent }, String(left));
          return { by: 'recovery' as const };
        }
      }
      // Wrong: nothing of this transaction stays (the challenge is not taken, no code spent). A class of this module
      // says so, not drizzle's rollback error, which the server's bundle may hold twice (instanceof would miss it).
      throw new WrongCode();
    })
    .catch((err: unknown) => {
      if (err instanceof WrongCode) return 'wrong' as const;
      throw err;
    });
  if (outcome === 'expired') throw expired();
  if (outcome === 'wrong') {
    await ctx.db
      .update(signInChallenges)
      .set({ failures: sql`${signInChallenges.failures} + 1` })
      .where(eq(signInChallenges.id, challenge.id));
    await recordSecurityEvent(ctx.db, user.id, 'sign-in-failed', { ...meta, userAgent: challenge.userAgent }, input.code !== undefined ? 'code' : 'recovery-code');
    throw badRequest('INVALID_TWO_FACTOR_CODE');
  }
  await ctx.limiter.refund(AUTH_LIMITS.twoFactorAccount, user.id);
  return openSignedInSession(
    ctx,
    user,
    found.role ?? 'user',
    challenge.deviceType,
    { userAgent: challenge.userAgent, ip: meta.ip, place: challenge.place || meta.place },
    { stepUp: outcome.by === 'totp', secondFactor: true, method: outcome.by === 'totp' ? 'code' : 'recovery-code', proof: challenge.signInProof },
  );
}
