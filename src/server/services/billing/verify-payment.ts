import { and, eq } from 'drizzle-orm';
import { MSG } from '../../../shared/messages';
import type { SubscriptionDto, VerifyPaymentInput } from '../../../shared/schemas/billing';
import type { AppContext } from '../../context';
import { isValidCheckoutSignature } from '../../adapters/payments/signatures';
import { subscriptions, type UserRow } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { CREDIT_LAPSED_REASON } from './plan-change-credit';
import { lockSubscription, recordSuccessfulPayment } from './record-payment';
import { toSubscriptionDto } from './subscription-dto';

const refused = () => badRequest(MSG.paymentVerifyFailed, 'PAYMENT_VERIFICATION_FAILED');

/**
 * POST /payments/verify: the checkout handler's signature, checked in constant time with the key secret, then the
 * payment as Razorpay reports it; activates the subscription unless a webhook already did.
 */
export async function verifyPayment(ctx: Pick<AppContext, 'db' | 'config' | 'payments'>, user: UserRow, input: VerifyPaymentInput): Promise<SubscriptionDto> {
  const gateway = ctx.payments;
  const where = input.subscriptionId ? eq(subscriptions.razorpaySubscriptionId, input.subscriptionId) : eq(subscriptions.razorpayOrderId, input.orderId!);
  const [sub] = await ctx.db.select().from(subscriptions).where(and(where, eq(subscriptions.userId, user.id)));
  if (!sub) throw refused();
  if (!isValidCheckoutSignature(gateway.keySecret, { paymentId: input.paymentId, subscriptionId: input.subscriptionId, orderId: input.orderId }, input.signature)) throw refused();

  const payment = await gateway.fetchPayment(input.paymentId);
  const belongs = sub.kind === 'order' ? payment.order_id === sub.razorpayOrderId : true;
  if (!belongs || !['captured', 'authorized'].includes(payment.status) || payment.amount !== sub.amountPaise) throw refused();
  const providerSub = sub.kind === 'subscription' ? await gateway.fetchSubscription(sub.razorpaySubscriptionId!) : null;

  const fresh = await ctx.db.transaction(async (tx) => {
    const locked = (await lockSubscription(tx, { id: sub.id }))!;
    await recordSuccessfulPayment(tx, ctx.config, locked, payment, providerSub);
    return (await tx.select().from(subscriptions).where(eq(subscriptions.id, sub.id)))[0]!;
  });
  // A plan-change order paid after its credit lapsed is recorded but starts nothing (decision 086): the customer is
  // told with the spec's text to contact support, who refund it; the same answer however often it is asked.
  if (fresh.cancellationReason === CREDIT_LAPSED_REASON) throw refused();
  return toSubscriptionDto(fresh);
}
