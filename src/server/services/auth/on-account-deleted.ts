import { sql } from 'drizzle-orm';
import { CHARGEABLE_SUBSCRIPTION_STATUSES } from '#shared/constants';
import type { Tx } from '../../db/client';
import { queueCancellationsOfUser } from '../billing/subscriptions/provider-cancellations';

export type DeletedAccount = { userId: string; email: string };

/**
 * What the rest of the product does when an account is deleted, inside the deleting transaction and
 * before the user row goes (subscriptions.user_id becomes NULL with it).
 *
 * Running subscriptions stop renewing, and every recurring one is queued for an immediate cancellation at Razorpay
 * (decision 063): the caller tries those after commit, and a periodic job retries whatever failed.
 */
export async function onAccountDeleted(tx: Tx, account: DeletedAccount): Promise<{ providerCancellationIds: string[] }> {
  await tx.execute(
    sql`update subscriptions
        set cancel_at_period_end = true,
            cancelled_at = coalesce(cancelled_at, now()),
            cancellation_reason = coalesce(cancellation_reason, 'Account deleted'),
            end_reason = coalesce(end_reason, 'account_deleted'),
            end_reason_at = coalesce(end_reason_at, now()),
            updated_at = now()
        where user_id = ${account.userId} and status in ${CHARGEABLE_SUBSCRIPTION_STATUSES.filter((s) => s !== 'expired')}`,
  );
  return { providerCancellationIds: await queueCancellationsOfUser(tx, account.userId) };
}
