import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Addresses that had their trial, as a keyed hash of the normalised address (0080, decision 063). */
export const trialGrants = pgTable('trial_grants', {
  emailHash: text('email_hash').primaryKey(),
  grantedAt: timestamp('granted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
