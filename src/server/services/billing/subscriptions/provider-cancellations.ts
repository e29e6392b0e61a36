import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ProviderCancellationDto, ProviderCancellationReason, ProviderCancellationsDto } from '#shared/schemas/billing';
import type { PaymentGateway, ProviderSubscription } from '#server/adapters/payments/gateway';
import type { AppContext } from '#server/context';
import type { Db, DbOrTx } from '#server/db/client';
import { listedOrDue, queryRows } from '#server/db/client';
import { backoffMs } from '../../mail/worker';
import { CHARGEABLE_SUBSCRIPTION_STATUSES, FINISHED_SUBSCRIPTION_STATUSES } from '#shared/constants';

/**
 * Cancelling at Razorpay the subscriptions of deleted accounts (decision 063). The deleting transaction queues a row
 * per recurring subscription; the cancellation is tried at once after commit, and whatever failed is tried again by
 * a periodic job in every instance (rows claimed with FOR UPDATE SKIP LOCKED and a lease) until Razorpay accepts it.
 * There is no last attempt: a customer without an account must never be charged again. Admins see what is left.
 */
export const CANCELLATION_RETRY = { batch: 20, lockMs: 120_000, baseDelayMs: 60_000, maxDelayMs: 3_600_000 } as const;

/** Razorpay statuses after which a subscription never charges again. */
const FINISHED: readonly ProviderSubscription['status'][] = ['cancelled', 'completed', 'expired'];
/** Our statuses a successful cancellation turns into 'cancelled'. */
const CANCELLABLE = CHARGEABLE_SUBSCRIPTION_STATUSES;

type Claimed = { id: string; subscription_id: string | null; razorpay_subscription_id: string; attempts: number };

/**
 * Queues the immediate cancellation of every recurring subscription of the account that Razorpay could still charge,
 * in the caller's (deleting) transaction. Returns the ids of the rows to try at once after commit.
 */
export async function queueCancellationsOfUser(tx: DbOrTx, userId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`insert into provider_cancellations (subscription_id, razorpay_subscription_id, reason)
        select id, razorpay_subscription_id, 'account_deleted' from subscriptions
        where user_id = ${userId} and kind = 'subscription' and razorpay_subscription_id is not null
          and status not in ${FINISHED_SUBSCRIPTION_STATUSES}
        on conflict (razorpay_subscription_id) do nothing
        returning id`,
  );
  return rows.map((r) => r.id);
}

/** Queues (again) the cancellation of one subscription, due now: Razorpay charged a subscription whose account is gone. */
export async function queueCancellation(tx: DbOrTx, sub: { id: string; razorpaySubscriptionId: string }, reason: ProviderCancellationReason): Promise<void> {
  await tx.execute(
    sql`insert into provider_cancellations (subscription_id, razorpay_subscription_id, reason)
        values (${sub.id}, ${sub.razorpaySubscriptionId}, ${reason})
        on conflict (razorpay_subscription_id) do update set next_attempt_at = least(provider_cancellations.next_attempt_at, now())`,
  );
}

/** Cancels now; when Razorpay refuses, the subscription may already be over (cancelled, completed, expired): that counts. */
async function cancelNow(gateway: PaymentGateway, razorpaySubscriptionId: string): Promise<ProviderSubscription> {
  try {
    return await gateway.cancelSubscription(razorpaySubscriptionId, false);
  } catch (err) {
    const current = await gateway.fetchSubscription(razorpaySubscriptionId).catch(() => null);
    if (current && FINISHED.includes(current.status)) return current;
    throw err;
  }
}

async function claim(db: Db, now: Date, ids: string[] | undefined): Promise<Claimed[]> {
  const which = listedOrDue(ids, now);
  return queryRows<Claimed>(
    db,
    sql`update provider_cancellations
        set attempts = attempts + 1, last_attempt_at = ${now}, locked_until = ${new Date(now.getTime() + CANCELLATION_RETRY.lockMs)}
        where id in (
          select id from provider_cancellations
          where ${which} and (locked_until is null or locked_until < ${now})
          order by next_attempt_at
          limit ${CANCELLATION_RETRY.batch}
          for update skip locked)
        returning id, subscription_id, razorpay_subscription_id, attempts`,
  );
}

/**
 * One round: claims the due rows (or the given ones, due or not), cancels each at Razorpay, and deletes the row and
 * marks our subscription cancelled when it worked; on failure keeps the error and waits longer before the next try.
 */
export async function runProviderCancellations(
  ctx: Pick<AppContext, 'db' | 'payments'>,
  opts: { ids?: string[]; now?: Date; log?: FastifyBaseLogger } = {},
): Promise<{ cancelled: number; failed: number }> {
  const { db, payments: gateway } = ctx;
  if (opts.ids?.length === 0) return { cancelled: 0, failed: 0 };
  const now = opts.now ?? new Date();
  const rows = await claim(db, now, opts.ids);
  let cancelled = 0;
  let failed = 0;
  for (const row of rows) {
    try {
      const entity = await cancelNow(gateway, row.razorpay_subscription_id);
      await db.transaction(async (tx) => {
        await tx.execute(sql`delete from provider_cancellations where id = ${row.id}`);
        if (row.subscription_id && entity.status === 'cancelled') {
          await tx.execute(
            sql`update subscriptions set status = 'cancelled', cancelled_at = coalesce(cancelled_at, ${now}), updated_at = ${now}
                where id = ${row.subscription_id} and status in ${CANCELLABLE}`,
          );
        }
      });
      cancelled++;
    } catch (err) {
      failed++;
      const message = String((err as Error)?.message ?? err).slice(0, 500);
      const wait = backoffMs(row.attempts, CANCELLATION_RETRY);
      await db.execute(
        sql`update provider_cancellations set locked_until = null, last_error = ${message}, next_attempt_at = ${new Date(now.getTime() + wait)}
            where id = ${row.id}`,
      );
      opts.log?.warn(
        { razorpaySubscriptionId: row.razorpay_subscription_id, attempts: row.attempts, retryInMs: wait, err },
        'cancellation at the payment provider failed; will retry',
      );
    }
  }
  return { cancelled, failed };
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** What admins see: every cancellation still waiting, oldest first (the first 100), and how many there are. */
export async function listProviderCancellations(db: Db): Promise<ProviderCancellationsDto> {
  const rows = await queryRows<{
    id: string;
    razorpay_subscription_id: string;
    plan_name: string | null;
    reason: ProviderCancellationReason;
    attempts: number;
    last_error: string | null;
    last_attempt_at: Date | string | null;
    next_attempt_at: Date | string;
    created_at: Date | string;
    total: number;
  }>(
    db,
    sql`select pc.id, pc.razorpay_subscription_id, s.plan_name, pc.reason, pc.attempts, pc.last_error, pc.last_attempt_at,
               pc.next_attempt_at, pc.created_at, count(*) over ()::int as total
        from provider_cancellations pc left join subscriptions s on s.id = pc.subscription_id
        order by pc.created_at, pc.id
        limit 100`,
  );
  const cancellations: ProviderCancellationDto[] = rows.map((r) => ({
    id: r.id,
    razorpaySubscriptionId: r.razorpay_subscription_id,
    planName: r.plan_name,
    reason: r.reason,
    state: r.last_error ? 'failed' : 'pending',
    attempts: r.attempts,
    lastError: r.last_error,
    lastAttemptAt: iso(r.last_attempt_at),
    nextAttemptAt: iso(r.next_attempt_at)!,
    createdAt: iso(r.created_at)!,
  }));
  return { cancellations, total: rows[0]?.total ?? 0 };
}
