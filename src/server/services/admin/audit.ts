import { ADMIN_ACTIONS, ADMIN_REASON_MAX, type AdminAction } from '#shared/admin-actions';
import type { DbOrTx } from '../../db/client';
import { adminAuditLog, type AdminAuditRow } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import type { Authenticated } from '../auth/sessions';

/** The admin who acts, as the audit log keeps them: the id and the e-mail they had at the time. */
export type AuditActor = { id: string; email: string };

export type AdminActionEntry = {
  admin: AuditActor;
  action: AdminAction;
  /** The customer the action was about (null when it concerns no account, e.g. a payment whose account was deleted). */
  targetUserId: string | null;
  /** Why: required for the actions that change money or access (ADMIN_ACTIONS[action].reasonRequired). */
  reason?: string | null;
  /** What changed, for the record: ids, amounts in paise, the dates before and after. */
  details?: Record<string, unknown>;
};

/** The application itself, acting without an admin (an automatic refund, decision 110): the nil id and the name 'system'. */
export const SYSTEM_ACTOR: AuditActor = { id: '00000000-0000-0000-0000-000000000000', email: 'system' };

/** The acting admin of a request guarded by requireAdmin. */
export const actorOf = (auth: Authenticated): AuditActor => ({ id: auth.user.id, email: auth.user.email });

/**
 * Writes one row of the admin audit log. Call it with the transaction that makes the change, so that the change
 * and its record are kept or lost together; a change made at the payment provider first (a refund, a cancellation)
 * is recorded in the transaction that stores its outcome. Refuses a missing reason where one is required.
 */
export async function recordAdminAction(db: DbOrTx, entry: AdminActionEntry): Promise<AdminAuditRow> {
  const reason = (entry.reason ?? '').trim();
  if (reason.length > ADMIN_REASON_MAX) throw badRequest('REASON_TOO_LONG');
  if (!reason && ADMIN_ACTIONS[entry.action].reasonRequired) throw badRequest('REASON_REQUIRED');
  const [row] = await db
    .insert(adminAuditLog)
    .values({ adminId: entry.admin.id, adminEmail: entry.admin.email, action: entry.action, targetUserId: entry.targetUserId, reason, details: entry.details ?? {} })
    .returning();
  return row;
}
