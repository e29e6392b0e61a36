import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { LIMITS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { registerSchema, TURNSTILE_FIELD } from '../../../shared/schemas/auth';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { profiles, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { enqueueMail } from '../mail/outbox';
import { signupAttemptMail } from '../mail/templates/signup-attempt';
import { authDeps } from './deps';
import { isDisposableEmail } from './disposable';
import { issueEmailToken } from './email-tokens';
import { verifyEmailUrl } from './links';
import { hashPassword } from './passwords';
import { sendVerificationMail } from './send-verification';
import { hadTrial, rememberTrial, trialKey } from './trial-memory';

type RegisterInput = z.output<typeof registerSchema>;

/**
 * Creates an unverified account and mails the verification link (user, token and mail in one transaction). The
 * one-day trial comes with the account unless the address had one before (decision 063): then the trial is over
 * from the start ('Trial ended').
 *
 * An address that already has an account gets the same answer as a new one (the caller answers nothing else), and
 * its owner a mail saying someone tried to sign up with it; that account is not changed. The password is hashed in
 * both cases, so the time taken tells nothing either.
 */
export async function register(ctx: AppContext, input: RegisterInput, meta: { ip: string; demoMailbox?: string | null }): Promise<void> {
  if (isDisposableEmail(input.email)) throw new AppError('VALIDATION_ERROR', MSG.emailDisposable, 'DISPOSABLE_EMAIL');
  await authDeps(ctx).botCheck.verify(input[TURNSTILE_FIELD], meta.ip);

  const passwordHash = await hashPassword(input.password);
  const trialHash = (await trialKey(ctx.db))(input.email);
  await ctx.db.transaction(async (tx) => {
    const now = new Date();
    const trial = !(await hadTrial(tx, trialHash));
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        trialExpires: trial ? new Date(now.getTime() + LIMITS.trialDays * 86_400_000) : now,
        // Public demo only: the registering browser's mailbox (services/mail/demo-mailbox.ts); a taken address gets none.
        demoMailboxHash: meta.demoMailbox ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) return notifyOwner(tx, ctx.config, input.email, now);
    await tx.insert(profiles).values({ id: user.id, role: 'user' });
    if (trial) await rememberTrial(tx, trialHash);
    await sendVerificationMail(tx, ctx.config, user);
  });
}

/** Tells the owner of a taken address that someone tried to sign up with it (with a fresh link if still unverified). */
async function notifyOwner(tx: Tx, config: Config, email: string, when: Date): Promise<void> {
  const [owner] = await tx.select().from(users).where(eq(users.email, email)).for('update');
  if (!owner) return;
  const verifyUrl = owner.isEmailVerified ? null : verifyEmailUrl(config, await issueEmailToken(tx, owner.id, 'verify'));
  const mail = signupAttemptMail({ firstName: owner.firstName, when, signInUrl: `${config.publicUrl}/`, verifyUrl });
  await enqueueMail(tx, { kind: 'signup-attempt', to: owner.email, ...mail });
}
