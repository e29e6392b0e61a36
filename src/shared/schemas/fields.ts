import { z } from 'zod';
import { LIMITS } from '../constants';
import { EMAIL_MAX, EMAIL_PATTERN, normaliseEmail } from '../email';
import { issue, type ErrorCode, type FieldName } from '../errors';

/** A string field that reports the spec's (R-5.1) "{Field} is required" when missing or blank (REQUIRED, by the field's key). */
export const requiredString = (field: FieldName) =>
  z
    .string({ error: issue('REQUIRED', { field }) })
    .trim()
    .min(1, issue('REQUIRED', { field }));

/**
 * Letters of any script, each with the marks written on it (Devanagari vowel signs and viramas, Tamil and Bengali
 * signs, a combining acute), the joiners some Indic spellings need (U+200C, U+200D), and spaces. A mark or joiner
 * only follows a letter, so a name of marks alone is refused. What may follow a letter (mark, joiner) never starts an
 * item, so the pattern runs in linear time (decision 130).
 */
const NAME_PATTERN = /^(?:\p{L}[\p{M}\u200C\u200D]*| )+$/u;

/**
 * First and last names: required, letters and spaces only, 2 to 50 characters; the length is checked first.
 * Kept in its composed form (NFC), so "José" typed with a combining acute is stored and found as the same name.
 * The one rule for names: sign-up and the profile, in the browser and on the server.
 */
export const personName = (field: FieldName) =>
  requiredString(field)
    .normalize('NFC')
    .max(LIMITS.nameMax, { message: issue('NAME_TOO_LONG', { field }), abort: true })
    .regex(NAME_PATTERN, issue('NAME_ALPHABETS', { field }))
    .min(LIMITS.nameMin, issue('NAME_TOO_SHORT', { field }));

/**
 * E-mail as typed: required, at most 254 characters (checked first, and a failure stops there, so no pattern
 * ever sees a long input), then normalised (trimmed, lowercased, domain in its one ASCII form) and checked
 * against the address grammar. The browser and the server give the same answer and the same value.
 */
export const email = z
  .string({ error: issue('EMAIL_REQUIRED') })
  .trim()
  .min(1, { message: issue('EMAIL_REQUIRED'), abort: true })
  .max(EMAIL_MAX, { message: issue('EMAIL_INVALID'), abort: true })
  .transform(normaliseEmail)
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: issue('EMAIL_INVALID') }).max(EMAIL_MAX, issue('EMAIL_INVALID')));

/**
 * The password rule with the spec's messages, most specific first. Only the message for a short password
 * differs: sign-up says 'Min 8 chars, 1 uppercase, …' (PASSWORD_RULE), a reset or change says 'Password must be at
 * least 8 …' (PASSWORD_MIN_LENGTH).
 */
export const passwordRule = (tooShort: Extract<ErrorCode, 'PASSWORD_RULE' | 'PASSWORD_MIN_LENGTH'>) =>
  z
    .string({ error: issue('PASSWORD_REQUIRED') })
    .min(1, issue('PASSWORD_REQUIRED'))
    .max(256, { message: issue('PASSWORD_RULE'), abort: true })
    .superRefine((value, ctx) => {
      if (value.length === 0) return;
      if (value.length < LIMITS.passwordMin) ctx.addIssue({ code: 'custom', message: issue(tooShort) });
      else if (!/[A-Z]/.test(value)) ctx.addIssue({ code: 'custom', message: issue('PASSWORD_UPPERCASE') });
      else if (!/\d/.test(value)) ctx.addIssue({ code: 'custom', message: issue('PASSWORD_NUMBER') });
      else if (!/[^A-Za-z0-9]/.test(value)) ctx.addIssue({ code: 'custom', message: issue('PASSWORD_SPECIAL') });
    });

/** The sign-up password rule. */
export const newPassword = passwordRule('PASSWORD_RULE');

export const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, issue('TEXT_TOO_LONG', { max }))
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const uuidParam = z.object({ id: z.uuid('Invalid id') });
