import { and, eq } from 'drizzle-orm';
import type { SubscriptionDto, VerifyPaymentInput } from '#shared/schemas/billing';
import type { AppContext } from '#server/context';
import { isValidCheckoutSignature } from '#server/adapters/payments/signatures';
import { payments, subscriptions, type UserRow } from '#server/db/schema';
import { badRequest, conflict } from '#server/lib/errors';
import { afterPaymentCommit } from '../refunds/automatic-refunds';
import { lockSubscription, recordSuccessfulPayment, type PaymentEffects } from '../payments/record-payment';
import { toSubscriptionDto } from '../subscriptions/subscription-dto';

const refused = () => badRequest('PAYMENT_VERIFICATION_FAILED');
const notApplied = () => conflict('PURCHASE_NOT_APPLIED');

/**
 * POST /payments/verify: the checkout handler's signature, checked in constant time with the key secret, then the
 * payment as Razorpay reports it; activates the subscription unless a webhook already did.
 */
export async function verifyPayment(ctx: Pick<AppContext, 'db' | 'config' | 'payments'>, user: UserRow, input: VerifyPaymentInput): Promise<SubscriptionDto> {
  const gateway = ctx.payments;
  const where = input.subscriptionId ? eq(subscriptions.razorpaySubscriptionId, input.subscriptionId) : eq(subscriptions.razorpayOrderId, input.orderId!);
  const [sub] = await ctx.db
    .select()
    .from(subscriptions)
    .where(and(where, eq(subscriptions.userId, user.id)));
  if (!sub) throw refused();
  if (!isValidCheckoutSignature(gateway.keySecret, { paymentId: input.paymentId, subscriptionId: input.subscriptionId, orderId: input.orderId }, input.signature)) throw refused();

  const payment = await gateway.fetchPayment(input.paymentId);
  const belongs = sub.kind === 'order' ? payment.order_id === sub.razorpayOrderId : true;
  if (!belongs || payment.amount !== sub.amountPaise) throw refused();
  // Recorded already as having bought nothing: the same answer however often it is asked, also once Razorpay shows the
  // payment refunded (decision 110).
  const [known] = await ctx.db
    .select({ notApplied: payments.notApplied })
    .from(payments)
    .where(and(eq(payments.razorpayPaymentId, payment.id), eq(payments.subscriptionId, sub.id)));
  if (known?.notApplied) throw notApplied();
  if (!['captured', 'authorized'].includes(payment.status)) throw refused();
  const providerSub = sub.kind === 'subscription' ? await gateway.fetchSubscription(sub.razorpaySubscriptionId!) : null;

  const effects: PaymentEffects = { cancellations: false, refunds: [] };
  const { fresh, recorded } = await ctx.db.transaction(async (tx) => {
    const locked = (await lockSubscription(tx, { id: sub.id }))!;
    await recordSuccessfulPayment(tx, ctx.config, locked, payment, providerSub, effects);
    const [row] = await tx.select({ notApplied: payments.notApplied }).from(payments).where(eq(payments.razorpayPaymentId, payment.id));
    return { fresh: (await tx.select().from(subscriptions).where(eq(subscriptions.id, sub.id)))[0]!, recorded: row };
  });
  await afterPaymentCommit(ctx, effects);
  // A payment that bought nothing (a replaced checkout, a second plan, a lapsed plan-change credit) is never answered
  // "verified": it is refunded by itself and the customer is told so, the same however often it is asked (decision 110).
  if (recorded?.notApplied) throw notApplied();
  return toSubscriptionDto(fresh);
}
