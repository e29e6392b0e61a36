import { z } from 'zod';
import { LIMITS } from '../constants';
import { EMAIL_MAX, EMAIL_PATTERN, normaliseEmail } from '../email';
import { MSG } from '../messages';

/** A string field that reports the spec's "{Field} is required" when missing or blank. */
export const requiredString = (label: string) =>
  z.string({ error: MSG.required(label) }).trim().min(1, MSG.required(label));

/** Letters (any script) and spaces: one character class, so it runs in linear time. */
const NAME_PATTERN = /^[\p{L} ]+$/u;

/** First and last names: required, letters and spaces only, 2 to 50 characters (spec §5); the length is checked first. */
export const personName = (label: string) =>
  requiredString(label)
    .max(LIMITS.nameMax, { message: MSG.nameTooLong(label), abort: true })
    .regex(NAME_PATTERN, `${label} should contain only alphabets`)
    .min(LIMITS.nameMin, MSG.nameTooShort(label));

/**
 * E-mail as typed: required, at most 254 characters (checked first, and a failure stops there, so no pattern
 * ever sees a long input), then normalised (trimmed, lowercased, domain in its one ASCII form) and checked
 * against the address grammar. The browser and the server give the same answer and the same value.
 */
export const email = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, { message: MSG.emailRequired, abort: true })
  .max(EMAIL_MAX, { message: MSG.emailInvalid, abort: true })
  .transform(normaliseEmail)
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: MSG.emailInvalid }).max(EMAIL_MAX, MSG.emailInvalid));

/**
 * The password rule with the spec's messages, most specific first. Only the message for a short password
 * differs: sign-up says 'Min 8 chars, 1 uppercase, …', a reset or change says 'Password must be at least 8 …'.
 */
export const passwordRule = (tooShortMessage: string) =>
  z
    .string({ error: MSG.passwordRequired })
    .min(1, MSG.passwordRequired)
    .max(256, { message: MSG.passwordRule, abort: true })
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

export const uuidParam = z.object({ id: z.uuid('Invalid id') });
