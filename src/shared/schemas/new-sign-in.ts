import { z } from 'zod';

/** POST /auth/secure-account: the token of a new sign-in mail's "This wasn't me" link (decision 200). */
export const secureAccountSchema = z.object({ token: z.string().min(1).max(200).describe("The mailed link's `token`.") });

/** POST /auth/secure-account: every session ended, the password void; a password reset link's token for the new password. */
export const accountSecuredSchema = z.object({
  resetToken: z.string().describe('The token of a password reset link (1 hour): the password stopped working.'),
});
