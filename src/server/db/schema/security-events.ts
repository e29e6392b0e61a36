import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { SecurityEventKind } from '#shared/security-log';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An account's security log (0280, issue 36): what happened, from which browser or device, where. */
export const securityEvents = pgTable('security_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind').$type<SecurityEventKind>().notNull(),
  /** What the kind names: the sign-in method, the passkey's or device's name, the new address. */
  detail: text('detail').notNull().default(''),
  userAgent: text('user_agent').notNull().default(''),
  ip: text('ip').notNull().default(''),
  place: text('place').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export type SecurityEventRow = typeof securityEvents.$inferSelect;
