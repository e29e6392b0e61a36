import { and, eq } from 'drizzle-orm';
import type { SubscriptionDto } from '#shared/schemas/billing';
import type { AppContext } from '#server/context';
import { subscriptions, type UserRow } from '#server/db/schema';
import { badRequest, notFound } from '#server/lib/errors';
import { UUID } from './change-plan';
import { subscriptionDtoOf } from '../subscriptions/subscription-dto';

/** DELETE /subscriptions/{id}/change-plan: the scheduled move to another plan is dropped at Razorpay and here. */
export async function cancelPlanChange(ctx: Pick<AppContext, 'db' | 'payments'>, user: UserRow, id: string): Promise<SubscriptionDto> {
  if (!UUID.test(id)) throw notFound('SUBSCRIPTION_NOT_FOUND');
  const [sub] = await ctx.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, user.id)));
  if (!sub) throw notFound('SUBSCRIPTION_NOT_FOUND');
  if (!sub.scheduledPlanId) throw badRequest('NO_SCHEDULED_CHANGE');
  await ctx.payments.cancelScheduledChanges(sub.razorpaySubscriptionId!);
  const [row] = await ctx.db.update(subscriptions).set({ scheduledPlanId: null, scheduledChangeAt: null, updatedAt: new Date() }).where(eq(subscriptions.id, sub.id)).returning();
  return subscriptionDtoOf(ctx.db, row);
}
