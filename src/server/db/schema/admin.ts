import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AdminAction } from '#shared/admin-actions';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Every admin action on a customer (0120): who (id and e-mail at the time), when, what, on whom, why. */
export const adminAuditLog = pgTable('admin_audit_log', {
  id: uuid('id').primaryKey().defaultRandom(),
  adminId: uuid('admin_id').notNull(),
  adminEmail: text('admin_email').notNull(),
  action: text('action').$type<AdminAction>().notNull(),
  targetUserId: uuid('target_user_id'),
  reason: text('reason').notNull().default(''),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export type AdminAuditRow = typeof adminAuditLog.$inferSelect;
