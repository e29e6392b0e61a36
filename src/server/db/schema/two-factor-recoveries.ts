import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Why a recovery by e-mail ended without turning two-step verification off (0320, decision 201). */
export const RECOVERY_CANCEL_REASONS = ['link', 'signed-in', 'session', 'two-factor-off', 'admin-reset', 'password-changed', 'expired'] as const;
export type RecoveryCancelReason = (typeof RECOVERY_CANCEL_REASONS)[number];

/**
 * A recovery of two-step verification by e-mail (0320, decision 201): asked for after the password, finished by the
 * link mailed when the wait is over; at most one open (neither completed nor cancelled) per account.
 */
export const twoFactorRecoveries = pgTable('two_factor_recoveries', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenVersion: integer('token_version').notNull(),
  cancelTokenHash: text('cancel_token_hash').notNull().unique(),
  /** Made when the wait is over, with the mail that carries it. */
  finishTokenHash: text('finish_token_hash').unique(),
  userAgent: text('user_agent').notNull().default(''),
  ip: text('ip').notNull().default(''),
  place: text('place').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  readyAt: ts('ready_at').notNull(),
  readyMailedAt: ts('ready_mailed_at'),
  finishExpiresAt: ts('finish_expires_at'),
  completedAt: ts('completed_at'),
  cancelledAt: ts('cancelled_at'),
  cancelReason: text('cancel_reason').$type<RecoveryCancelReason>(),
});

export type TwoFactorRecoveryRow = typeof twoFactorRecoveries.$inferSelect;
