import { inArray, sql } from 'drizzle-orm';
import { LIVE_SUBSCRIPTION_STATUSES } from '#shared/constants';
import type { Db } from '#server/db/client';
import { queryRows } from '#server/db/client';
import { subscriptions } from '#server/db/schema';
import { applyTransition } from './apply-transition';
import { ENTITLING_STATUSES } from './entitlement-rules';
import { RENEWAL_GRACE_MS } from './period';

/**
 * Marks subscriptions past their end as expired (the lifecycle's 'expired') and moves their users back to 'free'. Rows
 * are claimed with FOR UPDATE SKIP LOCKED, so any number of instances may run this at once without doing the work
 * twice. An auto-renewing subscription gets a grace period for its renewal charge to arrive. A plan ended by a full
 * refund (decision 082) is already over and stays 'cancelled' with its reason, so the dashboard and billing keep
 * saying that it ended with a refund.
 */
export async function expireDueSubscriptions(db: Db, now = new Date(), batch = 100): Promise<number> {
  const graceSeconds = Math.round(RENEWAL_GRACE_MS / 1000);
  return db.transaction(async (tx) => {
    const due = await queryRows<{ id: string }>(
      tx,
      sql`select id from subscriptions
          where status in ${ENTITLING_STATUSES}
            and cancellation_reason is distinct from 'refunded'
            and current_end is not null
            and current_end + case when status in ${LIVE_SUBSCRIPTION_STATUSES} and not cancel_at_period_end
                                   then make_interval(secs => ${graceSeconds}) else interval '0' end < ${now}
          order by current_end
          limit ${batch}
          for update skip locked`,
    );
    if (!due.length) return 0;
    const rows = await tx
      .select()
      .from(subscriptions)
      .where(
        inArray(
          subscriptions.id,
          due.map((r) => r.id),
        ),
      );
    for (const row of rows) await applyTransition(tx, row, { type: 'expired', at: now }, { now });
    return rows.length;
  });
}
