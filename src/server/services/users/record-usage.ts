import type { UsageInput } from '../../../shared/schemas/account';
import type { UsageItem } from '../../../shared/schemas/account';
import type { Db } from '../../db/client';
import { usageEvents } from '../../db/schema';

/** POST /usage: the desktop program reports one use of a feature. */
export async function recordUsage(db: Db, userId: string, input: Required<Pick<UsageInput, 'feature'>> & { description: string; quantity: number }): Promise<UsageItem> {
  const [row] = await db.insert(usageEvents).values({ userId, feature: input.feature, description: input.description, quantity: input.quantity }).returning();
  return { feature: row.feature, description: row.description, quantity: row.quantity, usageDate: row.usageDate.toISOString() };
}
