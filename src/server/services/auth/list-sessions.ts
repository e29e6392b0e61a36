import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import type { ActiveSession } from '#shared/schemas/account';
import { describeUserAgent } from './user-agent';

/** The user's live sessions: the current one first and marked, then the others most recently used first. */
export async function listSessions(db: Db, userId: string, currentSessionId: string): Promise<ActiveSession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt));
  const current = rows.filter((s) => s.id === currentSessionId);
  return [...current, ...rows.filter((s) => s.id !== currentSessionId)].map((s) => ({
    id: s.id,
    deviceType: s.deviceType,
    ...describeUserAgent(s.userAgent),
    place: s.place,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
    current: s.id === currentSessionId,
  }));
}
