import { z } from 'zod';
import { DEVICE_TYPES, TURNSTILE_FIELD } from '../constants';
import { issue } from '../errors';
import { email, newPassword, passwordRule, personName } from './fields';

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: issue('PASSWORD_REQUIRED') })
    .min(1, issue('PASSWORD_REQUIRED'))
    .max(256, issue('PASSWORD_REQUIRED')),
  deviceType: z.enum(DEVICE_TYPES).default('web'),
  /** The sign-in proof of an earlier sign-in to this account, if the client stored one (decisions 061, 179). */
  signInProof: z.string().max(1024).optional().describe('The `signInProof` an earlier sign-in to this account gave this client, if it stored one.'),
  /** The same under its name before decision 179, from the clients made before; `signInProof` wins when both come. */
  deviceToken: z.string().max(1024).optional().describe('Deprecated: the name of `signInProof` before the rename; read when `signInProof` is absent.').meta({ deprecated: true }),
});
export type LoginInput = z.input<typeof loginSchema>;

export const logoutSchema = z.object({ deviceType: z.enum(DEVICE_TYPES).optional() }).optional();

export const refreshSchema = z.object({
  refreshToken: z
    .string({ error: issue('REFRESH_TOKEN_REQUIRED') })
    .min(1, issue('REFRESH_TOKEN_REQUIRED'))
    .max(512),
});

export { TURNSTILE_FIELD };

/** Sign-up. The disposable-address check runs on the server only; its message reaches the form. */
export const registerSchema = z
  .object({
    firstName: personName('firstName'),
    lastName: personName('lastName'),
    email,
    password: newPassword,
    confirmPassword: z.string({ error: issue('PASSWORDS_DO_NOT_MATCH') }).max(256),
    [TURNSTILE_FIELD]: z.string().max(4096).optional(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: issue('PASSWORDS_DO_NOT_MATCH'), path: ['confirmPassword'] });
export type RegisterInput = z.input<typeof registerSchema>;

/** Resend-verification and forgot-password: one address, lowercased and trimmed. */
export const emailOnlySchema = z.object({ email });
export type EmailOnlyInput = z.input<typeof emailOnlySchema>;

/**
 * A password chosen after sign-up (reset, change): the spec's length message first, then the
 * same character rules as sign-up so that no account ends up with a weaker password than it started with.
 */
export const changedPassword = passwordRule('PASSWORD_MIN_LENGTH');

const tokenField = z
  .string({ error: issue('INVALID_RESET_LINK') })
  .trim()
  .min(1, issue('INVALID_RESET_LINK'))
  .max(200, issue('INVALID_RESET_LINK'));

/** Password reset from the mailed link; confirmPassword is optional (one client variant sends it). */
export const resetPasswordSchema = z
  .object({ token: tokenField, password: changedPassword, confirmPassword: z.string().max(256).optional() })
  .refine((v) => v.confirmPassword === undefined || v.password === v.confirmPassword, { message: issue('PASSWORDS_DO_NOT_MATCH'), path: ['confirmPassword'] });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** The reset form in the browser always asks for the confirmation. */
export const resetPasswordFormSchema = z
  .object({ password: changedPassword, confirmPassword: z.string().max(256) })
  .refine((v) => v.password === v.confirmPassword, { message: issue('PASSWORDS_DO_NOT_MATCH'), path: ['confirmPassword'] });
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: issue('CURRENT_PASSWORD_REQUIRED') })
      .min(1, issue('CURRENT_PASSWORD_REQUIRED'))
      .max(256, issue('CURRENT_PASSWORD_REQUIRED')),
    newPassword: changedPassword,
    confirmPassword: z.string({ error: issue('NEW_PASSWORDS_DO_NOT_MATCH') }).max(256),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: issue('NEW_PASSWORDS_DO_NOT_MATCH'), path: ['confirmPassword'] });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** Account deletion asks for the account's password (decision 104), as a password change asks for the current one. */
export const deleteAccountSchema = z.object({
  password: z
    .string({ error: issue('PASSWORD_REQUIRED') })
    .min(1, issue('PASSWORD_REQUIRED'))
    .max(256, issue('PASSWORD_REQUIRED')),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

export const verifyEmailParams = z.object({ token: z.string().min(1, issue('INVALID_VERIFICATION_LINK')).max(200, issue('INVALID_VERIFICATION_LINK')) });

export const sessionIdParams = z.object({ id: z.uuid(issue('NOT_FOUND')) });
