import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { sessions } from '../../db/schema';
import { revokeOtherSessions } from '../auth/sessions';
import { recordAdminAction, type AuditActor } from './audit';
import { lockCustomer } from './lock-customer';

/** Ends every session of the customer, web and desktop: each of their devices must sign in again. */
export async function adminEndSessions(ctx: Pick<AppContext, 'db'>, admin: AuditActor, userId: string, reason: string): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    await lockCustomer(tx, userId);
    const live = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    await revokeOtherSessions(tx, userId, null, 'ended_by_admin');
    const row = await recordAdminAction(tx, { admin, action: 'user.end_sessions', targetUserId: userId, reason, details: { sessionsEnded: live.length } });
    return row.id;
  });
}
