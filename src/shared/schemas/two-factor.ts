import { z } from 'zod';
import { issue } from '../errors';

/** An authenticator app's code (6 digits; spaces typed between the groups are dropped) or a recovery code. */
const code = z
  .string({ error: issue('INVALID_TWO_FACTOR_CODE') })
  .trim()
  .min(1, issue('INVALID_TWO_FACTOR_CODE'))
  .max(40, issue('INVALID_TWO_FACTOR_CODE'))
  .transform((value) => value.replace(/\s/g, ''));

/** POST /auth/login/second-factor: the sign-in's challenge and one code of either kind. */
export const secondFactorSchema = z
  .object({
    challenge: z.string().min(1).max(200).describe('The `challenge` the password step answered.'),
    code: code.optional().describe("A code of the account's authenticator app."),
    recoveryCode: code.optional().describe('One of the recovery codes, instead of `code` (each works once).'),
  })
  .refine((b) => (b.code === undefined) !== (b.recoveryCode === undefined), { error: issue('INVALID_TWO_FACTOR_CODE') });
export type SecondFactorInput = z.input<typeof secondFactorSchema>;

/** POST /auth/two-factor/confirm: a code of the authenticator being enrolled. */
export const confirmTwoFactorSchema = z.object({ code: code.describe('A code the newly added authenticator app shows.') });

/** POST /auth/step-up: the password, or a code of the authenticator (never a recovery code). */
export const stepUpSchema = z
  .object({
    password: z.string().min(1).max(256).optional(),
    code: code.optional(),
  })
  .refine((b) => (b.password === undefined) !== (b.code === undefined), { error: issue('PASSWORD_REQUIRED') });
export type StepUpInput = z.input<typeof stepUpSchema>;
