import type { PublicUser } from '#shared/api';
import type { UserRow } from '../../db/schema';
import { trialState } from './trial';

/** The user as the API shows it: never the password hash or token version. */
export function toPublicUser(u: UserRow, role: 'user' | 'admin' = 'user', now = new Date()): PublicUser {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phone: u.phone,
    company: u.company,
    designation: u.designation,
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
    isEmailVerified: u.isEmailVerified,
    subscriptionPlan: u.subscriptionPlan,
    subscriptionStatus: u.subscriptionStatus,
    ...trialState(u, now),
    role,
    createdAt: u.createdAt.toISOString(),
    address: { street: u.addressStreet, city: u.addressCity, state: u.addressState, country: u.addressCountry, pincode: u.addressPincode },
    preferences: { emailNotifications: u.emailNotifications, smsNotifications: u.smsNotifications, timezone: u.timezone, language: u.language },
  };
}
