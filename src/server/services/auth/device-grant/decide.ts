import { and, eq, sql } from 'drizzle-orm';
import { DEVICE_GRANT } from '#shared/constants';
import { userTimeZone } from '#shared/dates';
import { formatUserCode, normalizeUserCode } from '#shared/schemas/device-grant';
import type { DeviceGrantDto } from '#shared/schemas/responses/device-grant';
import type { AppContext } from '#server/context';
import { deviceGrants, type DeviceGrantRow, type SessionRow, type UserRow } from '#server/db/schema';
import { sha256 } from '#server/lib/crypto';
import { conflict, forbidden, notFound } from '#server/lib/errors';
import { enqueueMail } from '../../mail/outbox';
import { desktopSignInMail } from '../../mail/templates/desktop-sign-in';
import { loadMailTexts, mailLocale } from '../../mail/texts';
import { checkCurrentPassword } from '../check-current-password';

type Who = { user: Pick<UserRow, 'id' | 'tokenVersion'>; session: Pick<SessionRow, 'id' | 'createdAt'> };
type Approver = { user: UserRow; session: Pick<SessionRow, 'id' | 'createdAt'> };

/** Whether an approval from this session must carry the password: it signed in over DEVICE_GRANT.recentSignInSeconds ago. */
const needsPassword = (session: Pick<SessionRow, 'createdAt'>, now = Date.now()) => now - session.createdAt.getTime() > DEVICE_GRANT.recentSignInSeconds * 1000;

/** What the approval page shows of a grant this session may see. */
const toDto = (code: string, g: DeviceGrantRow, who: Who): DeviceGrantDto => ({
  userCode: formatUserCode(code),
  deviceName: g.deviceName,
  deviceOs: g.deviceOs,
  status: g.status === 'pending' ? 'pending' : g.status === 'denied' ? 'denied' : 'approved',
  place: g.place,
  requestedAt: g.createdAt.toISOString(),
  expiresAt: g.expiresAt.toISOString(),
  reauth: needsPassword(who.session),
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
  return toDto(code, grant, who);
}

/**
 * POST /auth/device/decision: the signed-in user approves or denies. An approval gives a session of weeks, so a session
 * that signed in over DEVICE_GRANT.recentSignInSeconds ago must send the account's password (REAUTH_REQUIRED without
 * it, WRONG_PASSWORD when wrong; the route counts each try per account first): a stolen web token alone signs no
 * program in. One conditional update decides: only a pending, unexpired grant changes, so of two sessions deciding at
 * once one wins and the other is told DEVICE_CODE_USED. The winner's account and token version are kept, for the token
 * endpoint; an approval mails the account (which device, when, from where) in the same transaction. The same session
 * deciding the same way again (a second click) is answered as the first time; the other way afterwards is
 * DEVICE_CODE_USED.
 */
export async function decideDeviceGrant(ctx: Pick<AppContext, 'db' | 'config'>, typed: string, approve: boolean, who: Approver, password?: string): Promise<DeviceGrantDto> {
  const code = normalizeUserCode(typed);
  if (!code) throw notFound('DEVICE_CODE_NOT_FOUND');
  if (approve && needsPassword(who.session)) {
    if (!password) throw forbidden('REAUTH_REQUIRED');
    await checkCurrentPassword(who.user, password);
  }
  const decided = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
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
    if (row?.status === 'approved') {
      const { user } = who;
      const locale = mailLocale(user.language);
      await loadMailTexts(locale);
      const mail = desktopSignInMail(
        {
          firstName: user.firstName,
          device: row.deviceName,
          os: row.deviceOs,
          place: row.place,
          when: row.decidedAt ?? new Date(),
          timeZone: userTimeZone(user.timezone),
          devicesUrl: `${ctx.config.publicUrl}/devices`,
        },
        locale,
      );
      await enqueueMail(tx, { kind: 'desktop-sign-in', to: user.email, ...mail });
    }
    return row;
  });
  if (decided) return toDto(code, decided, who);
  const { grant } = await readGrant(ctx, typed, who);
  const same = approve ? grant.status !== 'denied' : grant.status === 'denied';
  if (!same) throw conflict('DEVICE_CODE_USED');
  return toDto(code, grant, who);
}
