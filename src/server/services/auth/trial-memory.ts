import { createHmac } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { mailboxOf, normaliseEmail } from '#shared/email';
import type { Db, DbOrTx } from '../../db/client';
import { trialGrants } from '../../db/schema';
import { sharedSecret } from '../../lib/secrets';

/**
 * One trial per address, remembered without keeping the address (decision 063): an HMAC-SHA-256 of the address with a
 * server secret generated once and kept in the database. Without the secret the hashes cannot be checked against a
 * list of addresses; deleting the secret forgets every trial.
 */
export type TrialKey = {
  /** The key a trial is remembered under: the keyed hash of the mailbox behind the address. */
  (email: string): string;
  /** Every key the address's trial may have been remembered under: its mailbox's, and its own normal form's. */
  all: (email: string) => string[];
};

/**
 * The keyed hash of the mailbox behind an address (`mailboxOf`, shared/email.ts: case, root dot, IDN form, a `+tag`,
 * and Gmail's dots and second domain do not make a new address; decision 100). Trials granted before decision 100 were
 * remembered under the address's normal form, so `all` gives that key too (the same one when nothing was dropped).
 * Made once at start by the composition root (ctx.trialKey), so that no request creates the secret.
 */
export async function createTrialKey(db: Db): Promise<TrialKey> {
  const secret = await sharedSecret(db, 'trial_memory_secret');
  const hash = (value: string) => createHmac('sha256', secret).update(value).digest('hex');
  const key = (email: string) => hash(mailboxOf(email));
  return Object.assign(key, { all: (email: string) => [...new Set([key(email), hash(normaliseEmail(email))])] });
}

/** Whether the address already had a trial (in this or an earlier, deleted account), under any of its keys. */
export async function hadTrial(tx: DbOrTx, hashes: string[]): Promise<boolean> {
  const rows = await tx.select({ hash: trialGrants.emailHash }).from(trialGrants).where(inArray(trialGrants.emailHash, hashes)).limit(1);
  return rows.length > 0;
}

/** Remembers that the address had its trial (when it is granted, and when an account is deleted). */
export async function rememberTrial(tx: DbOrTx, hash: string): Promise<void> {
  await tx.insert(trialGrants).values({ emailHash: hash }).onConflictDoNothing();
}
