import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { outbox, users } from '../../db/schema';
import { runProviderCancellations } from '../billing/provider-cancellations';
import { onAccountDeleted } from './on-account-deleted';
import { rememberTrial } from './trial-memory';

/**
 * Deletes the account and its personal data: sessions, tokens, usage and profile go with the user row
 * (ON DELETE CASCADE); mail not yet sent to the address is dropped. Payment records stay, as the law
 * requires, with the buyer's name and address copied on them (payments.user_id becomes NULL). The address's trial
 * is remembered as a keyed hash only.
 *
 * After commit every recurring subscription is cancelled at Razorpay at once; what fails there stays queued and is
 * retried by a periodic job (decision 063), so the answer to the customer does not wait on the provider.
 */
export async function deleteAccount(ctx: Pick<AppContext, 'db' | 'payments' | 'trialKey'>, userId: string, log?: FastifyBaseLogger): Promise<void> {
  const { db, trialKey: keyOf } = ctx;
  const { providerCancellationIds } = await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) return { providerCancellationIds: [] };
    const result = await onAccountDeleted(tx, { userId, email: user.email });
    await rememberTrial(tx, keyOf(user.email));
    await tx.delete(outbox).where(eq(outbox.toAddress, user.email));
    await tx.delete(users).where(eq(users.id, userId));
    return result;
  });
  try {
    await runProviderCancellations(ctx, { ids: providerCancellationIds, log });
  } catch (err) {
    log?.error({ err }, 'cancelling at the payment provider after an account deletion failed; the periodic job retries');
  }
}
