import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { normaliseEmail } from '../../../shared/email';
import type { Db, DbOrTx } from '../../db/client';
import { trialGrants } from '../../db/schema';
import { sharedSecret } from '../../lib/secrets';

/**
 * One trial per address, remembered without keeping the address (decision 063): an HMAC-SHA-256 of the address with a
 * server secret generated once and kept in the database. Without the secret the hashes cannot be checked against a
 * list of addresses; deleting the secret forgets every trial.
 */
export type TrialKey = (email: string) => string;

/**
 * The keyed hash of an address in its one normalised spelling (case, root dot and IDN form do not make a new address).
 * Made once at start by the composition root (ctx.trialKey), so that no request creates the secret.
 */
export async function createTrialKey(db: Db): Promise<TrialKey> {
  const secret = await sharedSecret(db, 'trial_memory_secret');
  return (email) => createHmac('sha256', secret).update(normaliseEmail(email)).digest('hex');
}

/** Whether the address already had a trial (in this or an earlier, deleted account). */
export async function hadTrial(tx: DbOrTx, hash: string): Promise<boolean> {
  const rows = await tx.select({ hash: trialGrants.emailHash }).from(trialGrants).where(eq(trialGrants.emailHash, hash));
  return rows.length > 0;
}

/** Remembers that the address had its trial (when it is granted, and when an account is deleted). */
export async function rememberTrial(tx: DbOrTx, hash: string): Promise<void> {
  await tx.insert(trialGrants).values({ emailHash: hash }).onConflictDoNothing();
}
