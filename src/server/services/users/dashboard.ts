import { desc, eq } from 'drizzle-orm';
import type { PublicUser } from '../../../shared/api';
import type { UsageItem } from '../../../shared/schemas/account';
import type { Db } from '../../db/client';
import { usageEvents, type UserRow } from '../../db/schema';
import { toPublicUser } from '../auth/public-user';

export const RECENT_USAGE_LIMIT = 10;

/** GET /users/dashboard: the user and their latest usage reports. */
export async function dashboard(db: Db, user: UserRow, role: 'user' | 'admin'): Promise<{ user: PublicUser; recentUsage: UsageItem[] }> {
  const rows = await db
    .select()
    .from(usageEvents)
    .where(eq(usageEvents.userId, user.id))
    .orderBy(desc(usageEvents.usageDate), desc(usageEvents.id))
    .limit(RECENT_USAGE_LIMIT);
  return {
    user: toPublicUser(user, role),
    recentUsage: rows.map((r) => ({ feature: r.feature, description: r.description, quantity: r.quantity, usageDate: r.usageDate.toISOString() })),
  };
}
