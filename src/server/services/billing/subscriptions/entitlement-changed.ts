import { desc, eq, ne, and } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { subscriptions, users } from '#server/db/schema';
import { grantsAccess, userStatusFor } from './entitlement-rules';

/**
 * The one effect every change of a user's subscriptions goes through (decision 160): `transition` names it
 * (effect 'entitlement_changed'), and the few changes made outside a transition (a complimentary period granted) call
 * it themselves. It keeps users.subscription_plan / subscription_status in step with the subscriptions: the plan code
 * while one grants access ('cancelled' once it will not renew), then plan 'free' with status 'expired', or 'free' if
 * never paid. The desktop program's leases need nothing from here: each refresh signs a lease from the subscriptions
 * as they are then (decision 184), so a change shows at the program's next refresh. Runs in the caller's transaction.
 */
export async function entitlementChanged(tx: DbOrTx, userId: string, now = new Date()): Promise<{ plan: string; status: string }> {
  const subs = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'created')))
    .orderBy(desc(subscriptions.createdAt));
  const current = subs.find((s) => grantsAccess(s, now));
  const next = current ? { plan: current.planCode, status: userStatusFor(current) } : subs.length ? { plan: 'free', status: 'expired' } : { plan: 'free', status: 'free' };
  await tx.update(users).set({ subscriptionPlan: next.plan, subscriptionStatus: next.status, updatedAt: now }).where(eq(users.id, userId));
  return next;
}
