import { z } from 'zod';
import { LIMITS } from '../constants';
import { MSG } from '../messages';

/** A string field that reports the spec's "{Field} is required" when missing or blank. */
export const requiredString = (label: string) =>
  z.string({ error: MSG.required(label) }).trim().min(1, MSG.required(label));

/** First and last names: required, letters and spaces only, 2 to 50 characters (spec §5). */
export const personName = (label: string) =>
  requiredString(label)
    .regex(/^[\p{L} ]+$/u, `${label} should contain only alphabets`)
    .min(LIMITS.nameMin, MSG.nameTooShort(label))
    .max(LIMITS.nameMax, MSG.nameTooLong(label));

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** E-mail as typed: trimmed and lowercased, required, address-like. */
export const email = z
  .string({ error: MSG.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, MSG.emailRequired)
  .max(254, MSG.emailInvalid)
  .regex(EMAIL_PATTERN, MSG.emailInvalid);

/**
 * The password rule with the spec's messages, most specific first. Only the message for a short password
 * differs: sign-up says 'Min 8 chars, 1 uppercase, …', a reset or change says 'Password must be at least 8 …'.
 */
export const passwordRule = (tooShortMessage: string) =>
  z
    .string({ error: MSG.passwordRequired })
    .min(1, MSG.passwordRequired)
    .max(256, MSG.passwordRule)
    .superRefine((value, ctx) => {
      if (value.length === 0) return;
      if (value.length < LIMITS.passwordMin) ctx.addIssue({ code: 'custom', message: tooShortMessage });
      else if (!/[A-Z]/.test(value)) ctx.addIssue({ code: 'custom', message: MSG.passwordUppercase });
      else if (!/\d/.test(value)) ctx.addIssue({ code: 'custom', message: MSG.passwordNumber });
      else if (!/[^A-Za-z0-9]/.test(value)) ctx.addIssue({ code: 'custom', message: MSG.passwordSpecial });
    });

/** The sign-up password rule. */
export const newPassword = passwordRule(MSG.passwordRule);

export const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, `Must not exceed ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const uuidParam = z.object({ id: z.string().uuid('Invalid id') });
