import { z } from 'zod';
import { LIMITS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { registerSchema, TURNSTILE_FIELD } from '../../../shared/schemas/auth';
import type { AppContext } from '../../context';
import { profiles, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { authDeps } from './deps';
import { isDisposableEmail } from './disposable';
import { hashPassword } from './passwords';
import { sendVerificationMail } from './send-verification';

type RegisterInput = z.output<typeof registerSchema>;

/**
 * Creates an unverified account with its one-day trial and mails the verification link
 * (user, token and mail in one transaction).
 */
export async function register(ctx: AppContext, input: RegisterInput, meta: { ip: string }): Promise<{ id: string; email: string }> {
  if (isDisposableEmail(input.email)) throw new AppError('VALIDATION_ERROR', MSG.emailDisposable, 'DISPOSABLE_EMAIL');
  await authDeps(ctx).botCheck.verify(input[TURNSTILE_FIELD], meta.ip);

  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const now = new Date();
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        trialExpires: new Date(now.getTime() + LIMITS.trialDays * 86_400_000),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) throw new AppError('CONFLICT', MSG.emailTaken, 'EMAIL_TAKEN');
    await tx.insert(profiles).values({ id: user.id, role: 'user' });
    await sendVerificationMail(tx, ctx.config, user);
    return { id: user.id, email: user.email };
  });
}
