import { desc, eq, ne, and } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { subscriptions, users } from '../../db/schema';
import { grantsAccess, userStatusFor } from './entitlement-rules';

/**
 * Makes users.subscription_plan / subscription_status follow the user's subscriptions: the plan code while one
 * grants access ('cancelled' once it will not renew), then plan 'free' with status 'expired', or 'free' if never paid.
 */
export async function syncUserPlan(tx: DbOrTx, userId: string, now = new Date()): Promise<{ plan: string; status: string }> {
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
