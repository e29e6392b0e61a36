import { and, desc, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { plans, subscriptions } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { grantsAccess } from '../billing/subscriptions/entitlement-rules';
import { entitlementChanged } from '../billing/subscriptions/entitlement-changed';
import { enqueuePlanNotice } from '../mail/plan-notice';
import { recordAdminAction, type AuditActor } from './audit';
import { lockCustomer } from './lock-customer';

const DAY_MS = 86_400_000;

/**
 * Grants `days` of a recurring plan without payment (decision 081): a subscription row of kind 'complimentary'
 * that gives access by the same rules as a paid one (entitlement, dashboard, expiry). A running complimentary
 * period is lengthened instead; a customer whose paid plan gives access now gets none (nothing to add).
 */
export async function adminGrantComplimentary(
  ctx: Pick<AppContext, 'db' | 'config'>,
  admin: AuditActor,
  userId: string,
  input: { days: number; planCode: string; reason: string },
  now = new Date(),
): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, userId);
    const [plan] = await tx.select().from(plans).where(eq(plans.code, input.planCode));
    if (!plan || plan.interval === 'lifetime') throw notFound('RECURRING_PLAN_REQUIRED');
    const subs = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'created')))
      .orderBy(desc(subscriptions.createdAt))
      .for('update');
    const paid = subs.find((s) => s.kind !== 'complimentary' && grantsAccess(s, now));
    if (paid) {
      const until = paid.currentEnd ? ` until ${paid.currentEnd.toISOString().slice(0, 10)}` : '';
      throw conflict('HAS_PAID_PLAN', { params: { plan: paid.planName, until } });
    }
    const running = subs.find((s) => s.kind === 'complimentary' && grantsAccess(s, now));
    let subscriptionId: string;
    let endBefore: string | null = null;
    let end: Date;
    if (running) {
      end = new Date(running.currentEnd!.getTime() + input.days * DAY_MS);
      endBefore = running.currentEnd!.toISOString();
      await tx.update(subscriptions).set({ currentEnd: end, updatedAt: now }).where(eq(subscriptions.id, running.id));
      subscriptionId = running.id;
    } else {
      end = new Date(now.getTime() + input.days * DAY_MS);
      const [row] = await tx
        .insert(subscriptions)
        .values({
          userId,
          planId: plan.id,
          planCode: plan.code,
          planName: plan.name,
          kind: 'complimentary',
          status: 'active',
          currentStart: now,
          currentEnd: end,
          amountPaise: 0,
          currency: plan.currency,
          interval: plan.interval,
        })
        .returning();
      subscriptionId = row.id;
    }
    await entitlementChanged(tx, userId, now);
    await enqueuePlanNotice(tx, ctx.config, customer, { kind: 'complimentary', planName: plan.name, days: input.days, until: end });
    const row = await recordAdminAction(tx, {
      admin,
      action: 'user.grant_complimentary',
      targetUserId: userId,
      reason: input.reason,
      details: { subscriptionId, planCode: plan.code, days: input.days, endBefore, endAfter: end.toISOString() },
    });
    return row.id;
  });
}
