import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { consumeEmailToken, ownerOfEmailToken } from './email-tokens';
import { markEmailVerified } from './trial';

export type VerifyOutcome = { email: string; outcome: 'verified'; trialStarted: boolean } | { email: string; outcome: 'already-verified' };

/**
 * Marks the address of the link's account verified and starts its trial; the link works once, for 24 hours.
 *
 * A link of an account that is verified already (the link clicked twice, or after a newer link or a password reset
 * verified the address) answers 'already-verified' instead of failing, used or expired: whoever holds the link
 * holds the mail it came in, so that tells them nothing new. A link that is unknown, or whose account is still
 * unverified and the link used or expired, fails as before.
 */
export async function verifyEmail(ctx: Pick<AppContext, 'db' | 'trialKey'>, token: string, now = new Date()): Promise<VerifyOutcome> {
  const { db, trialKey: keyOf } = ctx;
  return db.transaction(async (tx) => {
    const consumed = await consumeEmailToken(tx, token, 'verify');
    const userId = consumed ?? (await ownerOfEmailToken(tx, token, 'verify'));
    const [user] = userId ? await tx.select().from(users).where(eq(users.id, userId)).for('update') : [];
    if (user?.isEmailVerified) return { email: user.email, outcome: 'already-verified' as const };
    // Only a link used just now verifies: a used or expired link of an unverified account stays refused.
    if (!user || !consumed) throw new AppError('BAD_REQUEST', 'INVALID_VERIFICATION_TOKEN');
    const { trialStarted } = await markEmailVerified(tx, keyOf, user, now);
    return { email: user.email, outcome: 'verified' as const, trialStarted };
  });
}
