import { and, desc, eq, lt, or } from 'drizzle-orm';
import { SECURITY_LOG, type SecurityEventKind } from '#shared/security-log';
import type { SecurityLogData } from '#shared/schemas/security-log';
import type { DbOrTx } from '#server/db/client';
import { securityEvents } from '#server/db/schema';
import { describeUserAgent } from './user-agent';

/** A desktop device as the security log and its mails name it: its name and system. */
export const deviceLabel = (d: { name: string; os: string }) => (d.os ? `${d.name} (${d.os})` : d.name);

/** Where an event came from: the request's browser or program, address and place (services/auth/place.ts). */
export type EventMeta = { userAgent?: string; ip?: string; place?: string };

/**
 * Writes one event to the account's security log (issue 36). Called inside the change's own transaction where there
 * is one, so an event is kept exactly when what it tells of happened.
 */
export async function recordSecurityEvent(db: DbOrTx, userId: string, kind: SecurityEventKind, meta: EventMeta = {}, detail = ''): Promise<void> {
  await db.insert(securityEvents).values({
    userId,
    kind,
    detail: detail.slice(0, 200),
    userAgent: (meta.userAgent ?? '').slice(0, 400),
    ip: (meta.ip ?? '').slice(0, 64),
    place: (meta.place ?? '').slice(0, 120),
  });
}

/** The account's log, newest first, SECURITY_LOG.pageSize at a time; `before` names the last event of the page before. */
export async function listSecurityEvents(db: DbOrTx, userId: string, before?: string): Promise<SecurityLogData> {
  const mine = eq(securityEvents.userId, userId);
  let where = mine;
  if (before) {
    const [from] = await db
      .select({ at: securityEvents.createdAt, id: securityEvents.id })
      .from(securityEvents)
      .where(and(mine, eq(securityEvents.id, before)));
    if (!from) return { events: [], next: null };
    where = and(mine, or(lt(securityEvents.createdAt, from.at), and(eq(securityEvents.createdAt, from.at), lt(securityEvents.id, from.id))))!;
  }
  const rows = await db
    .select()
    .from(securityEvents)
    .where(where)
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(SECURITY_LOG.pageSize + 1);
  const page = rows.slice(0, SECURITY_LOG.pageSize);
  return {
    events: page.map((r) => ({ id: r.id, kind: r.kind, at: r.createdAt.toISOString(), detail: r.detail, ...describeUserAgent(r.userAgent), ip: r.ip, place: r.place })),
    next: rows.length > SECURITY_LOG.pageSize ? page[page.length - 1].id : null,
  };
}

/** Whether the account has signed in before, from anywhere (its first sign-in is told to nobody: decision 200). */
export async function hasSignedIn(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: securityEvents.id })
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, userId), eq(securityEvents.kind, 'sign-in')))
    .limit(1);
  return Boolean(row);
}

/** Whether the account has signed in before, and from this browser and system (a new one is told by mail: decision 200). */
export async function signedInBeforeFrom(db: DbOrTx, userId: string, userAgent: string): Promise<{ any: boolean; same: boolean }> {
  const want = describeUserAgent(userAgent);
  const rows = await db
    .select({ userAgent: securityEvents.userAgent })
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, userId), eq(securityEvents.kind, 'sign-in')))
    .orderBy(desc(securityEvents.createdAt))
    .limit(200);
  const same = rows.some((r) => {
    const seen = describeUserAgent(r.userAgent);
    return seen.browser === want.browser && seen.os === want.os;
  });
  return { any: rows.length > 0, same };
}
