import { and, eq } from 'drizzle-orm';
import type { SubscriptionDto } from '../../../shared/schemas/billing';
import type { AppContext } from '../../context';
import { subscriptions, type UserRow } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { PLAN_CHANGE_MESSAGES, UUID } from './change-plan';
import { subscriptionDtoOf } from './subscription-dto';
import { MSG } from '../../../shared/messages';

/** DELETE /subscriptions/{id}/change-plan: the scheduled move to another plan is dropped at Razorpay and here. */
export async function cancelPlanChange(ctx: Pick<AppContext, 'db' | 'payments'>, user: UserRow, id: string): Promise<SubscriptionDto> {
  if (!UUID.test(id)) throw notFound(MSG.subscriptionNotFound);
  const [sub] = await ctx.db.select().from(subscriptions).where(and(eq(subscriptions.id, id), eq(subscriptions.userId, user.id)));
  if (!sub) throw notFound(MSG.subscriptionNotFound);
  if (!sub.scheduledPlanId) throw badRequest(PLAN_CHANGE_MESSAGES.noScheduledChange, 'NO_SCHEDULED_CHANGE');
  await ctx.payments.cancelScheduledChanges(sub.razorpaySubscriptionId!);
  const [row] = await ctx.db.update(subscriptions).set({ scheduledPlanId: null, scheduledChangeAt: null, updatedAt: new Date() }).where(eq(subscriptions.id, sub.id)).returning();
  return subscriptionDtoOf(ctx.db, row);
}
