import { eq } from 'drizzle-orm';
import { MSG } from '../../../shared/messages';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { consumeEmailToken } from './email-tokens';
import { hashPassword } from './passwords';
import { setPassword } from './set-password';

/**
 * Sets the password of the link's account and signs out every session. The link proved the mailbox,
 * so an account not yet verified becomes verified.
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, token, 'reset');
    if (!userId) throw new AppError('BAD_REQUEST', MSG.passwordResetLinkFailed, 'INVALID_TOKEN');
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    await setPassword(tx, user, passwordHash, { keepSessionId: null, how: 'reset', markVerified: true });
  });
}
