import { and, eq, gt, isNull } from 'drizzle-orm';
import { NEW_SIGN_IN, type DeviceType } from '#shared/constants';
import { userTimeZone } from '#shared/dates';
import type { AppContext } from '#server/context';
import type { DbOrTx } from '#server/db/client';
import { devices, signInNotices, users, type UserRow } from '#server/db/schema';
import { randomToken, sha256 } from '#server/lib/crypto';
import { badRequest } from '#server/lib/errors';
import { enqueueMail } from '../mail/outbox';
import { newSignInMail, type SignedInWith } from '../mail/templates/new-sign-in';
import { loadMailTexts, mailLocale } from '../mail/texts';
import { mailLink } from './links';
import { lockForNewPassword, recordRemovedFactors } from './lock-account';
import { deviceLabel, hasSignedIn, recordSecurityEvent, signedInBeforeFrom, type EventMeta } from './security-log';
import { describeUserAgent } from './user-agent';

/**
 * What a sign-in shows of where it comes from (decision 200). A session: whether the browser showed a sign-in proof of
 * this account (`proof`: a password sign-in, and its second step, which keeps the password step's answer), or null
 * when none could be shown (a passkey's sign-in names no address). The desktop program's activation: whether it made
 * a new device, not the same hardware taken back.
 */
export type SignInOrigin = { kind: 'session'; deviceType: DeviceType; proof: boolean | null; userAgent: string } | { kind: 'device'; added: boolean };

/**
 * The one rule of "a new browser or device" (decision 200), asked before the sign-in is recorded:
 * - the account's very first sign-in is nobody's news: never new;
 * - a browser that shows a sign-in proof of this account signed in to it before: known; one that could have shown one
 *   and did not is new (a proof lives in the browser's storage, 180 days);
 * - a passkey's sign-in, which names no account before it is made, is known when the account signed in before from
 *   the same browser and system (the security log's sign-ins);
 * - the desktop program is judged by its device when it activates: a new device row is new, the same hardware again
 *   is not; its session is never judged itself (the one sign-in would be told twice).
 */
export async function isNewSignIn(db: DbOrTx, userId: string, origin: SignInOrigin): Promise<boolean> {
  if (origin.kind === 'device' ? !origin.added : origin.deviceType === 'desktop' || origin.proof === true) return false;
  if (origin.kind === 'session' && origin.proof === null) {
    const before = await signedInBeforeFrom(db, userId, origin.userAgent);
    return before.any && !before.same;
  }
  return hasSignedIn(db, userId);
}

/** What the mail tells of a sign-in: the request's browser, address and place; for the desktop program, its device. */
export type NewSignIn = EventMeta & { device?: { id: string; name: string; os: string } };

const signedInWith = (seen: NewSignIn): SignedInWith => {
  if (seen.device) return { device: seen.device.name, os: seen.device.os };
  const { browser, os } = describeUserAgent(seen.userAgent ?? '');
  return { browser: browser === 'Unknown' || browser === 'Unknown browser' ? '' : browser, os: os === 'Unknown' ? '' : os };
};

/**
 * Tells the account of a sign-in from a new browser or device: a "This wasn't me" link (its token kept hashed, used
 * once within NEW_SIGN_IN.secureDays) and the mail in the account's language, in the transaction that made the
 * session or the device, so the mail exists exactly when the sign-in does. Within a savepoint of its own: whatever
 * goes wrong here is logged and undone alone, and never fails the sign-in; the mail is sent later by the outbox.
 */
export async function noticeNewSignIn(ctx: Pick<AppContext, 'config' | 'log'>, tx: DbOrTx, user: UserRow, seen: NewSignIn, now = new Date()): Promise<void> {
  const locale = mailLocale(user.language);
  await tx
    .transaction(async (sp) => {
      await loadMailTexts(locale);
      const token = randomToken();
      await sp.insert(signInNotices).values({
        userId: user.id,
        tokenHash: sha256(token),
        userAgent: (seen.userAgent ?? '').slice(0, 400),
        ip: (seen.ip ?? '').slice(0, 64),
        place: (seen.place ?? '').slice(0, 120),
        deviceId: seen.device?.id ?? null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + NEW_SIGN_IN.secureDays * 86_400_000),
      });
      const mail = newSignInMail(
        {
          firstName: user.firstName,
          with: signedInWith(seen),
          place: seen.place ?? '',
          ip: seen.ip ?? '',
          when: now,
          timeZone: userTimeZone(user.timezone),
          secureUrl: mailLink(ctx.config, '/secure-account', token, locale),
        },
        locale,
      );
      await enqueueMail(sp, { kind: 'new-sign-in', to: user.email, ...mail });
    })
    .catch((err: unknown) => ctx.log.error({ err, userId: user.id }, 'the new sign-in notice was not written; the sign-in goes on'));
}

/** The sign-in a notice told of, as the security log names it: its browser and system or its device, and its place. */
const toldOf = (notice: { userAgent: string; place: string }, device: { name: string; os: string } | undefined) => {
  const what = device ? deviceLabel(device) : Object.values(describeUserAgent(notice.userAgent)).join(', ');
  return [what, notice.place].filter(Boolean).join(' · ');
};

/**
 * "This wasn't me" (decision 200), from the mail of a new sign-in, within NEW_SIGN_IN.secureDays: the link works
 * once, and with it every link of the account's notices (the sessions they told of are ended now). Every session
 * ends, the desktop program's too, the password stops working and the answer is a password reset link's token
 * (lockForNewPassword, as an e-mail change's undo); a desktop device the notice told of is removed, its seat freed.
 * An unknown, used or expired link changes nothing.
 */
export async function secureAccount(ctx: Pick<AppContext, 'db'>, token: string, meta: EventMeta = {}, now = new Date()): Promise<{ resetToken: string }> {
  return ctx.db.transaction(async (tx) => {
    const [notice] = await tx
      .select()
      .from(signInNotices)
      .where(and(eq(signInNotices.tokenHash, sha256(token)), isNull(signInNotices.usedAt), gt(signInNotices.expiresAt, now)))
      .for('update');
    if (!notice) throw badRequest('INVALID_SECURE_ACCOUNT_LINK');
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, notice.userId)).for('update');
    if (!user) throw badRequest('INVALID_SECURE_ACCOUNT_LINK');
    await tx
      .update(signInNotices)
      .set({ usedAt: now })
      .where(and(eq(signInNotices.userId, user.id), isNull(signInNotices.usedAt)));
    const { resetToken, removed } = await lockForNewPassword(tx, user.id, 'secured_after_sign_in', notice.createdAt, now);
    await recordRemovedFactors(tx, user.id, removed, meta);
    let device: { name: string; os: string } | undefined;
    if (notice.deviceId) {
      [device] = await tx
        .update(devices)
        .set({ removedAt: now, removedBy: 'customer', removedReason: "This wasn't me (new sign-in mail)" })
        .where(and(eq(devices.id, notice.deviceId), eq(devices.userId, user.id), isNull(devices.removedAt)))
        .returning({ name: devices.name, os: devices.os });
      if (device) await recordSecurityEvent(tx, user.id, 'device-removed', meta, deviceLabel(device));
    }
    await recordSecurityEvent(tx, user.id, 'secured-after-sign-in', meta, toldOf(notice, device));
    return { resetToken };
  });
}
