import { z } from 'zod';
import { CONTACT_LIMITS } from '../constants';
import { issue, type FieldName } from '../errors';
import { email, requiredString } from './fields';
import { pageParam } from './page';

export { CONTACT_LIMITS };

const tooLong = (field: FieldName, max: number) => issue('FIELD_TOO_LONG', { field, max });

/** POST /contact (R-3 Payloads: name, email, subject, message; all required, email valid). */
export const contactSchema = z.object({
  name: requiredString('name').max(CONTACT_LIMITS.name, tooLong('name', CONTACT_LIMITS.name)),
  email,
  subject: requiredString('subject').max(CONTACT_LIMITS.subject, tooLong('subject', CONTACT_LIMITS.subject)),
  message: requiredString('message').max(CONTACT_LIMITS.message, tooLong('message', CONTACT_LIMITS.message)),
  /** The Turnstile token, required only when the bot check is on. */
  'cf-turnstile-response': z.string().max(4096).optional(),
});
export type ContactInput = z.input<typeof contactSchema>;

/** The contact form as the visitor fills it (the same rules, with the form's labels). */
export const contactFormSchema = z.object({
  name: requiredString('fullName').max(CONTACT_LIMITS.name, tooLong('fullName', CONTACT_LIMITS.name)),
  email,
  subject: requiredString('subject').max(CONTACT_LIMITS.subject, tooLong('subject', CONTACT_LIMITS.subject)),
  message: requiredString('message').max(CONTACT_LIMITS.message, tooLong('message', CONTACT_LIMITS.message)),
});
export type ContactForm = z.input<typeof contactFormSchema>;

export const CONTACT_INBOX_FILTERS = ['open', 'handled', 'all'] as const;
export type ContactInboxFilter = (typeof CONTACT_INBOX_FILTERS)[number];

export const contactInboxQuery = z.object({
  page: pageParam,
  limit: z.coerce.number().int().min(1).max(50).default(20),
  status: z.enum(CONTACT_INBOX_FILTERS).default('open'),
});

export const markHandledSchema = z.object({ handled: z.boolean({ error: 'handled must be true or false' }) });

export type { ContactInbox, ContactMessage } from './responses/contact';
