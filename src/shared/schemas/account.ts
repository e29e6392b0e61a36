import { z } from 'zod';
import { DEFAULT_TIMEZONE, LANGUAGES, TIMEZONES } from '../constants';
import { issue, type ErrorCode } from '../errors';
import { personName } from './fields';

/** A free text of the profile, at most `max` characters (its own code says which field and how long). */
const text = (max: number, code: ErrorCode) => z.string().trim().max(max, issue(code));

const phone = z
  .string()
  .trim()
  .max(20, { message: issue('PHONE_INVALID'), abort: true })
  .regex(/^$|^\+?[0-9 ()-]{7,20}$/, issue('PHONE_INVALID'));

const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as [string, ...string[]];

/** PUT /auth/profile: every editable field of the User entity; first and last names are required. */
export const profileSchema = z.object({
  firstName: personName('firstName'),
  lastName: personName('lastName'),
  phone: phone.default(''),
  company: text(100, 'PROFILE_COMPANY_TOO_LONG').default(''),
  designation: text(100, 'DESIGNATION_TOO_LONG').default(''),
  address: z
    .object({
      street: text(200, 'STREET_TOO_LONG').default(''),
      city: text(100, 'CITY_TOO_LONG').default(''),
      state: text(100, 'STATE_TOO_LONG').default(''),
      country: text(100, 'COUNTRY_TOO_LONG').default('India'),
      pincode: text(20, 'PINCODE_TOO_LONG').default(''),
    })
    .default({ street: '', city: '', state: '', country: 'India', pincode: '' }),
  preferences: z
    .object({
      emailNotifications: z.boolean().default(true),
      smsNotifications: z.boolean().default(false),
      timezone: z.enum(TIMEZONES, { error: issue('TIMEZONE_FROM_LIST') }).default(DEFAULT_TIMEZONE),
      language: z.enum(LANGUAGE_CODES, { error: issue('LANGUAGE_FROM_LIST') }).default('en'),
    })
    .default({ emailNotifications: true, smsNotifications: false, timezone: DEFAULT_TIMEZONE, language: 'en' }),
});
export type ProfileInput = z.input<typeof profileSchema>;
export type Profile = z.output<typeof profileSchema>;

/**
 * The bounds of POST /usage (decision 106): events in one batch, the quantity of one event, how far back an event may
 * be dated (reports older than that are rolled up into daily counts), and the idempotency key's spelling.
 */
export const USAGE_REPORTS = { maxEvents: 50, maxQuantity: 1000, backdateDays: 7, keyPattern: /^[A-Za-z0-9._:-]{8,100}$/ } as const;

const DAY_MS = 86_400_000;
/** A clock a few minutes ahead of the server's is not a reason to refuse a report. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** One use of a feature, as the desktop program reports it (alone, or as an event of a batch). */
export const usageSchema = z.object({
  feature: z.string({ error: 'Feature is required' }).trim().min(1, 'Feature is required').max(100, 'Feature should not exceed 100 characters'),
  description: z.string().trim().max(500, 'Description should not exceed 500 characters').default(''),
  quantity: z.coerce
    .number({ error: 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(USAGE_REPORTS.maxQuantity, 'Quantity is too large')
    .default(1)
    .describe(`How many times, 1 to ${USAGE_REPORTS.maxQuantity}.`),
});

/** An event of a batch: a report, and when it happened (the time the batch arrives when absent). */
export const usageEventSchema = usageSchema.extend({
  usedAt: z.iso
    .datetime({ offset: true, error: 'Usage time must be an ISO 8601 time' })
    .refine((at) => {
      const t = Date.parse(at);
      return t <= Date.now() + CLOCK_SKEW_MS && t >= Date.now() - USAGE_REPORTS.backdateDays * DAY_MS;
    }, `Usage time must be within the last ${USAGE_REPORTS.backdateDays} days`)
    .optional()
    .describe(`When it happened (ISO 8601), at most ${USAGE_REPORTS.backdateDays} days ago; the time the batch arrives when absent.`),
});

/** A batch of reports: sent again with the same key (a retry), it answers as the first time and adds nothing. */
export const usageBatchSchema = z
  .object({
    idempotencyKey: z
      .string({ error: 'Idempotency key is required' })
      .regex(USAGE_REPORTS.keyPattern, 'Idempotency key must be 8 to 100 letters, digits or . _ : -')
      .describe('Chosen by the program for this batch (a UUID), the same when the batch is sent again.'),
    events: z
      .array(usageEventSchema, { error: 'Events must be a list of usage reports' })
      .min(1, 'Events must hold at least one usage report')
      .max(USAGE_REPORTS.maxEvents, `A batch holds at most ${USAGE_REPORTS.maxEvents} usage reports`),
  })
  .meta({ id: 'UsageBatch', description: 'The usage of a while, sent as one batch with an idempotency key.' });

/**
 * POST /usage: a batch (`{ idempotencyKey, events }`), or one report as the desktop program's earlier versions send it
 * (`{ feature, description?, quantity? }`, kept for them; the product spec defines no body for this call).
 */
export const usageReportSchema = z.union([usageBatchSchema, usageSchema.meta({ id: 'UsageReport', description: 'One report (earlier versions of the desktop program).' })], {
  // Refused by both forms: the message of the form the body meant (a batch names its key or events), else a hint.
  error: (issue) => {
    if (issue.code !== 'invalid_union') return undefined;
    const input = issue.input;
    const meant = input && typeof input === 'object' ? ('events' in input || 'idempotencyKey' in input ? 0 : 'feature' in input ? 1 : -1) : -1;
    return (meant >= 0 ? issue.errors[meant]?.[0]?.message : undefined) ?? 'Send one usage report (feature) or a batch (idempotencyKey and events)';
  },
});
export type UsageBatchInput = z.output<typeof usageBatchSchema>;
export type UsageReportInput = z.output<typeof usageReportSchema>;
export type UsageInput = z.input<typeof usageSchema>;

/** The client's Danger Zone check before the browser's confirm dialog. */
export const DELETE_CONFIRMATION = 'DELETE';

export type { ActiveSession, UsageItem } from './responses/account';
