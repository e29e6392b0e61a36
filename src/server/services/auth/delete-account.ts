import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox, users } from '../../db/schema';
import { onAccountDeleted } from './on-account-deleted';

/**
 * Deletes the account and its personal data: sessions, tokens, usage and profile go with the user row
 * (ON DELETE CASCADE); mail not yet sent to the address is dropped. Payment records stay, as the law
 * requires, with the buyer's name and address copied on them (payments.user_id becomes NULL).
 */
export async function deleteAccount(db: Db, userId: string): Promise<{ cancelledSubscriptionIds: string[] }> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) return { cancelledSubscriptionIds: [] };
    const result = await onAccountDeleted(tx, { userId, email: user.email });
    await tx.delete(outbox).where(eq(outbox.toAddress, user.email));
    await tx.delete(users).where(eq(users.id, userId));
    return result;
  });
}
