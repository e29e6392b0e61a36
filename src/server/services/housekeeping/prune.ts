import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { ROLL_UP_AFTER_DAYS } from './roll-up-after';

const DAY_MS = 86_400_000;

/**
 * How long rows that have done their job are kept. Sessions and e-mail links (a new sign-in's "This wasn't me" too,
 * decision 200) a month after they ended (the sessions list and support questions look back that far; refresh tokens
 * go with their session); mail three months after it was sent or given up; Razorpay webhook events a year (their ids
 * keep a redelivery from being applied twice, and Razorpay stops redelivering after a day); the idempotency keys of
 * usage batches 8 days (a day longer than a report may be dated back, decision 106, so a batch sent again within its
 * week adds nothing); an account's security log 400 days (a year and a season to look back on, issue 36); the sign-in
 * and WebAuthn challenges a day after they expired (used or not, they open nothing after their minutes).
 * Downloads and usage reports are rolled up into daily counts after ROLL_UP_AFTER_DAYS (roll-up.ts).
 */
export const RETENTION_DAYS = {
  sessions: 30,
  emailTokens: 30,
  outbox: 90,
  webhookEvents: 365,
  ...ROLL_UP_AFTER_DAYS,
  usageBatches: 8,
  securityEvents: 400,
  challenges: 1,
} as const;

/** Rows deleted per statement, so no delete holds its locks for long; and statements per table per run. */
const BATCH = 1000;
const MAX_BATCHES = 50;

export type PruneCounts = {
  sessions: number;
  emailTokens: number;
  signInNotices: number;
  outbox: number;
  webhookEvents: number;
  usageBatches: number;
  securityEvents: number;
  signInChallenges: number;
  webauthnChallenges: number;
};

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
 * both pick is deleted by one and skipped by the other. Accounts, subscriptions, payments, posts and contact
 * messages are never touched; usage reports and downloads are rolled up, not deleted (roll-up.ts).
 */
export async function pruneOldRows(db: Db, now = new Date()): Promise<PruneCounts> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const sessionsCut = before(RETENTION_DAYS.sessions);
  const tokensCut = before(RETENTION_DAYS.emailTokens);
  const outboxCut = before(RETENTION_DAYS.outbox);
  const webhooksCut = before(RETENTION_DAYS.webhookEvents);
  const batchesCut = before(RETENTION_DAYS.usageBatches);
  const securityCut = before(RETENTION_DAYS.securityEvents);
  const challengesCut = before(RETENTION_DAYS.challenges);
  return {
    sessions: await deleteInBatches(db, sql`sessions`, sql`id`, sql`expires_at < ${sessionsCut} or revoked_at < ${sessionsCut}`),
    emailTokens: await deleteInBatches(db, sql`email_tokens`, sql`id`, sql`expires_at < ${tokensCut}`),
    signInNotices: await deleteInBatches(db, sql`sign_in_notices`, sql`id`, sql`expires_at < ${tokensCut}`),
    outbox: await deleteInBatches(db, sql`outbox`, sql`id`, sql`status in ('sent', 'failed') and coalesce(sent_at, created_at) < ${outboxCut}`),
    webhookEvents: await deleteInBatches(db, sql`webhook_events`, sql`id`, sql`processed_at is not null and received_at < ${webhooksCut}`),
    usageBatches: await deleteInBatches(db, sql`usage_batches`, sql`ctid`, sql`received_at < ${batchesCut}`),
    securityEvents: await deleteInBatches(db, sql`security_events`, sql`id`, sql`created_at < ${securityCut}`),
    signInChallenges: await deleteInBatches(db, sql`sign_in_challenges`, sql`id`, sql`expires_at < ${challengesCut}`),
    webauthnChallenges: await deleteInBatches(db, sql`webauthn_challenges`, sql`id`, sql`expires_at < ${challengesCut}`),
  };
}
