import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { sessions, users, type SessionRow, type UserRow } from '../../db/schema';
import { safeEqual } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { checkCurrentPassword } from './check-current-password';
import { hashNewPassword } from './passwords';
import type { EventMeta } from './security-log';
import { passwordChanged } from './sessions';
import { setPassword } from './set-password';

/**
 * Changes the password of the signed-in user. Every other session ends; this one carries on with a
 * fresh access token (the old one names the previous token version). A reset or change that commits while the
 * current password is checked wins: this one is refused as a session whose password changed.
 */
export async function changePassword(
  ctx: Pick<AppContext, 'db' | 'accessTokens'>,
  auth: { user: UserRow; session: SessionRow },
  input: { currentPassword: string; newPassword: string },
  meta?: EventMeta,
): Promise<{ token: string }> {
  await checkCurrentPassword(auth.user, input.currentPassword);
  if (input.currentPassword === input.newPassword) throw new AppError('BAD_REQUEST', 'SAME_PASSWORD');
  const passwordHash = await hashNewPassword(input.newPassword);
  const user = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(users).where(eq(users.id, auth.user.id)).for('update');
    const [session] = await tx.select({ revokedAt: sessions.revokedAt }).from(sessions).where(eq(sessions.id, auth.session.id));
    // The current password was checked against a row kept up to 1 s: a reset or change committed since then wins.
    const unchanged = locked && locked.tokenVersion === auth.user.tokenVersion && safeEqual(locked.passwordHash, auth.user.passwordHash);
    if (!unchanged || !session || session.revokedAt) throw passwordChanged();
    return setPassword(tx, locked, passwordHash, { keepSessionId: auth.session.id, how: 'changed', meta });
  });
  const token = await ctx.accessTokens.sign({ sub: user.id, sid: auth.session.id, tv: user.tokenVersion });
  return { token };
}
