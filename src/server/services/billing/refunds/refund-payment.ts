import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import { refunds, type RefundRow } from '#server/db/schema';
import { AppError, badRequest, conflict, notFound } from '#server/lib/errors';
import { formatMoney } from '#shared/money';
import { recordAdminAction, type AuditActor } from '../../admin/audit';
import { applyProviderRefund, lockPayment, refundedOf, type RefundEffects } from './apply-refund';
import { runProviderCancellations } from '../subscriptions/provider-cancellations';
import { drawQueuedDocuments } from '../tax-documents/document-outbox';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST /admin/payments/{id}/refund (decision 082): refunds all that is left of a captured payment, or `amountPaise` of it,
 * through Razorpay's refunds API. The amount is held first, with the payment row locked, so two requests at once can
 * never refund more than was paid; the call to Razorpay is made outside any lock, and its answer is applied as a
 * webhook would be (the same refund arriving by webhook as well changes nothing). A refused or failed call releases
 * the amount. The admin action goes to the audit log with its reason once Razorpay has made the refund.
 */
export async function refundPayment(
  ctx: Pick<AppContext, 'db' | 'config' | 'payments'>,
  admin: AuditActor,
  paymentId: string,
  input: { amountPaise?: number; reason: string },
): Promise<{ refund: RefundRow; refundedPaise: number }> {
  if (!UUID.test(paymentId)) throw notFound('PAYMENT_NOT_FOUND');
  const reason = input.reason.trim();

  const held = await ctx.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, { id: paymentId });
    if (!payment) throw notFound('PAYMENT_NOT_FOUND');
    if (payment.status !== 'captured' || payment.amountPaidPaise <= 0) throw conflict('NOT_REFUNDABLE');
    const left = payment.amountPaidPaise - (await refundedOf(tx, payment.id));
    if (left <= 0) throw conflict('ALREADY_REFUNDED');
    const amount = input.amountPaise ?? left;
    if (amount > left) throw badRequest('REFUND_TOO_LARGE', { params: { amount: formatMoney(left, payment.currency) } });
    const [refund] = await tx
      .insert(refunds)
      .values({ paymentId: payment.id, amountPaise: amount, currency: payment.currency, reason, status: 'created', source: 'admin', createdBy: admin.id })
      .returning();
    return { refund: refund!, payment };
  });
  const { payment } = held;

  let entity;
  try {
    entity = await ctx.payments.refundPayment(payment.razorpayPaymentId, {
      amountPaise: held.refund.amountPaise,
      receipt: held.refund.id,
      notes: { refund_ref: held.refund.id, reason: reason.slice(0, 256) },
    });
  } catch (err) {
    // Released; should Razorpay have made it after all, its webhook names this refund (receipt) and revives it.
    const description = err instanceof AppError ? err.message : 'No answer from the payment provider';
    await ctx.db.update(refunds).set({ status: 'failed', errorDescription: description, updatedAt: new Date() }).where(eq(refunds.id, held.refund.id));
    throw err;
  }

  const effects: RefundEffects = { cancelAtProvider: [] };
  const result = await ctx.db.transaction(async (tx) => {
    const refund = (await applyProviderRefund(tx, ctx.config, entity, effects, { refundId: held.refund.id }))!;
    // The admin's action is recorded with its outcome, in the transaction that stores it (decision 080): a refund
    // Razorpay refused was never made and is not logged as one (its row stays, failed, with the admin and the reason).
    if (refund.status !== 'failed') {
      await recordAdminAction(tx, {
        admin,
        action: 'payment.refund',
        targetUserId: payment.userId,
        reason,
        details: {
          paymentId: payment.id,
          razorpayPaymentId: payment.razorpayPaymentId,
          refundId: refund.id,
          razorpayRefundId: refund.razorpayRefundId,
          status: refund.status,
          amountPaise: refund.amountPaise,
          paidPaise: payment.amountPaidPaise,
        },
      });
    }
    return { refund, refundedPaise: await refundedOf(tx, refund.paymentId) };
  });
  // A full refund cancels the subscription at Razorpay: tried at once, retried by the cancellation job until it holds.
  if (effects.cancelAtProvider.length) await runProviderCancellations(ctx).catch(() => undefined);
  // The credit note the commit numbered, drawn now that no lock is held (decision 160); the job draws what is left.
  await drawQueuedDocuments(ctx).catch(() => undefined);
  return result;
}
