import { eq } from 'drizzle-orm';
import { LIMITS } from '#shared/constants';
import type { DbOrTx } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { hadTrial, rememberTrial, type TrialKey } from './trial-memory';

const DAY_MS = 86_400_000;

/**
 * The one-day trial starts when the address is verified, the first moment the account can be used (decision 067).
 * Before that the account is not on trial and has no trial end; an address that had its trial (in an earlier,
 * deleted account) gets none, and its trial end is the verification time ('Trial ended').
 */
export function trialState(user: Pick<UserRow, 'isEmailVerified' | 'trialExpires'>, now = new Date()): { isOnTrial: boolean; trialExpires: string | null } {
  if (!user.isEmailVerified || !user.trialExpires) return { isOnTrial: false, trialExpires: null };
  return { isOnTrial: user.trialExpires > now, trialExpires: user.trialExpires.toISOString() };
}

/**
 * Whether verifying this account starts a trial: its address never had one. An account made before trials started at
 * verification had its trial granted, and remembered, at sign-up (trial_expires after created_at): that grant is its own.
 */
export async function trialDueOnVerification(tx: DbOrTx, keyOf: TrialKey, user: Pick<UserRow, 'email' | 'trialExpires' | 'createdAt'>): Promise<boolean> {
  if (user.trialExpires && user.trialExpires > user.createdAt) return true;
  return !(await hadTrial(tx, keyOf.all(user.email)));
}

/**
 * Marks the account's address verified at `now` and starts its trial there (remembering the address), once: an account
 * already verified is returned unchanged, so a second verification never grants a second trial. Call it in a
 * transaction that holds the user row locked.
 */
export async function markEmailVerified(tx: DbOrTx, keyOf: TrialKey, user: UserRow, now = new Date()): Promise<{ user: UserRow; trialStarted: boolean }> {
  if (user.isEmailVerified) return { user, trialStarted: false };
  const trial = await trialDueOnVerification(tx, keyOf, user);
  const [updated] = await tx
    .update(users)
    .set({ isEmailVerified: true, emailVerifiedAt: now, trialExpires: trial ? new Date(now.getTime() + LIMITS.trialDays * DAY_MS) : now, updatedAt: now })
    .where(eq(users.id, user.id))
    .returning();
  if (trial) await rememberTrial(tx, keyOf(user.email));
  return { user: updated, trialStarted: trial };
}
