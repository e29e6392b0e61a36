import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';

const DAY_MS = 86_400_000;

/**
 * How long rows that have done their job are kept. Sessions and e-mail links a month after they ended (the
 * sessions list and support questions look back that far; refresh tokens go with their session); mail three
 * months after it was sent or given up; Razorpay webhook events a year (their ids keep a redelivery from being
 * applied twice, and Razorpay stops redelivering after a day).
 */
export const RETENTION_DAYS = { sessions: 30, emailTokens: 30, outbox: 90, webhookEvents: 365 } as const;

/** Rows deleted per statement, so no delete holds its locks for long; and statements per table per run. */
const BATCH = 1000;
const MAX_BATCHES = 50;

export type PruneCounts = { sessions: number; emailTokens: number; outbox: number; webhookEvents: number };

async function deleteInBatches(db: Db, table: SQL, key: SQL, condition: SQL): Promise<number> {
  let total = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const rows = await queryRows<{ n: number }>(
      db,
      sql`with gone as (delete from ${table} where ${key} in (select ${key} from ${table} where ${condition} limit ${BATCH}) returning 1)
          select count(*)::int as n from gone`,
    );
    const n = rows[0]?.n ?? 0;
    total += n;
    if (n < BATCH) break;
  }
  return total;
}

/**
 * Deletes what has served its purpose (see RETENTION_DAYS). Safe in every instance at once: a row two instances
 * both pick is deleted by one and skipped by the other. Accounts, subscriptions, payments, posts, contact
 * messages and usage are never touched.
 */
export async function pruneOldRows(db: Db, now = new Date()): Promise<PruneCounts> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const sessionsCut = before(RETENTION_DAYS.sessions);
  const tokensCut = before(RETENTION_DAYS.emailTokens);
  const outboxCut = before(RETENTION_DAYS.outbox);
  const webhooksCut = before(RETENTION_DAYS.webhookEvents);
  return {
    sessions: await deleteInBatches(db, sql`sessions`, sql`id`, sql`expires_at < ${sessionsCut} or revoked_at < ${sessionsCut}`),
    emailTokens: await deleteInBatches(db, sql`email_tokens`, sql`id`, sql`expires_at < ${tokensCut}`),
    outbox: await deleteInBatches(db, sql`outbox`, sql`id`, sql`status in ('sent', 'failed') and coalesce(sent_at, created_at) < ${outboxCut}`),
    webhookEvents: await deleteInBatches(db, sql`webhook_events`, sql`id`, sql`processed_at is not null and received_at < ${webhooksCut}`),
  };
}
