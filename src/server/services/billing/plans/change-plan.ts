import { and, eq } from 'drizzle-orm';
import type { ChangePlanInput, CheckoutDto, SubscriptionDto } from '#shared/schemas/billing';
import { changePlanSchema } from '#shared/schemas/billing';
import type { AppContext } from '#server/context';
import { subscriptions, type UserRow } from '#server/db/schema';
import { badRequest, conflict, notFound } from '#server/lib/errors';
import { grantsAccess } from '../subscriptions/entitlement-rules';
import { findActivePlan } from './plans';
import { unusedCredit } from './plan-change-credit';
import { lockSubscription } from '../payments/record-payment';
import { ensureProviderPlan, keptBilling, orderReceipt, recordCheckout } from '../checkout/start-checkout';
import { toSubscriptionDto } from '../subscriptions/subscription-dto';
import { enqueuePlanNotice } from '../../mail/plan-notice';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Razorpay's smallest order (₹1): the lifetime plan never costs less after the credit. */
const MIN_ORDER_PAISE = 100;

/**
 * POST /subscriptions/{id}/change-plan (decision 086).
 * - Another recurring plan: scheduled at Razorpay for the end of the current cycle (subscriptions.update with
 *   schedule_change_at cycle_end); nothing is charged now, the renewal charges the new plan. Choosing again replaces
 *   the scheduled change; choosing the current plan again is refused.
 * - The lifetime plan: an order for its price less the unused part of the current period; when it is paid the
 *   recurring subscription is cancelled at Razorpay at once, with no further charge (record-payment.ts), provided the
 *   credit still stands when the payment lands (plan-change-credit.ts).
 */
export async function changePlan(
  ctx: Pick<AppContext, 'db' | 'payments' | 'config'>,
  user: UserRow,
  id: string,
  raw: ChangePlanInput,
  now = new Date(),
): Promise<{ subscription: SubscriptionDto; checkout: CheckoutDto | null }> {
  const input = changePlanSchema.parse(raw);
  if (!UUID.test(id)) throw notFound('SUBSCRIPTION_NOT_FOUND');
  const [sub] = await ctx.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, user.id)));
  if (!sub) throw notFound('SUBSCRIPTION_NOT_FOUND');
  if (sub.kind !== 'subscription' || sub.replacedById || !grantsAccess(sub, now)) throw conflict('NOT_CHANGEABLE');
  if (sub.renewalNotice || sub.status === 'pending' || sub.status === 'halted') throw conflict('RENEWAL_FAILED');
  if (sub.cancelAtPeriodEnd || sub.status !== 'active') throw conflict('AUTOPAY_OFF');
  const plan = await findActivePlan(ctx.db, input.planId);
  if (!plan) throw notFound('PLAN_UNAVAILABLE');
  if (plan.id === sub.planId) throw badRequest('SAME_PLAN');

  if (plan.interval === 'lifetime') {
    const creditPaise = Math.max(0, Math.min(unusedCredit(sub, now), plan.amountPaise - MIN_ORDER_PAISE));
    const amount = plan.amountPaise - creditPaise;
    const order = await ctx.payments.createOrder({
      amountPaise: amount,
      currency: plan.currency,
      receipt: orderReceipt(plan),
      notes: { user_id: user.id, plan_code: plan.code, replaces: sub.razorpaySubscriptionId ?? sub.id, credit_paise: String(creditPaise) },
    });
    return recordCheckout(ctx, ctx.payments, {
      userId: user.id,
      plan,
      razorpaySubscriptionId: null,
      razorpayOrderId: order.id,
      amountPaise: amount,
      billing: keptBilling(input.billing) ?? sub.billing,
      description: `${plan.name} (replaces ${sub.planName})`,
      replaces: { id: sub.id, creditPaise },
    });
  }

  const providerPlanId = await ensureProviderPlan(ctx, ctx.payments, plan);
  await ctx.payments.schedulePlanChange(sub.razorpaySubscriptionId!, providerPlanId);
  const updated = await ctx.db.transaction(async (tx) => {
    await lockSubscription(tx, { id: sub.id });
    const [row] = await tx
      .update(subscriptions)
      .set({ scheduledPlanId: plan.id, scheduledChangeAt: sub.currentEnd, updatedAt: new Date() })
      .where(eq(subscriptions.id, sub.id))
      .returning();
    // Confirmed by mail (decision 123), each time a change is set: a second choice replaces the first and says so.
    if (row.scheduledChangeAt) {
      await enqueuePlanNotice(tx, ctx.config, user, {
        kind: 'planChange',
        planName: sub.planName,
        newPlanName: plan.name,
        amountPaise: plan.amountPaise,
        currency: plan.currency,
        interval: plan.interval,
        at: row.scheduledChangeAt,
      });
    }
    return row;
  });
  return { subscription: toSubscriptionDto(updated, plan), checkout: null };
}
