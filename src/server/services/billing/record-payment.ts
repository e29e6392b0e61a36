import { and, eq, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DbOrTx, Tx } from '../../db/client';
import { queryRows } from '../../db/client';
import { payments, subscriptions, users, type SubscriptionRow } from '../../db/schema';
import type { ProviderPayment, ProviderSubscription } from '../../adapters/payments/gateway';
import { lockPayment } from './apply-refund';
import { issueTaxDocument } from './gst';
import { grantsAccess } from './entitlement-rules';
import { fromUnix, periodEnd } from './period';
import { creditStands, CREDIT_LAPSED_REASON } from './plan-change-credit';
import { queueCancellation } from './provider-cancellations';
import { enqueueReceiptMail } from './receipt-mail';
import { syncUserPlan } from './sync-user-plan';

/** Locks our subscription row: verification and webhooks for one subscription then run one after the other. */
export async function lockSubscription(tx: Tx, where: { id?: string; razorpaySubscriptionId?: string; razorpayOrderId?: string }): Promise<SubscriptionRow | null> {
  const cond = where.id ? eq(subscriptions.id, where.id) : where.razorpaySubscriptionId ? eq(subscriptions.razorpaySubscriptionId, where.razorpaySubscriptionId) : eq(subscriptions.razorpayOrderId, where.razorpayOrderId!);
  const [row] = await tx.select().from(subscriptions).where(cond).for('update');
  return row ?? null;
}

const SUCCESS = ['captured', 'authorized'];

/** What a payment row takes from the subscription and the provider's payment, successful or not. */
const paymentColumns = (sub: SubscriptionRow, payment: ProviderPayment) => ({
  userId: sub.userId,
  subscriptionId: sub.id,
  razorpayPaymentId: payment.id,
  razorpayOrderId: payment.order_id,
  razorpayInvoiceId: payment.invoice_id,
  amountPaise: payment.amount,
  currency: payment.currency,
  method: payment.method,
});
const ACTIVATABLE = ['created', 'authenticated', 'active', 'pending', 'halted', 'expired'];

/** What a recorded payment leaves for after the commit: cancellations at Razorpay to try at once. */
export type PaymentEffects = { cancellations: boolean };

/** Razorpay statuses of a subscription that still charges, or still retries a charge: holding one is holding a paid plan. */
const CHARGING = ['authenticated', 'active', 'pending'];

/**
 * Records a successful payment of a subscription once (the payment id is unique) and extends its period.
 * Called by checkout verification and by webhooks, whichever comes first, with the subscription row locked:
 * exactly one payment row, one activation, one receipt. The receipt is mailed to the account's verified address only;
 * the billing details typed at checkout are printed on it, never mailed to.
 *
 * A subscription whose account was deleted (user_id NULL) is not activated or extended and nobody gets a receipt:
 * the payment is recorded for the books, and the subscription is queued (again) for cancellation at Razorpay.
 */
export async function recordSuccessfulPayment(
  tx: Tx,
  config: Config,
  sub: SubscriptionRow,
  payment: ProviderPayment,
  providerSub: Pick<ProviderSubscription, 'current_start' | 'current_end'> | null,
  effects: PaymentEffects = { cancellations: false },
): Promise<{ created: boolean }> {
  const [seen] = await tx.select({ id: payments.id, status: payments.status }).from(payments).where(eq(payments.razorpayPaymentId, payment.id));
  if (seen?.status === 'captured') return { created: false };
  // A payment recorded but not captured is read again under its row's lock. One recorded as authorized becomes
  // captured here and only here (verification, payment.captured, order.paid and subscription.charged all come this
  // way), with its tax invoice numbered in this transaction. One recorded as failed that succeeds after all (a late
  // authorisation) is recorded below as a success: the plan, the receipt number and the receipt (decision 085).
  const existing = seen ? await lockPayment(tx, { id: seen.id }) : null;
  if (existing && existing.status !== 'failed') {
    if (existing.status !== 'captured' && payment.status === 'captured') {
      const taxDocument = existing.invoiceNumber
        ? existing.taxDocument
        : await issueTaxDocument(tx, config, { series: 'INV', at: new Date(), totalPaise: payment.amount, currency: payment.currency, buyer: { name: existing.buyerName ?? '', email: existing.buyerEmail ?? '', billing: existing.billing } });
      await tx.update(payments).set({ status: 'captured', amountPaidPaise: payment.amount, invoiceNumber: taxDocument?.number ?? null, taxDocument }).where(eq(payments.id, existing.id));
    }
    return { created: false };
  }
  if (!SUCCESS.includes(payment.status)) return { created: false };

  // Activations of one account run one after the other (the account row locked): two purchases paid at the same
  // moment cannot both become the paid plan (decision 085).
  if (sub.userId) await tx.execute(sql`select id from users where id = ${sub.userId} for update`);
  const paidAt = fromUnix(payment.created_at) ?? new Date();
  // The provider's cycle when it gave one; otherwise one period from the later of the payment and the current end.
  const start = fromUnix(providerSub?.current_start) ?? (sub.currentEnd && sub.currentEnd > paidAt ? sub.currentEnd : paidAt);
  const end = sub.kind === 'order' ? null : fromUnix(providerSub?.current_end) ?? periodEnd(start, sub.interval);

  const [user] = sub.userId ? await tx.select().from(users).where(eq(users.id, sub.userId)) : [];
  const [{ n }] = await queryRows<{ n: string }>(tx, sql`select nextval('receipt_number_seq') as n`);
  const buyerName = sub.billing ? `${sub.billing.firstName} ${sub.billing.lastName}`.trim() : user ? `${user.firstName} ${user.lastName}` : null;
  const buyerEmail = sub.billing?.email || user?.email || payment.email;
  // A captured payment gets its GST tax invoice now, numbered in this transaction (decision 083); none when unregistered.
  const taxDocument =
    payment.status === 'captured'
      ? await issueTaxDocument(tx, config, { series: 'INV', at: new Date(), totalPaise: payment.amount, currency: payment.currency, buyer: { name: buyerName ?? '', email: buyerEmail ?? '', billing: sub.billing } })
      : null;
  const values = {
    ...paymentColumns(sub, payment),
    amountPaidPaise: payment.status === 'captured' ? payment.amount : 0,
    status: payment.status,
    description: sub.kind === 'order' ? `${sub.planName}: one-time payment` : `${sub.planName}: ${sub.interval}ly subscription`,
    errorDescription: null,
    receiptNumber: Number(n),
    buyerName,
    buyerEmail,
    billing: sub.billing,
    invoiceNumber: taxDocument?.number ?? null,
    taxDocument,
    periodStart: start,
    periodEnd: end,
    paidAt,
  };
  const [row] = existing
    ? await tx.update(payments).set(values).where(eq(payments.id, existing.id)).returning()
    : await tx.insert(payments).values(values).returning();

  if (!sub.userId) {
    if (sub.kind === 'subscription' && sub.razorpaySubscriptionId) await queueCancellation(tx, { id: sub.id, razorpaySubscriptionId: sub.razorpaySubscriptionId }, 'charged_after_deletion');
    return { created: true };
  }
  // A subscription already replaced by another purchase is never activated or extended again; it is cancelled (again).
  if (sub.replacedById) {
    if (sub.kind === 'subscription' && sub.razorpaySubscriptionId) {
      await queueCancellation(tx, { id: sub.id, razorpaySubscriptionId: sub.razorpaySubscriptionId }, 'replaced');
      effects.cancellations = true;
    }
    return { created: true };
  }
  // One paid plan at a time: the other subscriptions of the account either make way (the one this purchase replaces,
  // and any that no longer charges: halted, cancelled, expired) or, when one still charges, this purchase is the second
  // paid plan and does not start.
  const others = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, sub.userId), ne(subscriptions.id, sub.id), ne(subscriptions.status, 'created')))
    .for('update');
  const holding = others.find((o) => !o.replacedById && o.id !== sub.replacesId && grantsAccess(o, paidAt) && String(o.kind) !== 'complimentary' && (o.kind === 'order' || CHARGING.includes(o.status)));
  if (holding) {
    await tx
      .update(subscriptions)
      .set({ status: 'cancelled', replacedById: holding.id, cancelledAt: new Date(), cancellationReason: 'Paid while another plan was active (duplicate purchase)', currentStart: paidAt, currentEnd: paidAt, updatedAt: new Date() })
      .where(eq(subscriptions.id, sub.id));
    await tx.update(payments).set({ description: `${row.description} (duplicate purchase: another plan was active)` }).where(eq(payments.id, row.id));
    if (sub.kind === 'subscription' && sub.razorpaySubscriptionId) {
      await queueCancellation(tx, { id: sub.id, razorpaySubscriptionId: sub.razorpaySubscriptionId }, 'duplicate_purchase');
      effects.cancellations = true;
    }
    await syncUserPlan(tx, sub.userId);
    return { created: true };
  }
  // A plan change's order (decision 086) was priced with a credit for the unused part of the plan it replaces; Razorpay
  // orders do not expire, so the credit is checked again now, with that subscription locked (in `others`). Paid after
  // it lapsed (the plan used up, ended, refunded or replaced meanwhile), the payment is kept with its receipt but
  // starts no plan: the order is closed and flagged for an admin to refund, and verification tells the customer.
  if (!creditStands(others.find((o) => o.id === sub.replacesId), sub.creditPaise, paidAt)) {
    await tx
      .update(subscriptions)
      .set({ status: 'cancelled', cancelledAt: new Date(), cancellationReason: CREDIT_LAPSED_REASON, currentStart: paidAt, currentEnd: paidAt, updatedAt: new Date() })
      .where(eq(subscriptions.id, sub.id));
    await tx.update(payments).set({ description: `${row.description} (not applied: the plan-change credit had lapsed; refund it)` }).where(eq(payments.id, row.id));
    await syncUserPlan(tx, sub.userId);
    return { created: true };
  }
  // Also any that Razorpay could still charge although it gives no access here (a renewal that never came, so the
  // row expired while Razorpay may still retry), so that a late retry cannot become a second plan.
  for (const other of others) {
    const replaced = other.id === sub.replacesId || (!other.replacedById && other.status !== 'completed' && (grantsAccess(other, paidAt) || (other.kind === 'subscription' && (['active', 'authenticated', 'pending', 'halted'].includes(other.status) || (other.status === 'expired' && !other.cancelledAt)))));
    if (!replaced || other.replacedById) continue;
    await tx
      .update(subscriptions)
      .set({
        status: other.status === 'completed' ? 'completed' : 'cancelled',
        replacedById: sub.id,
        cancelledAt: other.cancelledAt ?? new Date(),
        cancellationReason: other.cancellationReason ?? `Replaced by ${sub.planName}`,
        ...(other.currentEnd && other.currentEnd > paidAt ? { currentEnd: paidAt } : {}),
        renewalNotice: null,
        scheduledPlanId: null,
        scheduledChangeAt: null,
        updatedAt: new Date(),
      })
      .where(eq(subscriptions.id, other.id));
    if (other.kind === 'subscription' && other.razorpaySubscriptionId && !['cancelled', 'completed'].includes(other.status)) {
      await queueCancellation(tx, { id: other.id, razorpaySubscriptionId: other.razorpaySubscriptionId }, 'replaced');
      effects.cancellations = true;
    }
  }

  const extends_ = end === null || !sub.currentEnd || end > sub.currentEnd;
  await tx
    .update(subscriptions)
    .set({
      status: ACTIVATABLE.includes(sub.status) ? 'active' : sub.status,
      ...(extends_ ? { currentStart: start, currentEnd: end } : {}),
      renewalNotice: null,
      renewalFailedAt: null,
      updatedAt: new Date(),
    })
    .where(eq(subscriptions.id, sub.id));
  await syncUserPlan(tx, sub.userId);
  if (user?.isEmailVerified) await enqueueReceiptMail(tx, config, row, sub.planName, user);
  return { created: true };
}

/** Records a declined charge for the payment history (no receipt, no change of access). */
export async function recordFailedPayment(tx: DbOrTx, sub: SubscriptionRow, payment: ProviderPayment): Promise<void> {
  await tx
    .insert(payments)
    .values({
      ...paymentColumns(sub, payment),
      amountPaidPaise: 0,
      status: 'failed',
      description: `${sub.planName}: payment declined`,
      errorDescription: payment.error_description,
      paidAt: fromUnix(payment.created_at) ?? new Date(),
    })
    .onConflictDoNothing({ target: payments.razorpayPaymentId });
}
