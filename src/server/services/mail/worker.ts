import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db } from '../../db/client';
import type { MailAttachment } from '../../db/schema';
import type { MailTransport } from '../../adapters/mail/smtp';
import type { Job } from '../../lib/jobs';

export type WorkerOptions = {
  /** Rows claimed per round. */
  batch: number;
  /** How long a claimed row stays invisible to other instances while it is being sent. */
  lockMs: number;
  /** Attempts before a mail is given up as failed. */
  maxAttempts: number;
  /** First retry delay; each further retry waits twice as long, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  pollMs: number;
};

export const DEFAULT_WORKER_OPTIONS: WorkerOptions = { batch: 10, lockMs: 120_000, maxAttempts: 8, baseDelayMs: 30_000, maxDelayMs: 3_600_000, pollMs: 2000 };

type ClaimedRow = { id: string; to_address: string; subject: string; html: string; text: string; attachments: MailAttachment[] | null; attempts: number };

/** The wait before retry number `attempts` (1-based): exponential with a little jitter so instances do not retry in step. */
export function backoffMs(attempts: number, opts: Pick<WorkerOptions, 'baseDelayMs' | 'maxDelayMs'>, random = Math.random): number {
  const exp = Math.min(opts.maxDelayMs, opts.baseDelayMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exp * (0.9 + random() * 0.2));
}

/**
 * Claims due mails. FOR UPDATE SKIP LOCKED lets several instances claim at the same moment without
 * waiting on each other or taking the same row; the lease (locked_until) keeps a row away from
 * the others while it is sent, and hands it back if this instance dies mid-send.
 */
export async function claimDueMails(db: Db, opts: Pick<WorkerOptions, 'batch' | 'lockMs'>): Promise<ClaimedRow[]> {
  return queryRows<ClaimedRow>(
    db,
    sql`update outbox set attempts = attempts + 1, locked_until = now() + make_interval(secs => ${opts.lockMs / 1000})
        where id in (
          select id from outbox
          where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
          order by next_attempt_at
          limit ${opts.batch}
          for update skip locked
        )
        returning id, to_address, subject, html, text, attachments, attempts`,
  );
}

/** One round: claim, send, record. Returns how many were sent and how many failed this round. */
export async function deliverDueMails(
  db: Db,
  transport: MailTransport,
  opts: WorkerOptions = DEFAULT_WORKER_OPTIONS,
  log?: FastifyBaseLogger,
): Promise<{ sent: number; failed: number }> {
  const rows = await claimDueMails(db, opts);
  let sent = 0;
  let failed = 0;
  // The rows of a batch are sent side by side (the transport keeps a few connections open): one mail's SMTP
  // conversation takes some 100 ms even on this machine, so one at a time an instance sent about ten a second.
  await Promise.all(
    rows.map(async (row) => {
      try {
        await transport.send({ to: row.to_address, subject: row.subject, html: row.html, text: row.text, attachments: row.attachments });
        await db.execute(sql`update outbox set status = 'sent', sent_at = now(), locked_until = null, last_error = null where id = ${row.id}`);
        sent++;
      } catch (err) {
        failed++;
        const message = String((err as Error)?.message ?? err).slice(0, 500);
        if (row.attempts >= opts.maxAttempts) {
          await db.execute(sql`update outbox set status = 'failed', locked_until = null, last_error = ${message} where id = ${row.id}`);
          log?.error({ mailId: row.id, attempts: row.attempts }, 'mail given up after the last attempt');
        } else {
          const wait = backoffMs(row.attempts, opts);
          await db.execute(
            sql`update outbox set locked_until = null, last_error = ${message}, next_attempt_at = now() + make_interval(secs => ${wait / 1000}) where id = ${row.id}`,
          );
          log?.warn({ mailId: row.id, attempts: row.attempts, retryInMs: wait }, 'mail delivery failed; will retry');
        }
      }
    }),
  );
  return { sent, failed };
}

/**
 * The loop that delivers the outbox over SMTP, when SMTP_URL is set (composition.ts adds it to the app's job runner).
 * Without it mail stays in the outbox, readable at /dev/mailbox (R-D2.1).
 */
export function mailDeliveryJob(db: Db, transport: MailTransport, log: FastifyBaseLogger, options: Partial<WorkerOptions> = {}): Job {
  const opts = { ...DEFAULT_WORKER_OPTIONS, ...options };
  return {
    name: 'mail delivery',
    everyMs: opts.pollMs,
    // A full batch means more may be due: the next is claimed at once, for up to one poll interval, so a backlog (a
    // burst of sign-ups or contact messages) drains at the SMTP server's pace rather than one batch per poll (10 mails
    // every 2 s was below what a busy instance writes). The run still ends within about a poll interval, so a drain or
    // a close never waits long for it.
    run: async () => {
      const until = Date.now() + opts.pollMs;
      for (;;) {
        const { sent, failed } = await deliverDueMails(db, transport, opts, log);
        if (sent + failed < opts.batch || Date.now() >= until) return null;
      }
    },
  };
}
