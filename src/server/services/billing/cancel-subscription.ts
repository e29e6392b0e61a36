import { and, eq, or } from 'drizzle-orm';
import { LIVE_SUBSCRIPTION_STATUSES } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import type { CancelSubscriptionInput, SubscriptionDto } from '../../../shared/schemas/billing';
import { cancelSubscriptionSchema } from '../../../shared/schemas/billing';
import type { AppContext } from '../../context';
import { subscriptions, type UserRow } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { lockSubscription } from './record-payment';
import { toSubscriptionDto } from './subscription-dto';
import { syncUserPlan } from './sync-user-plan';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * PATCH /subscriptions/{id}/cancel: autopay stops at Razorpay at the end of the current cycle; access continues
 * until current_end. A second request answers that the cancellation is already set.
 */
export async function cancelSubscription(
  ctx: Pick<AppContext, 'db' | 'payments'>,
  user: UserRow,
  id: string,
  raw: CancelSubscriptionInput,
): Promise<{ subscription: SubscriptionDto; alreadySetToCancel: boolean; message: string }> {
  const input = cancelSubscriptionSchema.parse(raw);
  const byId = UUID.test(id) ? or(eq(subscriptions.id, id), eq(subscriptions.razorpaySubscriptionId, id)) : eq(subscriptions.razorpaySubscriptionId, id);
  const [sub] = await ctx.db.select().from(subscriptions).where(and(byId, eq(subscriptions.userId, user.id)));
  if (!sub || !(LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(sub.status)) throw notFound(MSG.noActiveSubscription);
  if (sub.cancelAtPeriodEnd) return { subscription: toSubscriptionDto(sub), alreadySetToCancel: true, message: MSG.alreadyCancelling };
  if (sub.kind === 'order') throw badRequest('A lifetime plan has no autopay to cancel.', 'NOT_RECURRING');

  await ctx.payments.cancelSubscription(sub.razorpaySubscriptionId!, input.cancelAtPeriodEnd);
  const updated = await ctx.db.transaction(async (tx) => {
    const locked = (await lockSubscription(tx, { id: sub.id }))!;
    const [row] = await tx
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: true, cancelledAt: locked.cancelledAt ?? new Date(), cancellationReason: input.cancellationReason, updatedAt: new Date() })
      .where(eq(subscriptions.id, sub.id))
      .returning();
    await syncUserPlan(tx, user.id);
    return row;
  });
  return { subscription: toSubscriptionDto(updated), alreadySetToCancel: false, message: MSG.cancelSuccess };
}
