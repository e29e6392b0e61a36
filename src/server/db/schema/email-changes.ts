import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A change of an account's e-mail address (0260, decision 194): its confirmation link and its undo link, each kept hashed. */
export const emailChanges = pgTable('email_changes', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  oldEmail: text('old_email').notNull(),
  newEmail: text('new_email').notNull(),
  confirmTokenHash: text('confirm_token_hash').notNull().unique(),
  undoTokenHash: text('undo_token_hash').notNull().unique(),
  confirmExpiresAt: ts('confirm_expires_at').notNull(),
  undoExpiresAt: ts('undo_expires_at').notNull(),
  confirmedAt: ts('confirmed_at'),
  undoneAt: ts('undone_at'),
  cancelledAt: ts('cancelled_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export type EmailChangeRow = typeof emailChanges.$inferSelect;
