import { and, eq } from 'drizzle-orm';
import type { UsageReportInput } from '#shared/schemas/account';
import type { UsageBatchData, UsageItem } from '#shared/schemas/responses/account';
import type { Db } from '../../db/client';
import { usageBatches, usageEvents, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { entitlementOf } from '../billing/subscriptions/entitlement';

export type RecordedUsage = { kind: 'batch'; batch: UsageBatchData } | { kind: 'single'; usage: UsageItem };

/**
 * POST /usage: the desktop program reports what it used (decision 106), while the account is entitled (the rule of
 * GET /entitlement: a plan that grants access, else a running trial); otherwise 403 NOT_ENTITLED and nothing is kept.
 * A batch is recorded once per idempotency key: sent again, it answers what it answered the first time and adds
 * nothing (two sent at once: the second waits on the first's key and then finds it). One report (earlier versions of
 * the program) is recorded as it comes.
 */
export async function recordUsage(db: Db, user: UserRow, input: UsageReportInput, now = new Date()): Promise<RecordedUsage> {
  const entitlement = await entitlementOf(db, user, now);
  if (!entitlement.entitled) throw new AppError('FORBIDDEN', 'NOT_ENTITLED');

  if (!('events' in input)) {
    const [row] = await db
      .insert(usageEvents)
      .values({ userId: user.id, feature: input.feature, description: input.description, quantity: input.quantity, usageDate: now })
      .returning();
    return { kind: 'single', usage: { feature: row.feature, description: row.description, quantity: row.quantity, usageDate: row.usageDate.toISOString() } };
  }

  const batch = await db.transaction(async (tx) => {
    const [first] = await tx
      .insert(usageBatches)
      .values({ userId: user.id, idempotencyKey: input.idempotencyKey, accepted: input.events.length, receivedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!first) return null;
    await tx
      .insert(usageEvents)
      .values(input.events.map((e) => ({ userId: user.id, feature: e.feature, description: e.description, quantity: e.quantity, usageDate: e.usedAt ? new Date(e.usedAt) : now })));
    return first;
  });
  const row =
    batch ??
    (
      await db
        .select()
        .from(usageBatches)
        .where(and(eq(usageBatches.userId, user.id), eq(usageBatches.idempotencyKey, input.idempotencyKey)))
    )[0];
  return { kind: 'batch', batch: { idempotencyKey: row.idempotencyKey, accepted: row.accepted, receivedAt: row.receivedAt.toISOString() } };
}
