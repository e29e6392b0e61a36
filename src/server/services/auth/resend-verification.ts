import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { mayMailAnotherLink } from './email-tokens';
import { sendVerificationMail } from './send-verification';

/**
 * Mails a fresh verification link when the address belongs to an unverified account holding fewer than
 * LIVE_LINKS_PER_ACCOUNT live ones (decision 103). The caller answers
 * the same in every case, so the call does not tell who has an account.
 */
export async function resendVerification(ctx: AppContext, email: string): Promise<void> {
  const keyOf = ctx.trialKey;
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, email)).for('update');
    if (!user || user.isEmailVerified || !(await mayMailAnotherLink(tx, user.id, 'verify'))) return;
    await sendVerificationMail(tx, ctx.config, keyOf, user);
  });
}
