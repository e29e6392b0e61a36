import { sql, type SQL } from 'drizzle-orm';
import { ENTITLING_SUBSCRIPTION_STATUSES } from '#shared/constants';
import type { SubscriptionRow } from '#server/db/schema';

/** Statuses that still give access until current_end (Razorpay keeps charging, or the paid period runs out). */
export const ENTITLING_STATUSES = ENTITLING_SUBSCRIPTION_STATUSES;

/** Whether this subscription gives access at `now`: an entitling status and a period not yet over (lifetime: no end). */
export function grantsAccess(s: Pick<SubscriptionRow, 'status' | 'currentEnd' | 'kind'>, now = new Date()): boolean {
  if (!(ENTITLING_STATUSES as readonly string[]).includes(s.status)) return false;
  if (s.currentEnd === null) return s.kind === 'order';
  return s.currentEnd > now;
}

/** The user's subscription_status for a subscription that grants access: the plan code, or 'cancelled' when it will not renew. */
export function userStatusFor(s: Pick<SubscriptionRow, 'status' | 'cancelAtPeriodEnd' | 'planCode'>): string {
  if (s.status === 'cancelled' || s.cancelAtPeriodEnd) return 'cancelled';
  return s.planCode;
}

/** `grantsAccess` as SQL over the subscriptions row `s`, for counting in the database (the admin overview). */
export function grantsAccessSql(s: SQL, now: Date): SQL {
  const statuses = sql.join(
    ENTITLING_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  return sql`(${s}.status in (${statuses}) and (${s}.current_end > ${now} or (${s}.current_end is null and ${s}.kind = 'order')))`;
}
