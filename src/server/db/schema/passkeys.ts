import { bigint, boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An account's passkey (0270, decision 196). */
export const passkeys = pgTable('passkeys', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The credential's id, base64url, as the browser names it. */
  credentialId: text('credential_id').notNull().unique(),
  /** The COSE public key, base64url. */
  publicKey: text('public_key').notNull(),
  counter: bigint('counter', { mode: 'number' }).notNull().default(0),
  /** The authenticator's transports, a JSON array (hints for the browser). */
  transports: text('transports').notNull().default('[]'),
  /** `singleDevice` or `multiDevice` (a synced passkey). */
  deviceType: text('device_type').notNull(),
  backedUp: boolean('backed_up').notNull().default(false),
  aaguid: text('aaguid').notNull().default(''),
  name: text('name').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastUsedAt: ts('last_used_at'),
});

/**
 * A WebAuthn challenge handed out (0270): for adding a passkey (with its account), signing in with one (without), and
 * (decision 198) the second step after a password and step-up (with the account whose passkeys may answer).
 */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  challenge: text('challenge').notNull().unique(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['register', 'sign-in', 'second-step', 'step-up'] }).notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export type PasskeyRow = typeof passkeys.$inferSelect;
