import { and, eq, ne, sql } from 'drizzle-orm';
import type { Config } from '#server/config';
import type { DbOrTx, Tx } from '#server/db/client';
import { queryRows } from '#server/db/client';
import { payments, subscriptions, users, type SubscriptionRow } from '#server/db/schema';
import type { ProviderPayment, ProviderSubscription } from '#server/adapters/payments/gateway';
import { lockPayment } from '../refunds/apply-refund';
import { holdAutomaticRefund, type AfterCommit, type NotAppliedReason } from '../refunds/automatic-refunds';
import { issueTaxDocument } from '../tax-documents/gst';
import { fromUnix, periodEnd } from '../subscriptions/period';
import { creditStands } from '../plans/plan-change-credit';
import { applyTransition } from '../subscriptions/apply-transition';
import { holdsPaidPlan, makesWayFor } from '../subscriptions/lifecycle';
import { enqueueReceiptMail } from '../tax-documents/receipt-mail';

/**
 * Locks our subscription row, and its account's row before it: verification and webhooks for one subscription then
 * run one after the other. The account comes first because recording a payment also locks the account's other
 * subscriptions (one paid plan at a time): two purchases of one account paid at the same moment, each holding its own
 * subscription and waiting for the other's, would deadlock; with the account locked first, the second waits.
 */
export async function lockSubscription(tx: Tx, where: { id?: string; razorpaySubscriptionId?: string; razorpayOrderId?: string }): Promise<SubscriptionRow | null> {
  const cond = where.id
    ? eq(subscriptions.id, where.id)
    : where.razorpaySubscriptionId
      ? eq(subscriptions.razorpaySubscriptionId, where.razorpaySubscriptionId)
      : eq(subscriptions.razorpayOrderId, where.razorpayOrderId!);
  const [owner] = await tx.select({ userId: subscriptions.userId }).from(subscriptions).where(cond);
  if (!owner) return null;
  if (owner.userId) await tx.execute(sql`select id from users where id = ${owner.userId} for update`);
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

/** What a recorded payment leaves for after the commit: cancellations at Razorpay and automatic refunds to ask for at once. */
export type PaymentEffects = AfterCommit;

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
  effects: PaymentEffects = { cancellations: false, refunds: [] },
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
        : await issueTaxDocument(tx, config, {
            series: 'INV',
            at: new Date(),
            totalPaise: payment.amount,
            currency: payment.currency,
            buyer: { name: existing.buyerName ?? '', email: existing.buyerEmail ?? '', billing: existing.billing },
          });
      const [captured] = await tx
        .update(payments)
        .set({ status: 'captured', amountPaidPaise: payment.amount, invoiceNumber: taxDocument?.number ?? null, taxDocument })
        .where(eq(payments.id, existing.id))
        .returning();
      // An authorised payment that bought nothing is refunded once it is captured (decision 110).
      if (captured!.notApplied) await holdAutomaticRefund(tx, captured!, captured!.notApplied, effects);
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
  const end = sub.kind === 'order' ? null : (fromUnix(providerSub?.current_end) ?? periodEnd(start, sub.interval));

  const [user] = sub.userId ? await tx.select().from(users).where(eq(users.id, sub.userId)) : [];
  const [{ n }] = await queryRows<{ n: string }>(tx, sql`select nextval('receipt_number_seq') as n`);
  const buyerName = sub.billing ? `${sub.billing.firstName} ${sub.billing.lastName}`.trim() : user ? `${user.firstName} ${user.lastName}` : null;
  const buyerEmail = sub.billing?.email || user?.email || payment.email;
  // A captured payment gets its GST tax invoice now, numbered in this transaction (decision 083); none when unregistered.
  const taxDocument =
    payment.status === 'captured'
      ? await issueTaxDocument(tx, config, {
          series: 'INV',
          at: new Date(),
          totalPaise: payment.amount,
          currency: payment.currency,
          buyer: { name: buyerName ?? '', email: buyerEmail ?? '', billing: sub.billing },
        })
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
  const [row] = existing ? await tx.update(payments).set(values).where(eq(payments.id, existing.id)).returning() : await tx.insert(payments).values(values).returning();

  // What the payment does to the subscription is the lifecycle's decision (transition 'paid'), from what it needs to
  // know about the account's other subscriptions, locked here: one that holds a paid plan this would be a second of,
  // and the one a plan change's order replaces, whose unused part it was priced with. Razorpay orders do not expire,
  // so that credit is checked again now (decision 086).
  const others =
    sub.userId && !sub.replacedById
      ? await tx
          .select()
          .from(subscriptions)
          .where(and(eq(subscriptions.userId, sub.userId), ne(subscriptions.id, sub.id), ne(subscriptions.status, 'created')))
          .for('update')
      : [];
  const now = new Date();
  const event = {
    type: 'paid' as const,
    at: now,
    paidAt,
    period: { start, end },
    heldBy: others.find((o) => holdsPaidPlan(o, sub, paidAt))?.id ?? null,
    creditStands: creditStands(
      others.find((o) => o.id === sub.replacesId),
      sub.creditPaise,
      paidAt,
    ),
  };
  const { cancelNow } = await applyTransition(tx, sub, event, {
    config,
    now,
    handle: async (effect) => {
      if (effect.type === 'refund_payment') {
        const note = NOT_APPLIED_NOTES[effect.reason];
        const [noted] = note
          ? await tx
              .update(payments)
              .set({ description: `${row.description} (${note})` })
              .where(eq(payments.id, row.id))
              .returning()
          : [row];
        await holdAutomaticRefund(tx, noted!, effect.reason, effects);
      } else if (effect.type === 'replace_others') {
        for (const other of others.filter((o) => makesWayFor(o, sub, paidAt))) {
          const made = await applyTransition(tx, other, { type: 'replaced', at: now, paidAt, by: { id: sub.id, planName: sub.planName } }, { config, now });
          if (made.cancelNow) effects.cancellations = true;
        }
      } else if (effect.type === 'receipt') {
        if (user?.isEmailVerified) await enqueueReceiptMail(tx, config, row, sub.planName, user);
      }
    },
  });
  if (cancelNow) effects.cancellations = true;
  return { created: true };
}

/** What the payment history says of a payment that bought nothing (decision 110); none for an account deleted. */
const NOT_APPLIED_NOTES: Record<NotAppliedReason, string | null> = {
  checkout_replaced: 'not applied: it was replaced; refunded automatically',
  duplicate_purchase: 'duplicate purchase: another plan was active; refunded automatically',
  credit_lapsed: 'not applied: the plan-change credit had lapsed; refunded automatically',
  account_deleted: null,
};

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
