import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { consumeEmailToken } from './email-tokens';
import { hashNewPassword } from './passwords';
import type { EventMeta } from './security-log';
import { setPassword } from './set-password';
import { markEmailVerified } from './trial';

/**
 * Sets the password of the link's account and signs out every session. The link proved the mailbox,
 * so an account not yet verified becomes verified, and its trial starts (decision 067).
 */
export async function resetPassword(ctx: Pick<AppContext, 'db' | 'trialKey'>, token: string, password: string, meta?: EventMeta): Promise<void> {
  const { db, trialKey: keyOf } = ctx;
  const passwordHash = await hashNewPassword(password);
  await db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, token, 'reset');
    if (!userId) throw new AppError('BAD_REQUEST', 'INVALID_RESET_TOKEN');
    const [locked] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    const { user } = await markEmailVerified(tx, keyOf, locked);
    await setPassword(tx, user, passwordHash, { keepSessionId: null, how: 'reset', meta });
  });
}
