import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { verifyPassword } from './passwords';

/**
 * Asks a signed-in session for the account's password before a change an access token alone must not make (a password
 * change, account deletion: decision 104). A wrong one is 400 WRONG_PASSWORD with the spec's (R-5.6) 'Current password is
 * incorrect'. The caller counts the attempt per account first (`currentPasswordAccount`), so a stolen access token
 * cannot guess on.
 */
export async function checkCurrentPassword(user: Pick<UserRow, 'passwordHash'>, password: string): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('BAD_REQUEST', 'WRONG_PASSWORD');
}
