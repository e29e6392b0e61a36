import { and, desc, eq, ne, sql, type Placeholder } from 'drizzle-orm';
import type { EntitlementDto } from '#shared/schemas/billing';
import { preparedPerHandle, type DbOrTx } from '#server/db/client';
import { subscriptions, type SubscriptionRow, type UserRow } from '#server/db/schema';
import { trialState } from '../../auth/trial';
import { grantsAccess } from './entitlement-rules';

/** GET /entitlement: what the desktop program may unlock, and until when (a paid plan, else the trial, else nothing). */
export async function entitlementOf(db: DbOrTx, user: UserRow, now = new Date()): Promise<EntitlementDto> {
  return entitlementFrom(user, await entitlementSubscriptions(db, user.id), now);
}

/**
 * The read prepared once per database or transaction (preparedPerHandle): it runs on every signed-in desktop refresh
 * and entitlement check, where building the query was a tenth of the request's CPU (bench/lease-refresh.mjs).
 */
const preparedSubscriptions = preparedPerHandle((db: DbOrTx) => entitlementSubscriptionsQuery(db, sql.placeholder('userId')).prepare('entitlement_subscriptions'));

/** The subscriptions the entitlement is made from: the latest 20 of the user that were more than created. */
export function entitlementSubscriptions(db: DbOrTx, userId: string): Promise<SubscriptionRow[]> {
  return preparedSubscriptions(db).execute({ userId });
}

/** The read of the read cache's `subscriptions` (services/read-cache/registry.ts). */
export const entitlementSubscriptionsQuery = (db: DbOrTx, userId: string | Placeholder<'userId'>) =>
  db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'created')))
    .orderBy(desc(subscriptions.createdAt))
    .limit(20);

/** The entitlement at `now` from the user and their subscriptions (entitlementSubscriptions). */
export function entitlementFrom(user: UserRow, subs: SubscriptionRow[], now = new Date()): EntitlementDto {
  const base = { ...trialState(user, now), checkedAt: now.toISOString() };
  const paid = subs.find((s) => grantsAccess(s, now));
  if (paid) {
    const lifetime = paid.kind === 'order';
    return {
      ...base,
      entitled: true,
      plan: paid.planCode,
      planName: paid.planName,
      // A halted subscription will not renew either (decision 085): it runs to the end of the paid period.
      status: paid.cancelAtPeriodEnd || paid.status === 'cancelled' || paid.status === 'halted' ? 'cancelling' : 'active',
      validUntil: lifetime ? null : paid.currentEnd!.toISOString(),
      lifetime,
    };
  }
  if (base.isOnTrial) return { ...base, entitled: true, plan: 'trial', planName: null, status: 'trial', validUntil: base.trialExpires, lifetime: false };
  return { ...base, entitled: false, plan: 'free', planName: null, status: subs.length ? 'expired' : 'free', validUntil: null, lifetime: false };
}
