import { desc, eq } from 'drizzle-orm';
import type { PublicUser } from '#shared/api';
import type { UsageItem } from '#shared/schemas/account';
import type { Db } from '../../db/client';
import { usageEvents, type UserRow } from '../../db/schema';
import { toPublicUser } from '../auth/public-user';
import { userReadKey } from '../read-cache/registry';

export const RECENT_USAGE_LIMIT = 10;

/** The key under which a user's recent usage is kept by the read cache (announced by migration 0152). */
export const recentUsageKey = (userId: string) => userReadKey('recent-usage', userId);

/** GET /users/dashboard: the user and their latest usage reports (recentUsage). */
export function dashboard(user: UserRow, role: 'user' | 'admin', recent: UsageItem[]): { user: PublicUser; recentUsage: UsageItem[] } {
  return { user: toPublicUser(user, role), recentUsage: recent };
}

/** The read of the read cache's `recent-usage` (services/read-cache/registry.ts). */
export const recentUsageQuery = (db: Db, userId: string) =>
  db.select().from(usageEvents).where(eq(usageEvents.userId, userId)).orderBy(desc(usageEvents.usageDate), desc(usageEvents.id)).limit(RECENT_USAGE_LIMIT);

/** The user's latest usage reports, newest first. */
export async function recentUsage(db: Db, userId: string): Promise<UsageItem[]> {
  const rows = await recentUsageQuery(db, userId);
  return rows.map((r) => ({ feature: r.feature, description: r.description, quantity: r.quantity, usageDate: r.usageDate.toISOString() }));
}
