import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The desktop program's devices (0190, decision 184): one installation on one machine, holding a seat while seen. */
export const devices = pgTable('devices', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Random, made and kept by the program: a new one after a reinstall. */
  installId: text('install_id').notNull(),
  /** HMAC-SHA256 of the hardware hash the program sends (the hash itself is never kept). */
  hardwareHmac: text('hardware_hmac').notNull(),
  name: text('name').notNull(),
  os: text('os').notNull().default(''),
  appVersion: text('app_version').notNull().default(''),
  /** Where it was last activated or refreshed from, as sessions record it (services/auth/place.ts). */
  place: text('place').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** Written at activation and at most once an hour by refreshes. */
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  removedAt: ts('removed_at'),
  removedReason: text('removed_reason'),
  removedBy: text('removed_by', { enum: ['customer', 'admin'] }),
  /** When the same install id came from other hardware (a copied installation), for the admin to see. */
  cloneFlaggedAt: ts('clone_flagged_at'),
});

export type DeviceRow = typeof devices.$inferSelect;
