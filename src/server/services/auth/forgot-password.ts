import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { enqueueMail } from '../mail/outbox';
import { passwordResetMail } from '../mail/templates/password-reset';
import { loadMailTexts, mailLocale } from '../mail/texts';
import { issueEmailToken, mayMailAnotherLink } from './email-tokens';
import { resetPasswordUrl } from './links';

/**
 * Mails a reset link (1 hour, single use) when the address has an account and holds fewer than LIVE_LINKS_PER_ACCOUNT
 * live ones, in its language; silent otherwise.
 */
export async function forgotPassword(ctx: AppContext, email: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, email)).for('update');
    // Links enough in the mailbox already (decision 103): nothing more, however many addresses ask.
    if (!user || !(await mayMailAnotherLink(tx, user.id, 'reset'))) return;
    const token = await issueEmailToken(tx, user.id, 'reset');
    const locale = mailLocale(user.language);
    await loadMailTexts(locale);
    const mail = passwordResetMail({ firstName: user.firstName, url: resetPasswordUrl(ctx.config, token, locale) }, locale);
    await enqueueMail(tx, { kind: 'password-reset', to: user.email, ...mail });
  });
}
