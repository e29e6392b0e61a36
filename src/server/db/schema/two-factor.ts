import { bigint, boolean, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An account's authenticator app (0240, decision 192). */
export const totpFactors = pgTable('totp_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The base32 secret sealed with TWO_FACTOR_KEY (lib/sealed.ts). */
  secretSealed: text('secret_sealed').notNull(),
  /** Null while the enrolment waits for its first code. */
  confirmedAt: ts('confirmed_at'),
  /** The time step of the last accepted code: a code of this step or an earlier one is refused. */
  lastStep: bigint('last_step', { mode: 'number' }),
  lastUsedAt: ts('last_used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** One recovery code (0240): its HMAC, spent once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHmac: text('code_hmac').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique().on(t.userId, t.codeHmac)],
);

/** A sign-in waiting for its second step (0240). */
export const signInChallenges = pgTable('sign_in_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenVersion: integer('token_version').notNull(),
  deviceType: text('device_type', { enum: ['web', 'desktop'] }).notNull(),
  userAgent: text('user_agent').notNull().default(''),
  ip: text('ip').notNull().default(''),
  place: text('place').notNull().default(''),
  /** Whether the password step was shown a sign-in proof of the account (0310); null when none could be (a passkey's). */
  signInProof: boolean('sign_in_proof'),
  failures: integer('failures').notNull().default(0),
  /** The first step's proof (0290, decision 198): after a passkey, a passkey is no second step. */
  firstStep: text('first_step', { enum: ['password', 'passkey'] })
    .notNull()
    .default('password'),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

export type TotpFactorRow = typeof totpFactors.$inferSelect;
export type SignInChallengeRow = typeof signInChallenges.$inferSelect;
