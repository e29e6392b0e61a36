import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { userTimeZone } from '#shared/dates';
import { localizedPath, type Locale } from '#shared/i18n/locales';
import { registerSchema, TURNSTILE_FIELD } from '#shared/schemas/auth';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { profiles, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { enqueueMail } from '../mail/outbox';
import { signupAttemptMail } from '../mail/templates/signup-attempt';
import { loadMailTexts, mailLocale } from '../mail/texts';
import { issueEmailToken } from './email-tokens';
import { resetPasswordUrl } from './links';
import { hashNewPassword } from './passwords';
import { sendVerificationMail } from './send-verification';

type RegisterInput = z.output<typeof registerSchema>;

/**
 * Creates an unverified account and mails the verification link (user, token and mail in one transaction). The
 * account has no trial yet: the one-day trial starts when the address is verified (decision 067), unless the address
 * had one before (decision 063).
 *
 * An address that already has an account gets the same answer as a new one (the caller answers nothing else), and
 * its owner a mail saying someone tried to sign up with it (with a reset link while unverified); that account is not
 * changed. The password is hashed in both cases, so the time taken tells nothing either. A new account speaks the
 * language of the page the visitor signed up on (`meta.locale`, from the request): its preference, and so its
 * verification mail and every later one.
 */
export async function register(ctx: AppContext, input: RegisterInput, meta: { ip: string; demoMailbox?: string | null; locale?: Locale }): Promise<void> {
  // The list of about 9 000 throw-away mail domains loads with the first sign-up, not at start.
  const { isDisposableEmail } = await import('./disposable');
  if (isDisposableEmail(input.email)) throw new AppError('VALIDATION_ERROR', 'DISPOSABLE_EMAIL');
  await ctx.botCheck.verify(input[TURNSTILE_FIELD], meta.ip);

  const passwordHash = await hashNewPassword(input.password);
  const keyOf = ctx.trialKey;
  await ctx.db.transaction(async (tx) => {
    const now = new Date();
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        ...(meta.locale && { language: meta.locale }),
        // Public demo only: the registering browser's mailbox (services/mail/demo-mailbox.ts); a taken address gets none.
        demoMailboxHash: meta.demoMailbox ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) return notifyOwner(tx, ctx.config, input.email, now);
    await tx.insert(profiles).values({ id: user.id, role: 'user' });
    await sendVerificationMail(tx, ctx.config, keyOf, user);
  });
}

/**
 * Tells the owner of a taken address that someone tried to sign up with it. An account still unverified gets a reset
 * link, never a verification link: its password is whoever signed up first's, so the mailbox's owner chooses it (the
 * reset verifies the address and ends every session).
 */
async function notifyOwner(tx: Tx, config: Config, email: string, when: Date): Promise<void> {
  const [owner] = await tx.select().from(users).where(eq(users.email, email)).for('update');
  if (!owner) return;
  // To the owner, in the owner's language (not the language of whoever tried).
  const locale = mailLocale(owner.language);
  const resetUrl = owner.isEmailVerified ? null : resetPasswordUrl(config, await issueEmailToken(tx, owner.id, 'reset'), locale);
  await loadMailTexts(locale);
  const signInUrl = `${config.publicUrl}${localizedPath(locale, '/')}`;
  const mail = signupAttemptMail({ firstName: owner.firstName, when, timeZone: userTimeZone(owner.timezone), signInUrl, resetUrl }, locale);
  await enqueueMail(tx, { kind: 'signup-attempt', to: owner.email, ...mail });
}
