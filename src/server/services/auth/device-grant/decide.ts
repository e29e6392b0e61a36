import { and, eq, sql } from 'drizzle-orm';
import { formatUserCode, normalizeUserCode } from '#shared/schemas/device-grant';
import type { DeviceGrantDto } from '#shared/schemas/responses/device-grant';
import type { AppContext } from '#server/context';
import { deviceGrants, type DeviceGrantRow, type SessionRow, type UserRow } from '#server/db/schema';
import { sha256 } from '#server/lib/crypto';
import { conflict, notFound } from '#server/lib/errors';

type Who = { user: Pick<UserRow, 'id' | 'tokenVersion'>; session: Pick<SessionRow, 'id'> };

/** What the approval page shows of a grant this session may see. */
const toDto = (code: string, g: DeviceGrantRow): DeviceGrantDto => ({
  userCode: formatUserCode(code),
  deviceName: g.deviceName,
  deviceOs: g.deviceOs,
  status: g.status === 'pending' ? 'pending' : g.status === 'denied' ? 'denied' : 'approved',
  expiresAt: g.expiresAt.toISOString(),
});

/**
 * The grant a typed user code names, as this session may see it: unknown (or not a code at all) DEVICE_CODE_NOT_FOUND;
 * decided by another session DEVICE_CODE_USED (whoever it was: the code is spent); still pending but past its
 * lifetime DEVICE_CODE_EXPIRED. A grant this session decided is shown with its decision.
 */
async function readGrant(ctx: Pick<AppContext, 'db'>, typed: string, who: Who): Promise<{ code: string; grant: DeviceGrantRow }> {
  const code = normalizeUserCode(typed);
  if (!code) throw notFound('DEVICE_CODE_NOT_FOUND');
  const [found] = await ctx.db
    .select({ grant: deviceGrants, expired: sql<boolean>`${deviceGrants.expiresAt} <= now()` })
    .from(deviceGrants)
    .where(eq(deviceGrants.userCodeHash, sha256(code)));
  if (!found) throw notFound('DEVICE_CODE_NOT_FOUND');
  if (found.grant.status !== 'pending') {
    if (found.grant.decidedBySessionId !== who.session.id) throw conflict('DEVICE_CODE_USED');
    return { code, grant: found.grant };
  }
  if (found.expired) throw notFound('DEVICE_CODE_EXPIRED');
  return { code, grant: found.grant };
}

/** POST /auth/device/lookup: the device a code names, for the approval page to ask "Sign in Stealth Browser on {device}?". */
export async function lookupDeviceGrant(ctx: Pick<AppContext, 'db'>, typed: string, who: Who): Promise<DeviceGrantDto> {
  const { code, grant } = await readGrant(ctx, typed, who);
  return toDto(code, grant);
}

/**
 * POST /auth/device/decision: the signed-in user approves or denies. One conditional update decides: only a pending,
 * unexpired grant changes, so of two sessions deciding at once one wins and the other is told DEVICE_CODE_USED. The
 * winner's account and token version are kept, for the token endpoint. The same session deciding the same way again
 * (a second click) is answered as the first time; deciding the other way afterwards is DEVICE_CODE_USED.
 */
export async function decideDeviceGrant(ctx: Pick<AppContext, 'db'>, typed: string, approve: boolean, who: Who): Promise<DeviceGrantDto> {
  const code = normalizeUserCode(typed);
  if (!code) throw notFound('DEVICE_CODE_NOT_FOUND');
  const [decided] = await ctx.db
    .update(deviceGrants)
    .set({
      status: approve ? 'approved' : 'denied',
      userId: who.user.id,
      decidedBySessionId: who.session.id,
      tokenVersion: who.user.tokenVersion,
      decidedAt: sql`now()`,
    })
    .where(and(eq(deviceGrants.userCodeHash, sha256(code)), eq(deviceGrants.status, 'pending'), sql`${deviceGrants.expiresAt} > now()`))
    .returning();
  if (decided) return toDto(code, decided);
  const { grant } = await readGrant(ctx, typed, who);
  const same = approve ? grant.status !== 'denied' : grant.status === 'denied';
  if (!same) throw conflict('DEVICE_CODE_USED');
  return toDto(code, grant);
}
