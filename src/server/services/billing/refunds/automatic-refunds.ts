import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '#server/context';
import type { Db, Tx } from '#server/db/client';
import { listedOrDue, queryRows } from '#server/db/client';
import { payments, refunds, type PaymentRow } from '#server/db/schema';
import { AppError } from '#server/lib/errors';
import { backoffMs } from '../../mail/worker';
import { applyProviderRefund, refundedOf, type RefundEffects } from './apply-refund';
import { paidPaise } from '../payments/paid';
import { runProviderCancellations } from '../subscriptions/provider-cancellations';
import { drawQueuedDocuments } from '../tax-documents/document-outbox';

/**
 * Money that bought nothing goes back by itself (decision 110). A successful payment that starts no plan (paid in a
 * checkout a newer one replaced, a second paid plan, a plan change whose credit lapsed, a charge after the account was
 * deleted) is marked `not_applied` in the transaction that records it, and the refund of all of it is held there, as a
 * `refunds` row of source 'system': the payment id is unique, so however many verifications and webhooks race, one
 * transaction records the payment and holds its refund, once. After the commit the refund is asked of Razorpay
 * (`runAutomaticRefunds`), the row claimed with a lease so two instances never ask twice at once; what failed is asked
 * again by a job. Razorpay refuses a refund beyond what is left of a payment, so even a repeated request cannot pay
 * back twice. Razorpay's answer goes through `applyProviderRefund` like any refund: the credit note (decision 083), the
 * mail saying why, and the audit entry by the system, once per refund.
 */
export type NotAppliedReason = NonNullable<PaymentRow['notApplied']>;

/** The reason kept with the automatic refund (admin's history and audit log, the credit note's reason). */
export const NOT_APPLIED_REFUND_REASONS: Record<NotAppliedReason, string> = {
  checkout_replaced: 'Paid in a checkout that a newer one had replaced: it bought nothing (refunded automatically)',
  duplicate_purchase: 'Paid while another plan was active: it bought nothing (refunded automatically)',
  credit_lapsed: 'Paid after the plan-change credit it was priced with had lapsed: it bought nothing (refunded automatically)',
  account_deleted: 'Charged after the account was deleted: it bought nothing (refunded automatically)',
};

export const AUTOMATIC_REFUND_RETRY = { batch: 20, lockMs: 120_000, baseDelayMs: 60_000, maxDelayMs: 3_600_000 } as const;

/** What a recorded payment leaves for after the commit: cancellations at Razorpay and refunds to ask for at once. */
export type AfterCommit = { cancellations: boolean; refunds: string[] };

/**
 * In the transaction that records the payment (its row locked): marks it as having bought nothing and, once it is
 * captured, holds the refund of all that is left of it. Called again when an authorised payment becomes captured.
 */
export async function holdAutomaticRefund(tx: Tx, payment: PaymentRow, reason: NotAppliedReason, after: AfterCommit): Promise<void> {
  if (payment.notApplied !== reason) await tx.update(payments).set({ notApplied: reason }).where(eq(payments.id, payment.id));
  if (payment.status !== 'captured') return;
  const [held] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.paymentId, payment.id), eq(refunds.source, 'system'), ne(refunds.status, 'failed')));
  if (held) return;
  const left = paidPaise(payment) - (await refundedOf(tx, payment.id));
  if (left <= 0) return;
  const [row] = await tx
    .insert(refunds)
    .values({
      paymentId: payment.id,
      amountPaise: left,
      currency: payment.currency,
      reason: NOT_APPLIED_REFUND_REASONS[reason],
      status: 'created',
      source: 'system',
      nextAttemptAt: new Date(),
    })
    .returning({ id: refunds.id });
  after.refunds.push(row!.id);
}

type Claimed = { id: string; payment_id: string; amount_paise: number; reason: string; attempts: number };

async function claim(db: Db, now: Date, ids: string[] | undefined): Promise<Claimed[]> {
  const which = listedOrDue(ids, now);
  return queryRows<Claimed>(
    db,
    sql`update refunds
        set attempts = attempts + 1, locked_until = ${new Date(now.getTime() + AUTOMATIC_REFUND_RETRY.lockMs)}
        where id in (
          select id from refunds
          where source = 'system' and status = 'created' and razorpay_refund_id is null
            and ${which} and (locked_until is null or locked_until < ${now})
          order by next_attempt_at
          limit ${AUTOMATIC_REFUND_RETRY.batch}
          for update skip locked)
        returning id, payment_id, amount_paise, reason, attempts`,
  );
}

/**
 * One round: claims the held automatic refunds that are due (or the given ones), asks Razorpay for each, and applies
 * the answer. A refusal or no answer waits longer before the next try, unless Razorpay shows the payment refunded in
 * full already (our earlier request went through and its answer was lost, or it was refunded in the dashboard): then
 * nothing more is asked, the row stands failed, and the refund.* webhook that names our refund (its receipt) revives it.
 */
export async function runAutomaticRefunds(
  ctx: Pick<AppContext, 'db' | 'config' | 'payments'>,
  opts: { ids?: string[]; now?: Date; log?: FastifyBaseLogger } = {},
): Promise<{ refunded: number; failed: number }> {
  if (opts.ids?.length === 0) return { refunded: 0, failed: 0 };
  const now = opts.now ?? new Date();
  const rows = await claim(ctx.db, now, opts.ids);
  let refunded = 0;
  let failed = 0;
  let cancellations = false;
  for (const row of rows) {
    const [payment] = await ctx.db.select({ razorpayPaymentId: payments.razorpayPaymentId }).from(payments).where(eq(payments.id, row.payment_id));
    try {
      const entity = await ctx.payments.refundPayment(payment!.razorpayPaymentId, {
        amountPaise: row.amount_paise,
        receipt: row.id,
        notes: { refund_ref: row.id, reason: row.reason.slice(0, 256) },
      });
      const effects: RefundEffects = { cancelAtProvider: [] };
      await ctx.db.transaction((tx) => applyProviderRefund(tx, ctx.config, entity, effects, { refundId: row.id }));
      cancellations ||= effects.cancelAtProvider.length > 0;
      refunded++;
    } catch (err) {
      failed++;
      const message = (err instanceof AppError ? err.message : String((err as Error)?.message ?? err)).slice(0, 500);
      const current = await ctx.payments.fetchPayment(payment!.razorpayPaymentId).catch(() => null);
      const settled = current !== null && (current.amount_refunded ?? 0) >= current.amount;
      const wait = backoffMs(row.attempts, AUTOMATIC_REFUND_RETRY);
      await ctx.db
        .update(refunds)
        .set(
          settled
            ? { status: 'failed', errorDescription: `Razorpay shows the payment refunded already (${message})`, lockedUntil: null, updatedAt: now }
            : { errorDescription: message, lockedUntil: null, nextAttemptAt: new Date(now.getTime() + wait), updatedAt: now },
        )
        .where(and(eq(refunds.id, row.id), eq(refunds.status, 'created'), sql`${refunds.razorpayRefundId} is null`));
      opts.log?.warn({ refundId: row.id, attempts: row.attempts, settled, retryInMs: settled ? null : wait, err }, 'automatic refund at the payment provider failed');
    }
  }
  if (cancellations) await runProviderCancellations(ctx).catch(() => undefined);
  if (refunded) await drawQueuedDocuments(ctx).catch(() => undefined);
  return { refunded, failed };
}

/** After the commit that recorded a payment: its cancellations and automatic refunds asked of Razorpay at once (the jobs retry). */
export async function afterPaymentCommit(ctx: Pick<AppContext, 'db' | 'config' | 'payments'>, after: AfterCommit): Promise<void> {
  if (after.cancellations) await runProviderCancellations(ctx).catch(() => undefined);
  if (after.refunds.length) await runAutomaticRefunds(ctx, { ids: after.refunds }).catch(() => undefined);
  // The receipt (and any credit note) the commit queued, drawn now that no lock is held; the job draws what is left.
  await drawQueuedDocuments(ctx).catch(() => undefined);
}
