import { bigint, boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { RELEASE_CHANNELS, RELEASE_STATUSES } from '#shared/schemas/releases';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The desktop program's releases (0220, decision 190). */
export const releases = pgTable('releases', {
  id: uuid('id').primaryKey().defaultRandom(),
  version: text('version').notNull(),
  channel: text('channel', { enum: RELEASE_CHANNELS }).notNull(),
  status: text('status', { enum: RELEASE_STATUSES }).notNull().default('draft'),
  rolloutPercent: integer('rollout_percent').notNull().default(100),
  notes: text('notes').notNull().default(''),
  minOsVersion: text('min_os_version').notNull().default(''),
  fileName: text('file_name').notNull(),
  fileSize: bigint('file_size', { mode: 'number' }).notNull(),
  /** SHA-512 of the installer, base64 (electron-updater's `sha512`). */
  sha512: text('sha512').notNull(),
  /** SHA-256, hex, shown to people; empty for an external file. */
  sha256: text('sha256').notNull().default(''),
  /** The minisign signature (.sig text, base64) Tauri's updater checks; empty when none was given. */
  signature: text('signature').notNull().default(''),
  storageKey: text('storage_key'),
  externalUrl: text('external_url'),
  /** electron-updater's blockmap of the installer, served at its address + ".blockmap" (0230); none without one. */
  blockmapKey: text('blockmap_key'),
  blockmapSize: bigint('blockmap_size', { mode: 'number' }),
  /** Every older program must update: the lease's min_app_version is at least this version (0230, decision 184). */
  required: boolean('required').notNull().default(false),
  releasedAt: ts('released_at').notNull().defaultNow(),
  publishedAt: ts('published_at'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export type ReleaseRow = typeof releases.$inferSelect;

/** Downloads of each release from the site's button, once per address and hour (0230). */
export const releaseDownloads = pgTable('release_downloads', {
  releaseId: uuid('release_id')
    .primaryKey()
    .references(() => releases.id, { onDelete: 'cascade' }),
  downloads: bigint('downloads', { mode: 'number' }).notNull().default(0),
});
