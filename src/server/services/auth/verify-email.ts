import { eq } from 'drizzle-orm';
import { MSG } from '../../../shared/messages';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { consumeEmailToken } from './email-tokens';

/** Marks the address of the link's account verified; the link works once, for 24 hours. */
export async function verifyEmail(db: Db, token: string): Promise<{ email: string }> {
  return db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, token, 'verify');
    if (!userId) throw new AppError('BAD_REQUEST', MSG.emailVerificationFailed, 'INVALID_TOKEN');
    const [user] = await tx.update(users).set({ isEmailVerified: true, emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, userId)).returning({ email: users.email });
    return user;
  });
}
