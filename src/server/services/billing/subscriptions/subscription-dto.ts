import { eq } from 'drizzle-orm';
import type { SubscriptionDto } from '#shared/schemas/billing';
import type { DbOrTx } from '#server/db/client';
import { plans, type SubscriptionRow } from '#server/db/schema';
import { grantsAccess } from './entitlement-rules';

type PlanRow = typeof plans.$inferSelect;

/** The subscription of R-3.3 (amounts in paise); `scheduledPlan` is the plan of a change set for the cycle end, when known. */
export const toSubscriptionDto = (s: SubscriptionRow, scheduledPlan: PlanRow | null = null, now = new Date()): SubscriptionDto => ({
  _id: s.id,
  planName: s.planName,
  planCode: s.planCode,
  kind: s.kind,
  status: s.status,
  currentStart: s.currentStart?.toISOString() ?? null,
  currentEnd: s.currentEnd?.toISOString() ?? null,
  cancelAtPeriodEnd: s.cancelAtPeriodEnd,
  willCancelAtPeriodEnd: s.cancelAtPeriodEnd,
  cancelledAt: s.cancelledAt?.toISOString() ?? null,
  planAmount: s.amountPaise,
  planCurrency: s.currency,
  planInterval: s.interval,
  razorpaySubscriptionId: s.razorpaySubscriptionId,
  razorpayOrderId: s.razorpayOrderId,
  renewal: s.renewalNotice ? { state: s.renewalNotice, failedAt: s.renewalFailedAt?.toISOString() ?? null } : null,
  scheduledChange:
    scheduledPlan && s.scheduledPlanId === scheduledPlan.id
      ? {
          planId: scheduledPlan.id,
          planCode: scheduledPlan.code,
          planName: scheduledPlan.name,
          amount: scheduledPlan.amountPaise,
          interval: scheduledPlan.interval,
          at: s.scheduledChangeAt?.toISOString() ?? null,
        }
      : null,
  replacedBy: s.replacedById,
  credit: s.creditPaise,
  endedByRefund: s.status === 'cancelled' && s.cancellationReason === 'refunded',
  access: accessOf(s, now),
});

/** The subscription's access by the entitlement rule (grantsAccess): now, and until when (lifetime: no end). */
export const accessOf = (s: SubscriptionRow, now = new Date()): SubscriptionDto['access'] => ({
  now: grantsAccess(s, now),
  until: s.status === 'created' ? null : (s.currentEnd?.toISOString() ?? null),
});

/** The same, reading the plan of a scheduled change from the database. */
export async function subscriptionDtoOf(db: DbOrTx, s: SubscriptionRow): Promise<SubscriptionDto> {
  if (!s.scheduledPlanId) return toSubscriptionDto(s);
  const [plan] = await db.select().from(plans).where(eq(plans.id, s.scheduledPlanId));
  return toSubscriptionDto(s, plan ?? null);
}
