import type { PublicUser } from '#shared/api';
import type { Locale } from '#shared/i18n/locales';
import type { ProfileInput } from '#shared/schemas/account';
import { authApi } from '../auth/auth-api';

/** The profile as Settings edits it, from the user as the API gives it (every field of the User entity). */
export const profileDefaults = (u: PublicUser): ProfileInput => ({
  firstName: u.firstName,
  lastName: u.lastName,
  phone: u.phone ?? '',
  company: u.company ?? '',
  designation: u.designation ?? '',
  address: { ...u.address, country: u.address?.country || 'India' },
  // The server only ever stores one of the listed timezones and languages.
  preferences: { ...u.preferences } as NonNullable<ProfileInput['preferences']>,
});

/**
 * The language switcher's choice inside the signed-in area: saved as the account's preference, as Settings saves it
 * (the area speaks the preference, decision 090). Loaded with the first choice, not with the pages.
 */
export async function saveLanguage(user: PublicUser, language: Locale): Promise<void> {
  const profile = profileDefaults(user);
  await authApi.updateProfile({ ...profile, preferences: { ...profile.preferences, language } });
}
