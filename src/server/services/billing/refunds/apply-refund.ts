import { and, eq, ne, sql } from 'drizzle-orm';
import type { Config } from '#server/config';
import type { ProviderRefund } from '#server/adapters/payments/gateway';
import type { Tx } from '#server/db/client';
import { payments, refunds, subscriptions, users, type PaymentRow, type RefundRow } from '#server/db/schema';
import { issueTaxDocument, nextDocumentNumber } from '../tax-documents/gst';
import { fromUnix } from '../subscriptions/period';
import { enqueueRefundMail } from './refund-mail';
import { applyTransition } from '../subscriptions/apply-transition';
import { paidPaise } from '../payments/paid';
import { recordAdminAction, SYSTEM_ACTOR } from '../../admin/audit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Our status of a Razorpay refund: pending is 'created'. */
const statusOf = (entity: ProviderRefund): RefundRow['status'] => (entity.status === 'pending' ? 'created' : entity.status);

/** Locks a payment row: refunds of one payment are held, applied and counted one after the other. */
export async function lockPayment(tx: Tx, where: { id?: string; razorpayPaymentId?: string }): Promise<PaymentRow | null> {
  const cond = where.id ? eq(payments.id, where.id) : eq(payments.razorpayPaymentId, where.razorpayPaymentId!);
  const [row] = await tx.select().from(payments).where(cond).for('update');
  return row ?? null;
}

/** What is refunded of a payment, in paise: every refund not failed, including those still under way. */
export async function refundedOf(tx: Tx, paymentId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${refunds.amountPaise}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), ne(refunds.status, 'failed')));
  return Number(row?.total ?? 0);
}

export type RefundEffects = { cancelAtProvider: string[] };

/**
 * Applies what Razorpay says of a refund (the refunds API's answer or a refund.* webhook), with the payment row locked:
 * the refund is found by its Razorpay id, or by our id that went with the request (receipt, notes.refund_ref), or it
 * is new (made in Razorpay's dashboard) and recorded once. Its status only moves forward (processed stays processed).
 * The first time it stands (not failed), it gets its credit note, the customer a mail with it, and a full refund ends
 * what the payment bought (decision 082). Returns null for a payment we do not know.
 */
export async function applyProviderRefund(tx: Tx, config: Config, entity: ProviderRefund, effects: RefundEffects, ours?: { refundId: string }): Promise<RefundRow | null> {
  const payment = await lockPayment(tx, { razorpayPaymentId: entity.payment_id });
  if (!payment) return null;
  const notes = Array.isArray(entity.notes) ? {} : entity.notes;
  const ref = ours?.refundId ?? [entity.receipt, notes.refund_ref].map(String).find((v) => UUID.test(v));

  let [row] = await tx.select().from(refunds).where(eq(refunds.razorpayRefundId, entity.id)).for('update');
  if (!row && ref)
    [row] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.id, ref), eq(refunds.paymentId, payment.id)))
      .for('update');

  const next = statusOf(entity);
  if (!row) {
    [row] = await tx
      .insert(refunds)
      .values({
        paymentId: payment.id,
        amountPaise: entity.amount,
        currency: entity.currency,
        reason: typeof notes.reason === 'string' ? notes.reason : 'Refunded in the Razorpay dashboard',
        razorpayRefundId: entity.id,
        status: next,
        source: 'razorpay',
        createdAt: fromUnix(entity.created_at) ?? new Date(),
        processedAt: next === 'processed' ? new Date() : null,
      })
      .returning();
  } else {
    const status = row.status === 'processed' && next !== 'failed' ? 'processed' : next;
    [row] = await tx
      .update(refunds)
      .set({
        razorpayRefundId: row.razorpayRefundId ?? entity.id,
        status,
        errorDescription: status === 'failed' ? row.errorDescription : null,
        processedAt: status === 'processed' ? (row.processedAt ?? new Date()) : row.processedAt,
        updatedAt: new Date(),
      })
      .where(eq(refunds.id, row.id))
      .returning();
  }
  if (row!.status !== 'failed' && !row!.creditNoteNumber) row = await settle(tx, config, payment, row!, effects);
  return row!;
}

/** The credit note, the mail, and what a full refund does to access: once per refund. */
async function settle(tx: Tx, config: Config, payment: PaymentRow, refund: RefundRow, effects: RefundEffects): Promise<RefundRow> {
  const at = new Date();
  const creditNote = await issueTaxDocument(tx, config, {
    series: 'CN',
    at,
    totalPaise: refund.amountPaise,
    currency: refund.currency,
    buyer: { name: payment.buyerName ?? '', email: payment.buyerEmail ?? '', billing: payment.billing },
    invoice: payment.taxDocument,
  });
  const number = creditNote?.number ?? (await nextDocumentNumber(tx, 'CN', at)).number;
  const [row] = await tx.update(refunds).set({ creditNoteNumber: number, creditNote, updatedAt: at }).where(eq(refunds.id, refund.id)).returning();

  const full = (await refundedOf(tx, payment.id)) >= paidPaise(payment);
  const sub = payment.subscriptionId ? (await tx.select().from(subscriptions).where(eq(subscriptions.id, payment.subscriptionId)).for('update'))[0] : undefined;
  let accessEnded = false;
  // A full refund of the payment that bought the current period (or the lifetime plan) takes that access back now,
  // and a recurring subscription is cancelled at Razorpay so that it never charges again. A partial refund is a
  // goodwill refund and changes nothing; a full refund of an older, already used period changes nothing either.
  // A payment that bought nothing (decision 110) took no access to take back.
  if (full && !payment.notApplied && sub && sub.userId && (payment.periodEnd === null || payment.periodEnd > at) && !(sub.currentEnd && sub.currentEnd <= at)) {
    const { cancelNow } = await applyTransition(tx, sub, { type: 'refunded', at }, { now: at });
    if (cancelNow) effects.cancelAtProvider.push(sub.razorpaySubscriptionId!);
    accessEnded = true;
  }

  // An automatic refund of a payment that bought nothing is the system's act: kept in the audit log once, here.
  if (row!.source === 'system') {
    await recordAdminAction(tx, {
      admin: SYSTEM_ACTOR,
      action: 'payment.auto_refund',
      targetUserId: payment.userId,
      reason: row!.reason,
      details: {
        paymentId: payment.id,
        razorpayPaymentId: payment.razorpayPaymentId,
        refundId: row!.id,
        razorpayRefundId: row!.razorpayRefundId,
        amountPaise: row!.amountPaise,
        paidPaise: paidPaise(payment),
      },
    });
  }
  const [account] = payment.userId ? await tx.select().from(users).where(eq(users.id, payment.userId)) : [];
  if (account?.isEmailVerified)
    await enqueueRefundMail(tx, config, {
      refund: row!,
      payment,
      planName: sub?.planName ?? payment.description,
      account,
      full,
      accessEnded,
      notApplied: Boolean(payment.notApplied),
    });
  return row!;
}
