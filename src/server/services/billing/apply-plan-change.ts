import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { plans, subscriptions, type SubscriptionRow } from '../../db/schema';

/**
 * Razorpay moved a subscription to another plan (a change scheduled for the cycle end has taken effect, or one made in
 * Razorpay's dashboard): our row follows the Razorpay plan the event names, and the scheduled change is done.
 * Returns the row as it is now. A plan we do not know, or the lifetime plan, changes nothing.
 */
export async function applyProviderPlan(tx: Tx, sub: SubscriptionRow, providerPlanId: string | undefined): Promise<SubscriptionRow> {
  if (!providerPlanId || sub.kind !== 'subscription' || !sub.userId) return sub;
  const [plan] = await tx
    .select()
    .from(plans)
    .where(and(eq(plans.razorpayPlanId, providerPlanId), ne(plans.interval, 'lifetime')))
    .limit(1);
  if (!plan || plan.id === sub.planId) return sub;
  const [row] = await tx
    .update(subscriptions)
    .set({
      planId: plan.id,
      planCode: plan.code,
      planName: plan.name,
      amountPaise: plan.amountPaise,
      currency: plan.currency,
      interval: plan.interval,
      scheduledPlanId: null,
      scheduledChangeAt: null,
      updatedAt: new Date(),
    })
    .where(eq(subscriptions.id, sub.id))
    .returning();
  return row;
}
