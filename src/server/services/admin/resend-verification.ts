import type { AppContext } from '../../context';
import { conflict } from '../../lib/errors';
import { sendVerificationMail } from '../auth/send-verification';
import { recordAdminAction, type AuditActor } from './audit';
import { lockCustomer } from './lock-customer';

/** Sends a fresh verification link to a customer whose address is not verified yet. */
export async function adminResendVerification(ctx: Pick<AppContext, 'db' | 'config' | 'trialKey'>, admin: AuditActor, userId: string, reason: string): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const user = await lockCustomer(tx, userId);
    if (user.isEmailVerified) throw conflict('ALREADY_VERIFIED');
    await sendVerificationMail(tx, ctx.config, ctx.trialKey, user);
    // No address in the row (decision 080: the customer's id only): the log outlives a deleted account.
    const row = await recordAdminAction(tx, { admin, action: 'user.resend_verification', targetUserId: userId, reason });
    return row.id;
  });
}
