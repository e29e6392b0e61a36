import { bigint, boolean, date, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phone: text('phone'),
  company: text('company'),
  designation: text('designation'),
  addressStreet: text('address_street').notNull().default(''),
  addressCity: text('address_city').notNull().default(''),
  addressState: text('address_state').notNull().default(''),
  addressCountry: text('address_country').notNull().default('India'),
  addressPincode: text('address_pincode').notNull().default(''),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  smsNotifications: boolean('sms_notifications').notNull().default(false),
  timezone: text('timezone').notNull().default('Asia/Kolkata'),
  language: text('language').notNull().default('en'),
  isEmailVerified: boolean('is_email_verified').notNull().default(false),
  emailVerifiedAt: ts('email_verified_at'),
  subscriptionPlan: text('subscription_plan').notNull().default('free'),
  subscriptionStatus: text('subscription_status').notNull().default('free'),
  trialExpires: ts('trial_expires'),
  tokenVersion: integer('token_version').notNull().default(0),
  lastLoginAt: ts('last_login_at'),
  /** SHA-256 of the demo mailbox cookie of the browser that registered the account (public demo only, 0070). */
  demoMailboxHash: text('demo_mailbox_hash'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const profiles = pgTable('profiles', {
  id: uuid('id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  role: text('role', { enum: ['user', 'admin'] })
    .notNull()
    .default('user'),
});

export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  deviceType: text('device_type', { enum: ['web', 'desktop'] }).notNull(),
  userAgent: text('user_agent').notNull().default(''),
  ip: text('ip').notNull().default(''),
  place: text('place').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  revokedReason: text('revoked_reason'),
  /** Step-up (0240, decision 192): until when this session may make a sensitive change. */
  stepUpUntil: ts('step_up_until'),
  /** When this session passed a second factor (0250, decision 193): admins act only from such a session. */
  secondFactorAt: ts('second_factor_at'),
});

export const refreshTokens = pgTable('refresh_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: ts('created_at').notNull().defaultNow(),
  usedAt: ts('used_at'),
});

export const emailTokens = pgTable('email_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['verify', 'reset'] }).notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Sign-in proofs handed out and not retired (decisions 102, 179): the proof's id (`jti`), newest few per account. */
export const signInProofs = pgTable('sign_in_proofs', {
  id: text('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const usageEvents = pgTable('usage_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  feature: text('feature').notNull(),
  description: text('description').notNull().default(''),
  quantity: integer('quantity').notNull().default(1),
  usageDate: ts('usage_date').notNull().defaultNow(),
});

/** A batch of usage reports by its idempotency key (decision 106): the first answer, so a repeat adds nothing. */
export const usageBatches = pgTable(
  'usage_batches',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    accepted: integer('accepted').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.idempotencyKey] })],
);

/** Old usage reports rolled up by housekeeping: per account, day in the site's zone and feature. */
export const usageDays = pgTable(
  'usage_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    feature: text('feature').notNull(),
    events: integer('events').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    lastUsedAt: ts('last_used_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.feature] })],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
