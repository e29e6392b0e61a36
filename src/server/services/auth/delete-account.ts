import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { outbox, users, type UserRow } from '../../db/schema';
import { safeEqual } from '../../lib/crypto';
import { runProviderCancellations } from '../billing/subscriptions/provider-cancellations';
import { checkCurrentPassword } from './check-current-password';
import { onAccountDeleted } from './on-account-deleted';
import { passwordChanged } from './sessions';
import { rememberTrial } from './trial-memory';

/**
 * Deletes the account and its personal data: sessions, tokens, usage and profile go with the user row
 * (ON DELETE CASCADE); mail not yet sent to the address is dropped. Payment records stay, as the law
 * requires, with the buyer's name and address copied on them (payments.user_id becomes NULL). The address's trial
 * is remembered as a keyed hash only.
 *
 * After commit every recurring subscription is cancelled at Razorpay at once; what fails there stays queued and is
 * retried by a periodic job (decision 063), so the answer to the customer does not wait on the provider.
 *
 * The account's password is asked for first (decision 104): an access token alone, which lives 15 minutes and may have
 * been stolen, deletes nothing. A reset or change committed since the (kept) row was read wins: the deletion is
 * refused as a session whose password changed.
 */
export async function deleteAccount(
  ctx: Pick<AppContext, 'db' | 'payments' | 'trialKey'>,
  account: { user: Pick<UserRow, 'id' | 'passwordHash'>; password: string },
  log?: FastifyBaseLogger,
): Promise<void> {
  const { db, trialKey: keyOf } = ctx;
  const userId = account.user.id;
  await checkCurrentPassword(account.user, account.password);
  const { providerCancellationIds } = await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) return { providerCancellationIds: [] };
    if (!safeEqual(user.passwordHash, account.user.passwordHash)) throw passwordChanged();
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
