import { eq } from 'drizzle-orm';
import { MSG } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { users, type SessionRow, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from './passwords';
import { setPassword } from './set-password';

/**
 * Changes the password of the signed-in user. Every other session ends; this one carries on with a
 * fresh access token (the old one names the previous token version).
 */
export async function changePassword(
  ctx: Pick<AppContext, 'db' | 'accessTokens'>,
  auth: { user: UserRow; session: SessionRow },
  input: { currentPassword: string; newPassword: string },
): Promise<{ token: string }> {
  if (!(await verifyPassword(auth.user.passwordHash, input.currentPassword))) throw new AppError('BAD_REQUEST', MSG.currentPasswordWrong, 'WRONG_PASSWORD');
  if (input.currentPassword === input.newPassword) throw new AppError('BAD_REQUEST', MSG.samePassword, 'SAME_PASSWORD');
  const passwordHash = await hashPassword(input.newPassword);
  const user = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(users).where(eq(users.id, auth.user.id)).for('update');
    return setPassword(tx, locked, passwordHash, { keepSessionId: auth.session.id, how: 'changed' });
  });
  const token = await ctx.accessTokens.sign({ sub: user.id, sid: auth.session.id, tv: user.tokenVersion });
  return { token };
}
