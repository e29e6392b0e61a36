import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { userTimeZone } from '#shared/dates';
import { enqueueMail } from '../mail/outbox';
import { passwordChangedMail } from '../mail/templates/password-changed';
import { loadMailTexts, mailLocale } from '../mail/texts';
import { retireEmailTokens } from './email-tokens';
import { recordSecurityEvent, type EventMeta } from './security-log';
import { revokeOtherSessions } from './sessions';

/**
 * Stores a new password and ends every other session: the token version moves on (old access tokens
 * get TOKEN_VERSION_MISMATCH) and the other sessions are revoked (their refresh tokens stop working); reset links
 * mailed before stop working too. The notice mail goes out in the same transaction.
 */
export async function setPassword(
  tx: Tx,
  user: UserRow,
  passwordHash: string,
  opts: { keepSessionId: string | null; how: 'changed' | 'reset'; meta?: EventMeta },
): Promise<UserRow> {
  const [updated] = await tx
    .update(users)
    .set({
      passwordHash,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id))
    .returning();
  await revokeOtherSessions(tx, user.id, opts.keepSessionId, 'password_changed');
  // A reset link mailed before stops working: it would undo this password.
  await retireEmailTokens(tx, user.id, 'reset');
  const locale = mailLocale(user.language);
  await loadMailTexts(locale);
  const mail = passwordChangedMail({ firstName: user.firstName, when: new Date(), timeZone: userTimeZone(user.timezone), how: opts.how }, locale);
  await enqueueMail(tx, { kind: 'password-changed', to: user.email, ...mail });
  await recordSecurityEvent(tx, user.id, opts.how === 'reset' ? 'password-reset' : 'password-changed', opts.meta);
  return updated;
}
