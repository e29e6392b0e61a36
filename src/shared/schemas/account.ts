import { z } from 'zod';
import { DEFAULT_TIMEZONE, LANGUAGES, TIMEZONES } from '../constants';
import { personName } from './fields';

const text = (label: string, max: number) => z.string().trim().max(max, `${label} should not exceed ${max} characters`);

const phone = z
  .string()
  .trim()
  .max(20, { message: 'Please enter a valid phone number', abort: true })
  .regex(/^$|^\+?[0-9 ()-]{7,20}$/, 'Please enter a valid phone number');

const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as [string, ...string[]];

/** PUT /auth/profile: every editable field of the User entity (spec §3); first and last names are required (spec §5). */
export const profileSchema = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  phone: phone.default(''),
  company: text('Company', 100).default(''),
  designation: text('Designation', 100).default(''),
  address: z
    .object({
      street: text('Street', 200).default(''),
      city: text('City', 100).default(''),
      state: text('State', 100).default(''),
      country: text('Country', 100).default('India'),
      pincode: text('Pincode', 20).default(''),
    })
    .default({ street: '', city: '', state: '', country: 'India', pincode: '' }),
  preferences: z
    .object({
      emailNotifications: z.boolean().default(true),
      smsNotifications: z.boolean().default(false),
      timezone: z.enum(TIMEZONES, { error: 'Please choose one of the listed timezones' }).default(DEFAULT_TIMEZONE),
      language: z.enum(LANGUAGE_CODES, { error: 'Please choose one of the listed languages' }).default('en'),
    })
    .default({ emailNotifications: true, smsNotifications: false, timezone: DEFAULT_TIMEZONE, language: 'en' }),
});
export type ProfileInput = z.input<typeof profileSchema>;
export type Profile = z.output<typeof profileSchema>;

/** POST /usage: what the desktop program reports. */
export const usageSchema = z.object({
  feature: z.string({ error: 'Feature is required' }).trim().min(1, 'Feature is required').max(100, 'Feature should not exceed 100 characters'),
  description: z.string().trim().max(500, 'Description should not exceed 500 characters').default(''),
  quantity: z.coerce.number({ error: 'Quantity must be a whole number' }).int('Quantity must be a whole number').min(1, 'Quantity must be at least 1').max(1_000_000, 'Quantity is too large').default(1),
});
export type UsageInput = z.input<typeof usageSchema>;

/** The client's Danger Zone check before the browser's confirm dialog (spec §5). */
export const DELETE_CONFIRMATION = 'DELETE';

export type { ActiveSession, UsageItem } from './responses/account';
