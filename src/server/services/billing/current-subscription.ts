import { and, desc, eq, ne } from 'drizzle-orm';
import { MSG } from '../../../shared/messages';
import type { SubscriptionDto } from '../../../shared/schemas/billing';
import type { DbOrTx } from '../../db/client';
import { subscriptions } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { grantsAccess } from './entitlement-rules';
import { toSubscriptionDto } from './subscription-dto';

/**
 * GET /subscriptions/current: the subscription that gives access now, else the latest one that was ever paid
 * (so the dashboard can say 'expired'); 404 when the user never paid.
 */
export async function currentSubscription(db: DbOrTx, userId: string, now = new Date()): Promise<SubscriptionDto> {
  const subs = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'created')))
    .orderBy(desc(subscriptions.createdAt))
    .limit(20);
  const chosen = subs.find((s) => grantsAccess(s, now)) ?? subs[0];
  if (!chosen) throw notFound(MSG.noActiveSubscription);
  return toSubscriptionDto(chosen);
}
