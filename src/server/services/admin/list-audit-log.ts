import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AuditLogQuery } from '#shared/schemas/admin';
import type { AuditEntry, AuditLog } from '#shared/schemas/responses/admin-audit';
import type { DbOrTx } from '../../db/client';
import { adminAuditLog, users } from '../../db/schema';
import { paginate } from '../../lib/pagination';

/** GET /admin/audit-log: one page of the audit log, newest first, optionally one customer's or one action's rows. */
export async function listAuditLog(db: DbOrTx, q: AuditLogQuery): Promise<AuditLog> {
  const filters: SQL[] = [];
  if (q.userId) filters.push(eq(adminAuditLog.targetUserId, q.userId));
  if (q.action) filters.push(eq(adminAuditLog.action, q.action));
  const where = filters.length ? and(...filters) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(adminAuditLog).where(where);
  const { offset, ...pagination } = paginate(q.page, total, q.limit);
  const rows = await db
    .select({ entry: adminAuditLog, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(adminAuditLog)
    .leftJoin(users, eq(users.id, adminAuditLog.targetUserId))
    .where(where)
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(q.limit)
    .offset(offset);
  return {
    entries: rows.map(({ entry, email, firstName, lastName }): AuditEntry => ({
      id: entry.id,
      createdAt: entry.createdAt.toISOString(),
      action: entry.action,
      admin: { id: entry.adminId, email: entry.adminEmail },
      target: entry.targetUserId ? { id: entry.targetUserId, email, name: email === null ? null : `${firstName} ${lastName}`.trim() } : null,
      reason: entry.reason,
      details: entry.details,
    })),
    pagination,
  };
}
