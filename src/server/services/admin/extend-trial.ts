import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { enqueuePlanNotice } from '../mail/plan-notice';
import { recordAdminAction, type AuditActor } from './audit';
import { lockCustomer } from './lock-customer';

const DAY_MS = 86_400_000;

/**
 * Lengthens the customer's trial by `days`, from its end or, when it has ended, from now. The trial starts when
 * the address is verified (decision 067), so an unverified account has none to extend.
 */
export async function adminExtendTrial(ctx: Pick<AppContext, 'db' | 'config'>, admin: AuditActor, userId: string, days: number, reason: string, now = new Date()): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const user = await lockCustomer(tx, userId);
    if (!user.isEmailVerified) throw conflict('NOT_VERIFIED');
    const from = user.trialExpires && user.trialExpires > now ? user.trialExpires : now;
    const until = new Date(from.getTime() + days * DAY_MS);
    await tx.update(users).set({ trialExpires: until, updatedAt: now }).where(eq(users.id, userId));
    await enqueuePlanNotice(tx, ctx.config, user, { kind: 'trialExtended', days, until });
    const row = await recordAdminAction(tx, {
      admin,
      action: 'user.extend_trial',
      targetUserId: userId,
      reason,
      details: { days, trialExpiresBefore: user.trialExpires?.toISOString() ?? null, trialExpiresAfter: until.toISOString() },
    });
    return row.id;
  });
}
