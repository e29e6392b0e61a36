import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { EMAIL_CHANGE } from '#shared/constants';
import { userTimeZone } from '#shared/dates';
import type { AppContext } from '#server/context';
import { emailChanges, users, type UserRow } from '#server/db/schema';
import { randomToken, sha256 } from '#server/lib/crypto';
import { badRequest } from '#server/lib/errors';
import { enqueueMail } from '../mail/outbox';
import { emailChangeConfirmMail, emailChangeNoticeMail, emailChangeTakenMail } from '../mail/templates/email-change';
import { loadMailTexts, mailLocale } from '../mail/texts';
import { retireEmailTokens } from './email-tokens';
import { lockForNewPassword, recordRemovedFactors } from './lock-account';
import { mailLink } from './links';
import { recordSecurityEvent, type EventMeta } from './security-log';

type Ctx = Pick<AppContext, 'db' | 'config'>;

const HOUR = 3_600_000;

/**
 * Asks to move the account to `newEmail` (issue 36, decision 194), behind step-up. The new address gets a link that
 * confirms it (EMAIL_CHANGE.confirmHours); the old address is told at once, with a link that undoes the change
 * (EMAIL_CHANGE.undoDays, before or after the confirmation). When the new address already has an account, its owner
 * is told so instead of getting a link; the answer is the same either way, so it tells nobody whose address it is.
 * A newer request cancels one still waiting.
 */
export async function requestEmailChange(ctx: Ctx, user: UserRow, newEmail: string, meta: EventMeta = {}, now = new Date()): Promise<void> {
  if (newEmail === user.email) throw badRequest('EMAIL_UNCHANGED');
  const confirmToken = randomToken();
  const undoToken = randomToken();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(emailChanges)
      .set({ cancelledAt: now })
      .where(and(eq(emailChanges.userId, user.id), isNull(emailChanges.confirmedAt), isNull(emailChanges.cancelledAt), isNull(emailChanges.undoneAt)));
    await tx.insert(emailChanges).values({
      userId: user.id,
      oldEmail: user.email,
      newEmail,
      confirmTokenHash: sha256(confirmToken),
      undoTokenHash: sha256(undoToken),
      confirmExpiresAt: new Date(now.getTime() + EMAIL_CHANGE.confirmHours * HOUR),
      undoExpiresAt: new Date(now.getTime() + EMAIL_CHANGE.undoDays * 24 * HOUR),
      createdAt: now,
    });
    const locale = mailLocale(user.language);
    await loadMailTexts(locale);
    const [taken] = await tx.select({ id: users.id, firstName: users.firstName, language: users.language }).from(users).where(eq(users.email, newEmail));
    if (taken) {
      const theirs = mailLocale(taken.language);
      await loadMailTexts(theirs);
      await enqueueMail(tx, { kind: 'email-change-taken', to: newEmail, ...emailChangeTakenMail({ firstName: taken.firstName }, theirs) });
    } else {
      const url = mailLink(ctx.config, '/confirm-email-change', confirmToken, locale);
      await enqueueMail(tx, { kind: 'email-change-confirm', to: newEmail, ...emailChangeConfirmMail({ firstName: user.firstName, newEmail, url }, locale) });
    }
    const undoUrl = mailLink(ctx.config, '/undo-email-change', undoToken, locale);
    const notice = emailChangeNoticeMail({ firstName: user.firstName, newEmail, when: now, timeZone: userTimeZone(user.timezone), undoUrl }, locale);
    await enqueueMail(tx, { kind: 'email-change-notice', to: user.email, ...notice });
    await recordSecurityEvent(tx, user.id, 'email-change-requested', meta, newEmail);
  });
}

/** The link to the new address: the account's address is now it, verified. The link works once, within its hours. */
export async function confirmEmailChange(ctx: Pick<AppContext, 'db'>, token: string, meta: EventMeta = {}, now = new Date()): Promise<{ email: string }> {
  return ctx.db.transaction(async (tx) => {
    const [change] = await tx
      .select()
      .from(emailChanges)
      .where(
        and(
          eq(emailChanges.confirmTokenHash, sha256(token)),
          isNull(emailChanges.confirmedAt),
          isNull(emailChanges.cancelledAt),
          isNull(emailChanges.undoneAt),
          gt(emailChanges.confirmExpiresAt, now),
        ),
      )
      .for('update');
    if (!change) throw badRequest('INVALID_EMAIL_CHANGE_LINK');
    const [user] = await tx.select().from(users).where(eq(users.id, change.userId)).for('update');
    // The account moved on since (another change, undone): this link is for an address it no longer has.
    if (!user || user.email !== change.oldEmail) throw badRequest('INVALID_EMAIL_CHANGE_LINK');
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.email, change.newEmail));
    if (owner) throw badRequest('INVALID_EMAIL_CHANGE_LINK');
    await tx.update(users).set({ email: change.newEmail, isEmailVerified: true, updatedAt: now }).where(eq(users.id, user.id));
    await tx.update(emailChanges).set({ confirmedAt: now }).where(eq(emailChanges.id, change.id));
    // Links mailed to the old address (a password reset, a verification) stop working.
    for (const purpose of ['verify', 'reset'] as const) await retireEmailTokens(tx, user.id, purpose);
    await recordSecurityEvent(tx, user.id, 'email-changed', meta, change.newEmail);
    return { email: change.newEmail };
  });
}

/**
 * "This wasn't me", from the old address (within EMAIL_CHANGE.undoDays of the request): the change waiting is
 * cancelled, or the one made is undone (the old address back, when nobody took it since); every session ends, the
 * password stops working, and the answer is a password reset link's token, so the owner chooses a new one at once.
 */
export async function undoEmailChange(ctx: Pick<AppContext, 'db'>, token: string, meta: EventMeta = {}, now = new Date()): Promise<{ email: string; resetToken: string }> {
  return ctx.db.transaction(async (tx) => {
    const [change] = await tx
      .select()
      .from(emailChanges)
      .where(and(eq(emailChanges.undoTokenHash, sha256(token)), isNull(emailChanges.undoneAt), gt(emailChanges.undoExpiresAt, now)))
      .for('update');
    if (!change) throw badRequest('INVALID_EMAIL_CHANGE_LINK');
    const [user] = await tx.select().from(users).where(eq(users.id, change.userId)).for('update');
    if (!user) throw badRequest('INVALID_EMAIL_CHANGE_LINK');
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, change.oldEmail));
    const email = !taken || taken.id === user.id ? change.oldEmail : user.email;
    if (email !== user.email) await tx.update(users).set({ email, updatedAt: now }).where(eq(users.id, user.id));
    await tx
      .update(emailChanges)
      .set({ undoneAt: now, cancelledAt: sql`coalesce(${emailChanges.cancelledAt}, now())` })
      .where(eq(emailChanges.userId, user.id));
    const { resetToken, removed } = await lockForNewPassword(tx, user.id, 'email_change_undone', new Date(change.createdAt.getTime() - EMAIL_CHANGE.disownHours * HOUR), now);
    await recordRemovedFactors(tx, user.id, removed, meta);
    await recordSecurityEvent(tx, user.id, 'email-change-undone', meta, email);
    return { email, resetToken };
  });
}
