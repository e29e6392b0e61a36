import { z } from 'zod';
import { issue } from '../errors';
import { authenticationResponseSchema } from './passkeys';

/** An authenticator app's code (6 digits; spaces typed between the groups are dropped) or a recovery code. */
const code = z
  .string({ error: issue('INVALID_TWO_FACTOR_CODE') })
  .trim()
  .min(1, issue('INVALID_TWO_FACTOR_CODE'))
  .max(40, issue('INVALID_TWO_FACTOR_CODE'))
  .transform((value) => value.replace(/\s/g, ''));

const signInChallenge = z.string().min(1).max(200).describe('The `challenge` the password step answered.');

/** Exactly one of the values is given. */
const one = (...values: unknown[]) => values.filter((v) => v !== undefined).length === 1;

/** POST /auth/login/second-factor: the sign-in's challenge and one proof: a code, a recovery code or a passkey's answer. */
export const secondFactorSchema = z
  .object({
    challenge: signInChallenge,
    code: code.optional().describe("A code of the account's authenticator app."),
    recoveryCode: code.optional().describe('One of the recovery codes, instead of `code` (each works once).'),
    passkey: authenticationResponseSchema
      .optional()
      .describe("Instead of a code: the browser's answer to the options of POST /auth/login/second-factor/passkey-options, by one of the account's passkeys."),
  })
  .refine((b) => one(b.code, b.recoveryCode, b.passkey), { error: issue('INVALID_TWO_FACTOR_CODE') });
export type SecondFactorInput = z.input<typeof secondFactorSchema>;

/** POST /auth/two-factor/confirm: a code of the authenticator being enrolled. */
export const confirmTwoFactorSchema = z.object({ code: code.describe('A code the newly added authenticator app shows.') });

/** POST /auth/login/second-factor/passkey-options: the sign-in waiting for its second step. */
export const secondStepPasskeyOptionsSchema = z.object({ challenge: signInChallenge });

/** POST /auth/step-up: the password, a code of the authenticator (never a recovery code), or a passkey's answer. */
export const stepUpSchema = z
  .object({
    password: z.string().min(1).max(256).optional(),
    code: code.optional(),
    passkey: authenticationResponseSchema
      .optional()
      .describe("The browser's answer to the options of POST /auth/step-up/passkey-options, with the user verified (a PIN, a fingerprint, a face)."),
  })
  .refine((b) => one(b.password, b.code, b.passkey), { error: issue('PASSWORD_REQUIRED') });
export type StepUpInput = z.input<typeof stepUpSchema>;
