import { and, eq, or } from 'drizzle-orm';
import { LIVE_SUBSCRIPTION_STATUSES, statusIn } from '#shared/constants';
import { MSG } from '#shared/messages';
import type { CancelSubscriptionInput, SubscriptionDto } from '#shared/schemas/billing';
import { cancelSubscriptionSchema } from '#shared/schemas/billing';
import type { AppContext } from '#server/context';
import { subscriptions, type UserRow } from '#server/db/schema';
import { badRequest, notFound } from '#server/lib/errors';
import { recordAdminAction, type AuditActor } from '../../admin/audit';
import { enqueuePlanNotice } from '../../mail/plan-notice';
import { grantsAccess } from './entitlement-rules';
import { lockSubscription } from '../payments/record-payment';
import { toSubscriptionDto } from './subscription-dto';
import { applyTransition } from './apply-transition';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An admin's cancellation (decision 081): 'period_end' is the customer's own cancellation; 'now' also ends access
 * at once (status cancelled, the period ends now), for a subscription that still gives access in any status.
 * Recorded in the audit log with the admin and the reason.
 */
export type AdminCancellation = { admin: AuditActor; when: 'now' | 'period_end'; reason: string };

/**
 * PATCH /subscriptions/{id}/cancel: autopay stops at Razorpay at the end of the current cycle; access continues
 * until current_end. A second request answers that the cancellation is already set. The admin's cancellation
 * (POST /admin/users/{id}/subscriptions/{subscriptionId}/cancel) is this same path, with `byAdmin`.
 */
export async function cancelSubscription(
  ctx: Pick<AppContext, 'db' | 'payments' | 'config'>,
  user: UserRow,
  id: string,
  raw: CancelSubscriptionInput,
  byAdmin?: AdminCancellation,
): Promise<{ subscription: SubscriptionDto; alreadySetToCancel: boolean; message: string }> {
  const input = cancelSubscriptionSchema.parse(byAdmin ? { cancelAtPeriodEnd: byAdmin.when === 'period_end', cancellationReason: byAdmin.reason } : raw);
  const endNow = byAdmin?.when === 'now';
  const byId = UUID.test(id) ? or(eq(subscriptions.id, id), eq(subscriptions.razorpaySubscriptionId, id)) : eq(subscriptions.razorpaySubscriptionId, id);
  const [sub] = await ctx.db
    .select()
    .from(subscriptions)
    .where(and(byId, eq(subscriptions.userId, user.id)));
  const live = sub !== undefined && statusIn(LIVE_SUBSCRIPTION_STATUSES, sub.status);
  if (!sub || !(live || (endNow && grantsAccess(sub)))) throw notFound('NO_ACTIVE_SUBSCRIPTION');
  if (sub.cancelAtPeriodEnd && !endNow) return { subscription: toSubscriptionDto(sub), alreadySetToCancel: true, message: MSG.alreadyCancelling };
  if (sub.kind !== 'subscription' && !endNow) throw badRequest('NOT_RECURRING', { params: { kind: sub.kind } });

  // Razorpay first (no row locked during a network call); a subscription it already ended needs no call.
  if (sub.kind === 'subscription' && (live || sub.status === 'halted')) await ctx.payments.cancelSubscription(sub.razorpaySubscriptionId!, input.cancelAtPeriodEnd);
  const updated = await ctx.db.transaction(async (tx) => {
    const locked = (await lockSubscription(tx, { id: sub.id }))!;
    const now = new Date();
    const event = endNow
      ? { type: 'cancelled_now' as const, at: now, reason: input.cancellationReason }
      : { type: 'cancelled_at_period_end' as const, at: now, reason: input.cancellationReason, byAdmin: Boolean(byAdmin) };
    const { row } = await applyTransition(tx, locked, event, { config: ctx.config, now });
    // The customer is told either way (decision 123): their own cancellation confirmed, or our team's.
    if (endNow) await enqueuePlanNotice(tx, ctx.config, user, { kind: 'ended', planName: sub.planName, on: now });
    else if (row.currentEnd) await enqueuePlanNotice(tx, ctx.config, user, { kind: 'cancelled', planName: sub.planName, until: row.currentEnd, byTeam: Boolean(byAdmin) });
    if (byAdmin) {
      await recordAdminAction(tx, {
        admin: byAdmin.admin,
        action: 'subscription.cancel',
        targetUserId: user.id,
        reason: byAdmin.reason,
        details: {
          subscriptionId: sub.id,
          planCode: sub.planCode,
          kind: sub.kind,
          when: byAdmin.when,
          statusBefore: locked.status,
          endBefore: locked.currentEnd?.toISOString() ?? null,
          endAfter: row.currentEnd?.toISOString() ?? null,
        },
      });
    }
    return row;
  });
  return { subscription: toSubscriptionDto(updated), alreadySetToCancel: false, message: endNow ? 'Subscription cancelled: access has ended' : MSG.cancelSuccess };
}
