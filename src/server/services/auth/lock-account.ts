import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { passkeys, recoveryCodes, totpFactors, users } from '#server/db/schema';
import { randomToken } from '#server/lib/crypto';
import { issueEmailToken, retireEmailTokens } from './email-tokens';
import { recordSecurityEvent, type EventMeta } from './security-log';
import { revokeOtherSessions, type RevokeReason } from './sessions';

/**
 * The step of every "This wasn't me" (an e-mail change's undo, decision 194; a new sign-in's, decision 200), in the
 * caller's transaction with the account's row locked: every session ends, the desktop program's too, and every sign-in
 * proof with them; the password stops working (whoever did it may know it) and no password opens the account until its
 * owner sets one; the links mailed before (verification, reset) stop working. The answer is the token of a new
 * password reset link, so the owner chooses a new password at once.
 *
 * `since`: when what the owner disowns began (the change asked for, the sign-in told of). The ways in added from then
 * on go too: a passkey signs in without the password, so one an intruder added would outlive all of the above; an
 * authenticator turned on since (with its recovery codes) would lock the owner out of their own new password. Returns
 * how many of each went, for the security log.
 */
export async function lockForNewPassword(
  tx: DbOrTx,
  userId: string,
  reason: RevokeReason,
  since: Date,
  now = new Date(),
): Promise<{ resetToken: string; removed: { passkeys: string[]; authenticator: boolean } }> {
  await tx
    .update(users)
    .set({ passwordHash: `!locked:${randomToken()}`, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
    .where(eq(users.id, userId));
  await revokeOtherSessions(tx, userId, null, reason);
  for (const purpose of ['verify', 'reset'] as const) await retireEmailTokens(tx, userId, purpose);
  const gonePasskeys = await tx
    .delete(passkeys)
    .where(and(eq(passkeys.userId, userId), gte(passkeys.createdAt, since)))
    .returning({ name: passkeys.name });
  const goneFactor = await tx
    .delete(totpFactors)
    .where(and(eq(totpFactors.userId, userId), gte(totpFactors.createdAt, since)))
    .returning({ userId: totpFactors.userId });
  if (goneFactor.length) await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  return { resetToken: await issueEmailToken(tx, userId, 'reset'), removed: { passkeys: gonePasskeys.map((p) => p.name), authenticator: goneFactor.length > 0 } };
}

/** Tells the security log of the ways in lockForNewPassword removed. */
export async function recordRemovedFactors(tx: DbOrTx, userId: string, removed: { passkeys: string[]; authenticator: boolean }, meta: EventMeta): Promise<void> {
  for (const name of removed.passkeys) await recordSecurityEvent(tx, userId, 'passkey-removed', meta, name);
  if (removed.authenticator) await recordSecurityEvent(tx, userId, 'two-factor-off', meta);
}
