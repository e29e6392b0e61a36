import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const DEVICE_GRANT_STATUSES = ['pending', 'approved', 'denied', 'issued'] as const;
export type DeviceGrantStatus = (typeof DEVICE_GRANT_STATUSES)[number];

/** Sign-in through the system browser (0200, decision 185): one device authorization request of RFC 8628. */
export const deviceGrants = pgTable('device_grants', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** SHA-256 of the device code the program polls with. */
  deviceCodeHash: text('device_code_hash').notNull().unique(),
  /** SHA-256 of the normalised user code (8 letters, no dash). */
  userCodeHash: text('user_code_hash').notNull().unique(),
  deviceName: text('device_name').notNull().default(''),
  deviceOs: text('device_os').notNull().default(''),
  status: text('status', { enum: DEVICE_GRANT_STATUSES }).notNull().default('pending'),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  decidedBySessionId: uuid('decided_by_session_id'),
  tokenVersion: integer('token_version'),
  sessionId: uuid('session_id'),
  intervalSeconds: integer('interval_seconds').notNull(),
  lastPolledAt: ts('last_polled_at'),
  ip: text('ip').notNull().default(''),
  place: text('place').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  decidedAt: ts('decided_at'),
  issuedAt: ts('issued_at'),
});

export type DeviceGrantRow = typeof deviceGrants.$inferSelect;
