import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { users } from '#server/db/schema';
import { randomToken } from '#server/lib/crypto';
import { issueEmailToken, retireEmailTokens } from './email-tokens';
import { revokeOtherSessions, type RevokeReason } from './sessions';

/**
 * The step of every "This wasn't me" (an e-mail change's undo, decision 194; a new sign-in's, decision 200), in the
 * caller's transaction with the account's row locked: every session ends, the desktop program's too, and every sign-in
 * proof with them; the password stops working (whoever did it may know it) and no password opens the account until its
 * owner sets one; the links mailed before (verification, reset) stop working. The answer is the token of a new
 * password reset link, so the owner chooses a new password at once.
 */
export async function lockForNewPassword(tx: DbOrTx, userId: string, reason: RevokeReason, now = new Date()): Promise<string> {
  await tx
    .update(users)
    .set({ passwordHash: `!locked:${randomToken()}`, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
    .where(eq(users.id, userId));
  await revokeOtherSessions(tx, userId, null, reason);
  for (const purpose of ['verify', 'reset'] as const) await retireEmailTokens(tx, userId, purpose);
  return issueEmailToken(tx, userId, 'reset');
}
