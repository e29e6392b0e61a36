import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '#server/db/client';
import { plans, type SubscriptionRow } from '#server/db/schema';
import { applyTransition } from '../subscriptions/apply-transition';

/**
 * Razorpay moved a subscription to another plan (a change scheduled for the cycle end has taken effect, or one made in
 * Razorpay's dashboard): our row follows the Razorpay plan the event names, and the scheduled change is done (the
 * lifecycle's 'plan_changed'). Returns the row as it is now. A plan we do not know, or the lifetime plan, changes nothing.
 */
export async function applyProviderPlan(tx: Tx, sub: SubscriptionRow, providerPlanId: string | undefined): Promise<SubscriptionRow> {
  if (!providerPlanId || sub.kind !== 'subscription' || !sub.userId) return sub;
  const [plan] = await tx
    .select()
    .from(plans)
    .where(and(eq(plans.razorpayPlanId, providerPlanId), ne(plans.interval, 'lifetime')))
    .limit(1);
  if (!plan) return sub;
  return (await applyTransition(tx, sub, { type: 'plan_changed', at: new Date(), plan })).row;
}
