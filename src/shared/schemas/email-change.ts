import { z } from 'zod';
import { email } from './fields';

/** POST /auth/email-change: the address the account moves to (decision 194). */
export const emailChangeSchema = z.object({ newEmail: email.describe('The new address: a link to it confirms the change.') });
export type EmailChangeInput = z.input<typeof emailChangeSchema>;

/** The e-mail change's links (confirm, undo): the token of the mailed link. */
export const emailChangeTokenSchema = z.object({ token: z.string().min(1).max(200).describe("The mailed link's `token`.") });

/** POST /auth/email-change/confirm. */
export const emailChangedSchema = z.object({ email: z.string().describe("The account's address now.") });

/** POST /auth/email-change/undo: the address the account has again, and a password reset link's token for the new password. */
export const emailChangeUndoneSchema = z.object({
  email: z.string().describe("The account's address now (the old one, unless another account took it since)."),
  resetToken: z.string().describe('The token of a password reset link (1 hour): the password stopped working.'),
});
