import { eq } from 'drizzle-orm';
import { MSG } from '../../../shared/messages';
import type { Db } from '../../db/client';
import { users, type SessionRow, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AccessTokens } from './access-token';
import { hashPassword, verifyPassword } from './passwords';
import { setPassword } from './set-password';

/**
 * Changes the password of the signed-in user. Every other session ends; this one carries on with a
 * fresh access token (the old one names the previous token version).
 */
export async function changePassword(
  db: Db,
  tokens: AccessTokens,
  auth: { user: UserRow; session: SessionRow },
  input: { currentPassword: string; newPassword: string },
): Promise<{ token: string }> {
  if (!(await verifyPassword(auth.user.passwordHash, input.currentPassword))) throw new AppError('BAD_REQUEST', MSG.currentPasswordWrong, 'WRONG_PASSWORD');
  if (input.currentPassword === input.newPassword) throw new AppError('BAD_REQUEST', MSG.samePassword, 'SAME_PASSWORD');
  const passwordHash = await hashPassword(input.newPassword);
  const user = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(users).where(eq(users.id, auth.user.id)).for('update');
    return setPassword(tx, locked, passwordHash, { keepSessionId: auth.session.id, how: 'changed' });
  });
  const token = await tokens.sign({ sub: user.id, sid: auth.session.id, tv: user.tokenVersion });
  return { token };
}
