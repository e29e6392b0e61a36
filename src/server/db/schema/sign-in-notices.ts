import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { devices } from './devices';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A mail that told the account of a sign-in from a new browser or device (0310, decision 200): its "This wasn't me"
 * link's token, kept hashed, used once within NEW_SIGN_IN.secureDays; and what it told of.
 */
export const signInNotices = pgTable('sign_in_notices', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  userAgent: text('user_agent').notNull().default(''),
  ip: text('ip').notNull().default(''),
  place: text('place').notNull().default(''),
  /** The desktop program's device whose activation was told of; null for a browser's sign-in. */
  deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

export type SignInNoticeRow = typeof signInNotices.$inferSelect;
