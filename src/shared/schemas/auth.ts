import { z } from 'zod';
import { DEVICE_TYPES, TURNSTILE_FIELD } from '../constants';
import { MSG } from '../messages';
import { email, newPassword, passwordRule, personName } from './fields';

export const loginSchema = z.object({
  email,
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(256, MSG.passwordRequired),
  deviceType: z.enum(DEVICE_TYPES).default('web'),
  /** The device token of an earlier sign-in to this account, if the client kept one (decision 061). */
  deviceToken: z.string().max(1024).optional(),
});
export type LoginInput = z.input<typeof loginSchema>;

export const logoutSchema = z.object({ deviceType: z.enum(DEVICE_TYPES).optional() }).optional();

export const refreshSchema = z.object({
  refreshToken: z.string({ error: 'Refresh token is required' }).min(1, 'Refresh token is required').max(512),
});

export { TURNSTILE_FIELD };

/** Sign-up (spec §5). The disposable-address check runs on the server only; its message reaches the form. */
export const registerSchema = z
  .object({
    firstName: personName('First name'),
    lastName: personName('Last name'),
    email,
    password: newPassword,
    confirmPassword: z.string({ error: MSG.passwordsDoNotMatch }).max(256),
    [TURNSTILE_FIELD]: z.string().max(4096).optional(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.passwordsDoNotMatch, path: ['confirmPassword'] });
export type RegisterInput = z.input<typeof registerSchema>;

/** Resend-verification and forgot-password: one address, lowercased and trimmed. */
export const emailOnlySchema = z.object({ email });
export type EmailOnlyInput = z.input<typeof emailOnlySchema>;

/**
 * A password chosen after sign-up (reset, change): the spec's length message first, then the
 * same character rules as sign-up so that no account ends up with a weaker password than it started with.
 */
export const changedPassword = passwordRule(MSG.passwordMinLength);

const tokenField = z.string({ error: MSG.invalidResetLink }).trim().min(1, MSG.invalidResetLink).max(200, MSG.invalidResetLink);

/** Password reset from the mailed link; confirmPassword is optional (one client variant sends it). */
export const resetPasswordSchema = z
  .object({ token: tokenField, password: changedPassword, confirmPassword: z.string().max(256).optional() })
  .refine((v) => v.confirmPassword === undefined || v.password === v.confirmPassword, { message: MSG.passwordsDoNotMatch, path: ['confirmPassword'] });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** The reset form in the browser always asks for the confirmation. */
export const resetPasswordFormSchema = z
  .object({ password: changedPassword, confirmPassword: z.string().max(256) })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.passwordsDoNotMatch, path: ['confirmPassword'] });
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: MSG.currentPasswordRequired }).min(1, MSG.currentPasswordRequired).max(256, MSG.currentPasswordRequired),
    newPassword: changedPassword,
    confirmPassword: z.string({ error: MSG.newPasswordsDoNotMatch }).max(256),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: MSG.newPasswordsDoNotMatch, path: ['confirmPassword'] });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const verifyEmailParams = z.object({ token: z.string().min(1, MSG.invalidVerificationLink).max(200, MSG.invalidVerificationLink) });

export const sessionIdParams = z.object({ id: z.uuid(MSG.notFound) });
