import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '#server/context';
import type { DbOrTx } from '#server/db/client';
import { queryRows } from '#server/db/client';
import { documentOutbox, payments, type DocumentMail } from '#server/db/schema';
import type { Job } from '#server/lib/jobs';
import { enqueueMail, pdfAttachment } from '../../mail/outbox';
import { creditNoteFor } from './credit-note-download';
import { receiptFor } from './receipt-download';

/**
 * Receipts and credit notes are drawn after the commit (decision 160). The transaction that records a payment or a
 * refund numbers its document (invoice series, receipt number) and writes the mail that goes with it to
 * document_outbox; drawing the PDF, fonts and all, waits for the commit, so no invoice-series, user or subscription
 * lock is held while it is drawn. Right after the commit the caller draws what it queued (drawQueuedDocuments); a
 * crash in between leaves the row, which the job draws within a minute. The PDF is the one the download gives.
 */
export const DOCUMENT_OUTBOX = { batch: 10, leaseMs: 120_000, everyMs: 15_000 } as const;

type Queued = { kind: 'receipt'; paymentId: string } | { kind: 'credit_note'; paymentId: string; refundId: string };

/** In the transaction that numbered the document: its mail (all but the PDF), drawn and sent after the commit. */
export async function queueDocumentMail(tx: DbOrTx, document: Queued, mail: DocumentMail): Promise<void> {
  await tx.insert(documentOutbox).values({ kind: document.kind, paymentId: document.paymentId, refundId: document.kind === 'credit_note' ? document.refundId : null, mail });
}

/** The PDF of a queued document, drawn as its download draws it; null when it no longer exists. */
export type DrawDocument = (row: typeof documentOutbox.$inferSelect) => Promise<Buffer | null>;

export const drawnAsDownloaded =
  (ctx: Pick<AppContext, 'db' | 'config'>): DrawDocument =>
  async (row) => {
    const [payment] = await ctx.db.select({ userId: payments.userId }).from(payments).where(eq(payments.id, row.paymentId));
    if (!payment) return null;
    if (row.kind === 'credit_note') return (await creditNoteFor(ctx, null, row.paymentId, row.refundId!)).pdf;
    // The receipt of a payment whose account was deleted meanwhile is sent to nobody.
    return payment.userId ? (await receiptFor(ctx, payment.userId, row.paymentId)).pdf : null;
  };

/**
 * Draws the queued documents and queues their mails with the PDF attached. Each row is claimed for a lease in its own
 * short statement (FOR UPDATE SKIP LOCKED), drawn with no transaction open, then its mail queued and the row deleted
 * in one transaction. A drawing that fails is tried again when the lease runs out.
 */
export async function drawQueuedDocuments(
  ctx: Pick<AppContext, 'db' | 'config'>,
  opts: { log?: Pick<FastifyBaseLogger, 'warn'>; now?: Date; draw?: DrawDocument } = {},
): Promise<{ sent: number; failed: number }> {
  const now = opts.now ?? new Date();
  const draw = opts.draw ?? drawnAsDownloaded(ctx);
  const claimed = await queryRows<{ id: string }>(
    ctx.db,
    sql`update document_outbox set locked_until = ${new Date(now.getTime() + DOCUMENT_OUTBOX.leaseMs)}, attempts = attempts + 1
        where id in (select id from document_outbox where locked_until is null or locked_until < ${now}
                     order by created_at limit ${DOCUMENT_OUTBOX.batch} for update skip locked)
        returning id`,
  );
  let sent = 0;
  let failed = 0;
  for (const { id } of claimed) {
    const [row] = await ctx.db.select().from(documentOutbox).where(eq(documentOutbox.id, id));
    if (!row) continue;
    try {
      const pdf = await draw(row);
      await ctx.db.transaction(async (tx) => {
        if (pdf) {
          const { fileName, ...mail } = row.mail;
          await enqueueMail(tx, { ...mail, attachments: [pdfAttachment(fileName, pdf)] });
        }
        await tx.delete(documentOutbox).where(eq(documentOutbox.id, row.id));
      });
      if (pdf) sent += 1;
    } catch (err) {
      failed += 1;
      await ctx.db
        .update(documentOutbox)
        .set({ lastError: String(err).slice(0, 500) })
        .where(eq(documentOutbox.id, row.id));
      opts.log?.warn({ documentId: row.id, kind: row.kind, attempts: row.attempts, err }, 'drawing a receipt or credit note failed');
    }
  }
  return { sent, failed };
}

/** Draws, in every instance, the documents a crash left queued between their commit and their drawing. */
export function documentOutboxJob(ctx: Pick<AppContext, 'db' | 'config' | 'log'>): Job {
  return {
    name: 'receipts and credit notes drawn after their commit',
    everyMs: DOCUMENT_OUTBOX.everyMs,
    run: async () => {
      const done = await drawQueuedDocuments(ctx, { log: ctx.log });
      return done.sent || done.failed ? done : null;
    },
  };
}
