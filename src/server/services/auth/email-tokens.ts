import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailTokens } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/crypto';

export type EmailTokenPurpose = 'verify' | 'reset';

/** How long a mailed link works (R-D4.4). */
/**
 * How many unused, unexpired links of one kind an account may hold (decision 103): asked for more, from however many
 * addresses, no further mail goes out until one is used or expires. The owner is never without a link: the ones held
 * are in their mailbox, and each works.
 */
export const LIVE_LINKS_PER_ACCOUNT = 10;

export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = { verify: 24 * 3_600_000, reset: 3_600_000 };

/**
 * Issues a single-use link token (stored hashed). Links mailed before keep working until they expire or are used, or
 * until the password is set (which retires every reset link): anyone may ask for a link to any address, so a new one
 * must not cancel the link its owner may be opening (decision 103).
 */
export async function issueEmailToken(db: DbOrTx, userId: string, purpose: EmailTokenPurpose): Promise<string> {
  const token = randomToken();
  await db.insert(emailTokens).values({ userId, purpose, tokenHash: sha256(token), expiresAt: new Date(Date.now() + EMAIL_TOKEN_TTL_MS[purpose]) });
  return token;
}

/** Whether the account holds fewer than LIVE_LINKS_PER_ACCOUNT unused, unexpired links of this purpose. */
export async function mayMailAnotherLink(db: DbOrTx, userId: string, purpose: EmailTokenPurpose): Promise<boolean> {
  const [{ live }] = await db
    .select({ live: sql<number>`count(*)::int` })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, sql`now()`)));
  return live < LIVE_LINKS_PER_ACCOUNT;
}

/** Every unused link of this purpose the user was mailed stops working (marked used). */
export async function retireEmailTokens(db: DbOrTx, userId: string, purpose: EmailTokenPurpose): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

/** Uses a token once: returns its user id, or null when it is unknown, used, expired or for another purpose. */
export async function consumeEmailToken(db: DbOrTx, token: string, purpose: EmailTokenPurpose): Promise<string | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.tokenHash, sha256(token)), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, sql`now()`)))
    .returning({ userId: emailTokens.userId });
  return row?.userId ?? null;
}

/** The user a still-valid token belongs to, without using it (for the per-account limit on resets). */
export async function peekEmailToken(db: DbOrTx, token: string, purpose: EmailTokenPurpose): Promise<string | null> {
  const [row] = await db
    .select({ userId: emailTokens.userId })
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, sha256(token)), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, sql`now()`)));
  return row?.userId ?? null;
}

/** The user a token of this purpose was issued to, used or expired alike (null when the token is unknown). */
export async function ownerOfEmailToken(db: DbOrTx, token: string, purpose: EmailTokenPurpose): Promise<string | null> {
  const [row] = await db
    .select({ userId: emailTokens.userId })
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, sha256(token)), eq(emailTokens.purpose, purpose)));
  return row?.userId ?? null;
}
