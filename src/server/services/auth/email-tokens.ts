import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailTokens } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/crypto';

export type EmailTokenPurpose = 'verify' | 'reset';

/** How long a mailed link works (DESIGN §4). */
export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = { verify: 24 * 3_600_000, reset: 3_600_000 };

/** Issues a single-use link token (stored hashed); earlier unused tokens of the same purpose stop working. */
export async function issueEmailToken(db: DbOrTx, userId: string, purpose: EmailTokenPurpose): Promise<string> {
  await retireEmailTokens(db, userId, purpose);
  const token = randomToken();
  await db.insert(emailTokens).values({ userId, purpose, tokenHash: sha256(token), expiresAt: new Date(Date.now() + EMAIL_TOKEN_TTL_MS[purpose]) });
  return token;
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
