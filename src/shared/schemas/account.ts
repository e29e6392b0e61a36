import { z } from 'zod';
import { DEFAULT_TIMEZONE, LANGUAGES, TIMEZONES } from '../constants';
import { personName } from './fields';

/**
 * The profile form's own messages (texts the spec leaves open), here rather than in MSG, which the landing page
 * carries: the account's texts hold them under their names in every language (features/account/settings/profile-tab.tsx).
 */
export const PROFILE_MESSAGES = {
  phone: 'Please enter a valid phone number',
  company: 'Company should not exceed 100 characters',
  designation: 'Designation should not exceed 100 characters',
  street: 'Street should not exceed 200 characters',
  city: 'City should not exceed 100 characters',
  state: 'State should not exceed 100 characters',
  country: 'Country should not exceed 100 characters',
  pincode: 'Pincode should not exceed 20 characters',
} as const;

/** A free text of the profile, at most `max` characters. */
const text = (max: number, message: string) => z.string().trim().max(max, message);

const phone = z
  .string()
  .trim()
  .max(20, { message: PROFILE_MESSAGES.phone, abort: true })
  .regex(/^$|^\+?[0-9 ()-]{7,20}$/, PROFILE_MESSAGES.phone);

const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as [string, ...string[]];

/** PUT /auth/profile: every editable field of the User entity (spec §3); first and last names are required (spec §5). */
export const profileSchema = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  phone: phone.default(''),
  company: text(100, PROFILE_MESSAGES.company).default(''),
  designation: text(100, PROFILE_MESSAGES.designation).default(''),
  address: z
    .object({
      street: text(200, PROFILE_MESSAGES.street).default(''),
      city: text(100, PROFILE_MESSAGES.city).default(''),
      state: text(100, PROFILE_MESSAGES.state).default(''),
      country: text(100, PROFILE_MESSAGES.country).default('India'),
      pincode: text(20, PROFILE_MESSAGES.pincode).default(''),
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
