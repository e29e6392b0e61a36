import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { TWO_FACTOR } from '#shared/constants';
import { userTimeZone } from '#shared/dates';
import type { RecoveryRequested, RecoveryStatus } from '#shared/schemas/two-factor-recovery';
import type { AppContext } from '#server/context';
import { queryRows, type DbOrTx } from '#server/db/client';
import { recoveryCodes, signInChallenges, totpFactors, twoFactorRecoveries, users, type RecoveryCancelReason, type TwoFactorRecoveryRow, type UserRow } from '#server/db/schema';
import { randomToken, sha256 } from '#server/lib/crypto';
import { badRequest, conflict } from '#server/lib/errors';
import { enqueueMail } from '../mail/outbox';
import { recoveryCancelledMail, recoveryCompletedMail, recoveryReadyMail, recoveryRequestedMail, type RecoveryCancelledHow } from '../mail/templates/two-factor-recovery';
import { loadMailTexts, mailLocale } from '../mail/texts';
import { mailLink, securitySettingsUrl } from './links';
import { AUTH_LIMITS } from './rate-limits';
import { recordSecurityEvent, type EventMeta } from './security-log';
import { revokeOtherSessions } from './sessions';
import { hasTwoFactor } from './two-factor';
import { describeUserAgent } from './user-agent';

/**
 * Recovering two-step verification without the authenticator or a recovery code (issue 36, decision 201): the middle
 * rung of the ladder, after a recovery code and before an admin's reset, needing no support ticket and slow on purpose.
 *
 * - Asked for from the sign-in's second step with its challenge, so only by someone who has just given the password.
 * - The account's address is told at once, with a link that cancels it; every signed-in session shows the same notice
 *   (GET /auth/two-factor/recovery), and the security log has it.
 * - After TWO_FACTOR.recoveryWaitHours a job mails the link that finishes it (`mailReadyRecoveries`), so finishing
 *   needs the mailbox as well as the password and the wait. The link works TWO_FACTOR.recoveryFinishDays; finishing
 *   removes the authenticator and the recovery codes (passkeys stay) and ends every session.
 * - A sign-in with a factor (a code, a recovery code, a passkey) cancels it: the owner still has one. So do the cancel
 *   link (or the finishing link's page), a signed-in session, turning two-step verification off, an admin's reset. A
 *   password changed since the request voids it.
 */
type Ctx = Pick<AppContext, 'db' | 'config'>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Neither finished nor cancelled. */
const open = and(isNull(twoFactorRecoveries.completedAt), isNull(twoFactorRecoveries.cancelledAt))!;
/** Open and not past its finishing link's days (a lapsed one is closed as 'expired' by the next request or job run). */
const live = (now: Date) => and(open, or(isNull(twoFactorRecoveries.finishExpiresAt), gt(twoFactorRecoveries.finishExpiresAt, now)))!;

/** The account's authenticator and recovery codes go (its passkeys stay): two-step verification is off. True when it was on. */
export async function removeTwoFactor(tx: DbOrTx, userId: string): Promise<boolean> {
  const gone = await tx.delete(totpFactors).where(eq(totpFactors.userId, userId)).returning({ confirmedAt: totpFactors.confirmedAt });
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  return Boolean(gone[0]?.confirmedAt);
}

const mailTo = async (user: Pick<UserRow, 'language'>) => {
  const locale = mailLocale(user.language);
  await loadMailTexts(locale);
  return locale;
};

/** The cancellations the account is told of by mail (the others come with a mail of their own, or need none), as the mail says them. */
const MAILED_CANCELS: Partial<Record<RecoveryCancelReason, RecoveryCancelledHow>> = { link: 'link', 'signed-in': 'signedIn', session: 'session' };

/**
 * Ends the account's open recovery, if there is one, with the reason; the security log says so, and the account is
 * told by mail when the way it ended is one the owner may not know of (a link, a sign-in, a session). True when one ended.
 */
export async function cancelOpenRecovery(db: DbOrTx, userId: string, reason: RecoveryCancelReason, meta: EventMeta = {}, now = new Date()): Promise<boolean> {
  const [ended] = await db
    .update(twoFactorRecoveries)
    .set({ cancelledAt: now, cancelReason: reason })
    .where(and(eq(twoFactorRecoveries.userId, userId), open))
    .returning();
  if (!ended) return false;
  await recordSecurityEvent(db, userId, 'recovery-cancelled', meta, reason);
  const how = MAILED_CANCELS[reason];
  if (how) {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (user) {
      const locale = await mailTo(user);
      const mail = recoveryCancelledMail({ firstName: user.firstName, requestedAt: ended.createdAt, how, timeZone: userTimeZone(user.timezone) }, locale);
      await enqueueMail(db, { kind: 'two-factor-recovery-cancelled', to: user.email, ...mail });
    }
  }
  return true;
}

/** A sign-in that passed a factor (a code, a recovery code, a passkey): the owner still has one, so a recovery waiting ends. */
export const cancelRecoveryOnSignIn = (db: DbOrTx, userId: string, meta: EventMeta = {}, now = new Date()) => cancelOpenRecovery(db, userId, 'signed-in', meta, now);

const expiredChallenge = () => badRequest('TWO_FACTOR_CHALLENGE_EXPIRED');

/**
 * "Lost your authenticator and recovery codes?" on the second step: the sign-in's challenge (so the password was just
 * given) is taken, and the recovery starts, or the one already open is answered again without a new mail. Counted per
 * account once the challenge names it (`two-factor-recovery-account`).
 */
export async function requestRecovery(ctx: Ctx & Pick<AppContext, 'limiter'>, challengeToken: string, meta: EventMeta = {}, now = new Date()): Promise<RecoveryRequested> {
  const [found] = await ctx.db
    .select({ challenge: signInChallenges, user: users })
    .from(signInChallenges)
    .innerJoin(users, eq(users.id, signInChallenges.userId))
    .where(eq(signInChallenges.tokenHash, sha256(challengeToken)));
  if (!found) throw expiredChallenge();
  const { challenge, user } = found;
  if (challenge.usedAt || challenge.expiresAt <= now || challenge.failures >= TWO_FACTOR.challengeFailures || challenge.tokenVersion !== user.tokenVersion) {
    throw expiredChallenge();
  }
  await ctx.limiter.consume(AUTH_LIMITS.recoveryAccount, user.id);
  const cancelToken = randomToken();
  return ctx.db.transaction(async (tx) => {
    // One request at a time per account: the account's row is the lock.
    const [locked] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
    const [taken] = await tx
      .update(signInChallenges)
      .set({ usedAt: now })
      .where(and(eq(signInChallenges.id, challenge.id), isNull(signInChallenges.usedAt), gt(signInChallenges.expiresAt, now)))
      .returning({ id: signInChallenges.id });
    if (!taken || !locked || locked.tokenVersion !== challenge.tokenVersion) throw expiredChallenge();
    if (!(await hasTwoFactor(tx, user.id))) throw conflict('TWO_FACTOR_NOT_ON');
    await tx
      .update(twoFactorRecoveries)
      .set({ cancelledAt: now, cancelReason: 'expired' })
      .where(and(eq(twoFactorRecoveries.userId, user.id), open, lte(twoFactorRecoveries.finishExpiresAt, now)));
    const [waiting] = await tx
      .select()
      .from(twoFactorRecoveries)
      .where(and(eq(twoFactorRecoveries.userId, user.id), open));
    if (waiting) return { readyAt: waiting.readyAt.toISOString(), alreadyRequested: true };

    const readyAt = new Date(now.getTime() + TWO_FACTOR.recoveryWaitHours * HOUR);
    await tx.insert(twoFactorRecoveries).values({
      userId: user.id,
      tokenVersion: locked.tokenVersion,
      cancelTokenHash: sha256(cancelToken),
      userAgent: (meta.userAgent ?? '').slice(0, 400),
      ip: (meta.ip ?? '').slice(0, 64),
      place: (meta.place ?? '').slice(0, 120),
      createdAt: now,
      readyAt,
    });
    const locale = await mailTo(locked);
    const { browser, os } = describeUserAgent(meta.userAgent ?? '');
    const mail = recoveryRequestedMail(
      {
        firstName: locked.firstName,
        browser: browser && os ? `${browser}, ${os}` : browser || os,
        place: meta.place ?? '',
        when: now,
        readyAt,
        timeZone: userTimeZone(locked.timezone),
        cancelUrl: mailLink(ctx.config, '/cancel-two-step-recovery', cancelToken, locale),
      },
      locale,
    );
    await enqueueMail(tx, { kind: 'two-factor-recovery-requested', to: locked.email, ...mail });
    await recordSecurityEvent(tx, user.id, 'recovery-requested', meta);
    return { readyAt: readyAt.toISOString(), alreadyRequested: false };
  });
}

/** The account's open recovery as its signed-in sessions show it, or null. */
export async function recoveryStatus(db: DbOrTx, userId: string, now = new Date()): Promise<RecoveryStatus> {
  const [row] = await db
    .select()
    .from(twoFactorRecoveries)
    .where(and(eq(twoFactorRecoveries.userId, userId), live(now)));
  if (!row) return { recovery: null };
  return {
    recovery: {
      requestedAt: row.createdAt.toISOString(),
      readyAt: row.readyAt.toISOString(),
      ...describeUserAgent(row.userAgent),
      place: row.place,
    },
  };
}

/** A signed-in session cancels the account's open recovery (the notice's button). */
export async function cancelRecoveryFromSession(db: DbOrTx, userId: string, meta: EventMeta = {}, now = new Date()): Promise<RecoveryStatus> {
  await cancelOpenRecovery(db, userId, 'session', meta, now);
  return { recovery: null };
}

/** The recovery a mailed link names (the cancel link, or the finishing one), open and within its days; locked. */
async function recoveryOfLink(tx: DbOrTx, token: string, now: Date): Promise<TwoFactorRecoveryRow> {
  const hash = sha256(token);
  const [row] = await tx
    .select()
    .from(twoFactorRecoveries)
    .where(and(or(eq(twoFactorRecoveries.cancelTokenHash, hash), eq(twoFactorRecoveries.finishTokenHash, hash)), live(now)))
    .for('update');
  if (!row) throw badRequest('INVALID_RECOVERY_LINK');
  return row;
}

/** The cancel link of the first mail, or "cancel" on the finishing link's page: two-step verification stays on. */
export async function cancelRecoveryByLink(ctx: Pick<AppContext, 'db'>, token: string, meta: EventMeta = {}, now = new Date()): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await recoveryOfLink(tx, token, now);
    await cancelOpenRecovery(tx, row.userId, 'link', meta, now);
  });
}

/**
 * The job's work, once the wait is over (decision 201): each open recovery whose `ready_at` has come gets its finishing
 * link, made here and mailed to the account in the same transaction. Rows are claimed with FOR UPDATE SKIP LOCKED, so
 * every instance may run it and each link goes out once. A recovery whose password changed since, or whose account has
 * no two-step verification any more, is closed instead; one whose finishing link lapsed is closed as 'expired'.
 */
export async function mailReadyRecoveries(ctx: Ctx, now = new Date(), batch = 50): Promise<{ mailed: number; closed: number }> {
  return ctx.db.transaction(async (tx) => {
    const lapsed = await tx
      .update(twoFactorRecoveries)
      .set({ cancelledAt: now, cancelReason: 'expired' })
      .where(and(open, lte(twoFactorRecoveries.finishExpiresAt, now)))
      .returning({ id: twoFactorRecoveries.id });
    const due = await queryRows<{ id: string }>(
      tx,
      sql`select id from two_factor_recoveries
          where ready_mailed_at is null and completed_at is null and cancelled_at is null and ready_at <= ${now}
          order by ready_at
          limit ${batch}
          for update skip locked`,
    );
    if (!due.length) return { mailed: 0, closed: lapsed.length };
    const rows = await tx
      .select({ recovery: twoFactorRecoveries, user: users })
      .from(twoFactorRecoveries)
      .innerJoin(users, eq(users.id, twoFactorRecoveries.userId))
      .where(
        inArray(
          twoFactorRecoveries.id,
          due.map((r) => r.id),
        ),
      );
    let mailed = 0;
    let closed = lapsed.length;
    for (const { recovery, user } of rows) {
      const voided: RecoveryCancelReason | null = user.tokenVersion !== recovery.tokenVersion ? 'password-changed' : !(await hasTwoFactor(tx, user.id)) ? 'two-factor-off' : null;
      if (voided) {
        await cancelOpenRecovery(tx, user.id, voided, {}, now);
        closed++;
        continue;
      }
      const finishToken = randomToken();
      const until = new Date(now.getTime() + TWO_FACTOR.recoveryFinishDays * DAY);
      await tx
        .update(twoFactorRecoveries)
        .set({ finishTokenHash: sha256(finishToken), readyMailedAt: now, finishExpiresAt: until })
        .where(eq(twoFactorRecoveries.id, recovery.id));
      const locale = await mailTo(user);
      const mail = recoveryReadyMail(
        {
          firstName: user.firstName,
          requestedAt: recovery.createdAt,
          until,
          timeZone: userTimeZone(user.timezone),
          finishUrl: mailLink(ctx.config, '/finish-two-step-recovery', finishToken, locale),
        },
        locale,
      );
      await enqueueMail(tx, { kind: 'two-factor-recovery-ready', to: user.email, ...mail });
      mailed++;
    }
    return { mailed, closed };
  });
}

/**
 * The finishing link (mailed when the wait was over): two-step verification is turned off (the authenticator and the
 * recovery codes go; passkeys stay), every session ends, the log and a mail say so. It works once, within its days,
 * never before the wait is over, and not after the password changed. An admin signs in with the password alone after
 * it, and the admin area's gate (decision 193) asks for a new authenticator before any admin action.
 */
export async function completeRecovery(ctx: Ctx, token: string, meta: EventMeta = {}, now = new Date()): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const hash = sha256(token);
    const [row] = await tx
      .select()
      .from(twoFactorRecoveries)
      .where(and(eq(twoFactorRecoveries.finishTokenHash, hash), live(now)))
      .for('update');
    if (!row) throw badRequest('INVALID_RECOVERY_LINK');
    if (row.readyAt > now) throw badRequest('RECOVERY_NOT_READY');
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId)).for('update');
    if (!user || user.tokenVersion !== row.tokenVersion) throw badRequest('INVALID_RECOVERY_LINK');
    await removeTwoFactor(tx, user.id);
    await tx.update(twoFactorRecoveries).set({ completedAt: now }).where(eq(twoFactorRecoveries.id, row.id));
    await revokeOtherSessions(tx, user.id, null, 'two_factor_recovered');
    await recordSecurityEvent(tx, user.id, 'recovery-completed', meta);
    const locale = await mailTo(user);
    const mail = recoveryCompletedMail(
      { firstName: user.firstName, when: now, timeZone: userTimeZone(user.timezone), settingsUrl: securitySettingsUrl(ctx.config, locale) },
      locale,
    );
    await enqueueMail(tx, { kind: 'two-factor-recovery-completed', to: user.email, ...mail });
  });
}
