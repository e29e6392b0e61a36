import { eq } from 'drizzle-orm';
import type { Profile } from '#shared/schemas/account';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../../db/schema';

/** Saves the profile fields of the User entity; e-mail and password have their own flows. */
export async function updateProfile(db: Db, userId: string, p: Profile): Promise<UserRow> {
  const [user] = await db
    .update(users)
    .set({
      firstName: p.firstName,
      lastName: p.lastName,
      phone: p.phone || null,
      company: p.company || null,
      designation: p.designation || null,
      addressStreet: p.address.street,
      addressCity: p.address.city,
      addressState: p.address.state,
      addressCountry: p.address.country || 'India',
      addressPincode: p.address.pincode,
      emailNotifications: p.preferences.emailNotifications,
      smsNotifications: p.preferences.smsNotifications,
      timezone: p.preferences.timezone,
      language: p.preferences.language,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  return user;
}
