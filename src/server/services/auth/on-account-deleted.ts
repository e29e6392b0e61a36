import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/client';

export type DeletedAccount = { userId: string; email: string };

/**
 * What the rest of the product does when an account is deleted, inside the deleting transaction and
 * before the user row goes (subscriptions.user_id becomes NULL with it).
 *
 * Running subscriptions are set to end at the end of the paid period, and no renewal follows.
 * Billing extends this (the Razorpay cancellation call) and may return more work to run after commit.
 */
export async function onAccountDeleted(tx: Tx, account: DeletedAccount): Promise<{ cancelledSubscriptionIds: string[] }> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update subscriptions
        set cancel_at_period_end = true,
            cancelled_at = coalesce(cancelled_at, now()),
            cancellation_reason = coalesce(cancellation_reason, 'Account deleted'),
            updated_at = now()
        where user_id = ${account.userId} and status in ('active', 'authenticated', 'pending', 'created', 'halted')
        returning id`,
  );
  return { cancelledSubscriptionIds: rows.map((r) => r.id) };
}
