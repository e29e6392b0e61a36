import { minimumAppVersion } from '../releases/feed';
import { createHmac } from 'node:crypto';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { DEVICES, type DeviceType } from '#shared/constants';
import { isTooOld } from '#shared/licence/app-version';
import { leaseExpiry } from '#shared/licence/lease';
import type { ActivateDeviceInput, RefreshLeaseInput } from '#shared/schemas/devices';
import type { AdminDeviceDto, DeviceDto } from '#shared/schemas/responses/devices';
import type { AppContext } from '#server/context';
import { preparedPerHandle, rowsFromJson, type Db, type DbOrTx } from '#server/db/client';
import { devices, plans, subscriptions, users, type DeviceRow, type SubscriptionRow, type UserRow } from '#server/db/schema';
import { forbidden, notFound } from '#server/lib/errors';
import { sharedSecret } from '#server/lib/secrets';
import { recordAdminAction, type AuditActor } from '../admin/audit';
import { lockCustomer } from '../admin/lock-customer';
import { listPublicPlans } from '../billing/plans/plans';
import { entitlementFrom, entitlementSubscriptions, entitlementSubscriptionsQuery } from '../billing/subscriptions/entitlement';
import { grantsAccess } from '../billing/subscriptions/entitlement-rules';
import { signLease } from './sign-lease';
import { isNewSignIn, noticeNewSignIn } from '../auth/new-sign-in';
import { deviceLabel, recordSecurityEvent, type EventMeta } from '../auth/security-log';

const DAY_MS = 86_400_000;
/** A refresh writes last_seen_at only when the stored one is older than this (decision 184): reads, not writes. */
export const LAST_SEEN_WRITE_MS = 3_600_000;

type Ctx = Pick<AppContext, 'db' | 'config' | 'log' | 'caches' | 'readCache' | 'licenceKeys' | 'hardwareKey' | 'blogVersion'>;

/** Whether a device holds a seat at `now`: not removed, and seen within DEVICES.idleDays. */
export const holdsSeat = (d: Pick<DeviceRow, 'removedAt' | 'lastSeenAt'>, now: Date): boolean =>
  d.removedAt === null && now.getTime() - d.lastSeenAt.getTime() < DEVICES.idleDays * DAY_MS;

/** The hardware id's HMAC (never the value): one machine, one HMAC per site. Made once at start (ctx.hardwareKey). */
export type HardwareKey = (hardwareId: string) => string;

/** Made once at start by the composition root, as the other keyed hashes (trialKey, downloadVisitor): no request creates the secret. */
export async function createHardwareKey(db: Db): Promise<HardwareKey> {
  const secret = await sharedSecret(db, 'device_hardware_hmac_key');
  return (hardwareId) => createHmac('sha256', secret).update(hardwareId).digest('base64url');
}

/** What the account may use now, as a lease says it, and its seats; null without a trial or plan. */
export type LicenceTerms = { plan: string; validUntil: number | null; renews: boolean; features: string[]; limit: number };

const featureNames = (features: Record<string, boolean>) =>
  Object.entries(features)
    .filter(([, on]) => on)
    .map(([name]) => name);

/**
 * The account's licence terms at `now`, from its entitlement (GET /entitlement's rule, on the same kept
 * subscriptions) and its plan's row: the seats and features of the plan; for the trial, DEVICES.trialLimit and what
 * every plan on sale opens.
 */
export async function licenceTerms(ctx: Pick<Ctx, 'db' | 'caches' | 'readCache'>, user: UserRow, now = new Date()): Promise<LicenceTerms | null> {
  const subs = await ctx.readCache.keep(`subscriptions:${user.id}`, () => entitlementSubscriptions(ctx.db, user.id));
  return licenceTermsOf(ctx, user, subs, now);
}

/** licenceTerms() of subscriptions already read (entitlementSubscriptions()'s rows). */
async function licenceTermsOf(ctx: Pick<Ctx, 'db' | 'caches'>, user: UserRow, subs: SubscriptionRow[], now: Date): Promise<LicenceTerms | null> {
  const entitlement = entitlementFrom(user, subs, now);
  if (!entitlement.entitled) return null;
  const validUntil = entitlement.validUntil ? Math.floor(Date.parse(entitlement.validUntil) / 1000) : null;
  const onSale = await listPublicPlans(ctx);
  if (entitlement.plan === 'trial') {
    const common = onSale.map((p) => new Set(featureNames(p.features)));
    const features = common.length ? [...common[0]!].filter((f) => common.every((set) => set.has(f))) : [];
    return { plan: 'trial', validUntil, renews: false, features, limit: DEVICES.trialLimit };
  }
  const paid = subs.find((s) => grantsAccess(s, now))!;
  const plan =
    onSale.find((p) => p.id === paid.planId) ??
    (await ctx.db.select({ deviceLimit: plans.deviceLimit, features: plans.features }).from(plans).where(eq(plans.id, paid.planId)))[0]!;
  const renews = paid.kind === 'subscription' && entitlement.status === 'active';
  return { plan: entitlement.plan, validUntil, renews, features: featureNames(plan.features), limit: plan.deviceLimit };
}

/**
 * How many sessions of each kind an account may hold, for a sign-in of `deviceType`: the web's from the configuration;
 * the desktop program's at least as many as the seats of the account's plan now (a month plan's two machines each
 * stay signed in), and never fewer than DESKTOP_SESSIONS_PER_USER. A sign-in beyond it ends the oldest session of its
 * kind. Both sign-ins of the program (the password's and the browser's, decision 185) ask it; a web sign-in reads no
 * plan.
 */
export async function sessionLimits(ctx: Pick<Ctx, 'db' | 'config' | 'caches' | 'readCache'>, user: UserRow, deviceType: DeviceType) {
  const seats = deviceType === 'desktop' ? ((await licenceTerms(ctx, user))?.limit ?? 0) : 0;
  return { web: ctx.config.WEB_SESSIONS_PER_USER, desktop: Math.max(ctx.config.DESKTOP_SESSIONS_PER_USER, seats) };
}

/** The device as its owner sees it. */
export const toDeviceDto = (d: DeviceRow, now = new Date()): DeviceDto => ({
  id: d.id,
  name: d.name,
  os: d.os,
  appVersion: d.appVersion,
  place: d.place,
  createdAt: d.createdAt.toISOString(),
  lastSeenAt: d.lastSeenAt.toISOString(),
  holdsSeat: holdsSeat(d, now),
  removedAt: d.removedAt?.toISOString() ?? null,
});

const toAdminDeviceDto = (d: DeviceRow, now = new Date()): AdminDeviceDto => ({
  ...toDeviceDto(d, now),
  removedBy: d.removedBy,
  removedReason: d.removedReason,
  cloneFlaggedAt: d.cloneFlaggedAt?.toISOString() ?? null,
});

const tooMany = (limit: number, inUse: DeviceRow[]) => forbidden('TOO_MANY_DEVICES', { params: { limit, devices: inUse.map((d) => d.name).join(', '), days: DEVICES.idleDays } });

/** Refuses a program older than the oldest allowed (MIN_APP_VERSION, or a required release); returns that version. */
async function refuseOldProgram(ctx: Ctx, appVersion: string): Promise<string> {
  const minVersion = await minimumAppVersion(ctx);
  if (isTooOld(appVersion, minVersion)) throw forbidden('APP_TOO_OLD', { params: { minVersion } });
  return minVersion;
}

/** The terms, or NO_ENTITLEMENT; `terms` is licenceTerms() or licenceTermsOf() of subscriptions already read. */
async function termsOrRefuse(terms: Promise<LicenceTerms | null>): Promise<LicenceTerms> {
  const found = await terms;
  if (!found) throw forbidden('NO_ENTITLEMENT');
  return found;
}

export type DeviceLease = { device: DeviceDto; lease: string; expiresAt: string };

/** Signs the device's lease (decision 183): exp by leaseExpiry, iat now. */
async function leaseFor(ctx: Ctx, user: UserRow, device: DeviceRow, terms: LicenceTerms, now: Date, minAppVersion: string): Promise<DeviceLease> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = leaseExpiry({
    now: iat,
    validUntil: terms.validUntil,
    renews: terms.renews,
    offlineGraceDays: ctx.config.LICENCE_OFFLINE_GRACE_DAYS,
    paymentGraceDays: ctx.config.LICENCE_PAYMENT_GRACE_DAYS,
  });
  if (exp === null) throw forbidden('NO_ENTITLEMENT');
  const lease = signLease(ctx.licenceKeys, {
    iss: ctx.config.publicUrl,
    sub: user.id,
    dev: device.id,
    plan: terms.plan,
    valid_until: terms.validUntil,
    exp,
    iat,
    features: terms.features,
    min_app_version: minAppVersion,
  });
  return { device: toDeviceDto(device, now), lease, expiresAt: new Date(exp * 1000).toISOString() };
}

/**
 * POST /devices (decision 184). In one transaction with the account locked (two activations at once cannot both take
 * the last seat): the same hardware as a device not removed takes that device back with the new install id (a
 * reinstall); otherwise a new device, if a seat is free. The same install id on a device of other hardware (a copied
 * installation) marks both as clones for the admin, whether or not the new one gets a seat. A new device is a sign-in
 * from a new device (decision 200): the account is told by mail, in the same transaction.
 */
export async function activateDevice(ctx: Ctx, user: UserRow, input: ActivateDeviceInput, meta: EventMeta & { place: string }, now = new Date()): Promise<DeviceLease> {
  const { place } = meta;
  const minAppVersion = await refuseOldProgram(ctx, input.appVersion);
  const terms = await termsOrRefuse(licenceTerms(ctx, user, now));
  const hmac = ctx.hardwareKey(input.hardwareId);
  const seen = { installId: input.installId, name: input.name, os: input.os, appVersion: input.appVersion, place, lastSeenAt: now };
  const outcome = await ctx.db.transaction(async (tx): Promise<{ refused: DeviceRow[] } | { device: DeviceRow }> => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const live = await liveDevices(tx, user.id);
    const inUse = live.filter((d) => holdsSeat(d, now));
    const same = live.filter((d) => d.hardwareHmac === hmac).sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime())[0];
    if (same) {
      if (!holdsSeat(same, now) && inUse.length >= terms.limit) return { refused: inUse };
      const [device] = await tx.update(devices).set(seen).where(eq(devices.id, same.id)).returning();
      return { device: device! };
    }
    const clones = live.filter((d) => d.installId === input.installId);
    if (clones.length) {
      await tx
        .update(devices)
        .set({ cloneFlaggedAt: now })
        .where(and(eq(devices.userId, user.id), eq(devices.installId, input.installId), isNull(devices.removedAt), isNull(devices.cloneFlaggedAt)));
    }
    if (inUse.length >= terms.limit) return { refused: inUse };
    const [device] = await tx
      .insert(devices)
      .values({ userId: user.id, hardwareHmac: hmac, ...seen, createdAt: now, cloneFlaggedAt: clones.length ? now : null })
      .returning();
    await recordSecurityEvent(tx, user.id, 'device-added', meta, deviceLabel(input));
    if (await isNewSignIn(tx, user.id, { kind: 'device', added: true })) {
      await noticeNewSignIn(ctx, tx, user, { ...meta, device: { id: device!.id, name: input.name, os: input.os } }, now);
    }
    return { device: device! };
  });
  if ('refused' in outcome) throw tooMany(terms.limit, outcome.refused);
  return leaseFor(ctx, user, outcome.device, terms, now, minAppVersion);
}

/** The account's devices not removed, oldest first. */
const liveDevices = (db: DbOrTx, userId: string) =>
  db
    .select()
    .from(devices)
    .where(and(eq(devices.userId, userId), isNull(devices.removedAt)))
    .orderBy(asc(devices.createdAt));

/**
 * The refresh's one read (decision 191): the account's devices (this one even if removed), each row carrying the
 * account's subscriptions as entitlementSubscriptions() reads them, aggregated as JSON: one round trip instead of two.
 * Prepared once per database (preparedPerHandle).
 */
const refreshRead = preparedPerHandle((db: Db) => {
  const subs = entitlementSubscriptionsQuery(db, sql.placeholder('userId')).as('s');
  return db
    .select({
      device: devices,
      subscriptions: sql<Record<string, unknown>[]>`(select coalesce(json_agg(s order by s.created_at desc), '[]'::json) from ${subs})`,
    })
    .from(devices)
    .where(and(eq(devices.userId, sql.placeholder('userId')), or(isNull(devices.removedAt), eq(devices.id, sql.placeholder('deviceId')))))
    .orderBy(asc(devices.createdAt))
    .prepare('device_refresh');
});

/**
 * POST /devices/:id/lease: one read of the account's devices (this one even if removed), then a new lease or the
 * code the program acts on. A device that holds a seat keeps it unless the plan now allows fewer (the oldest devices
 * keep theirs); one idle past DEVICES.idleDays needs a free seat. last_seen_at (with the version and place) is written
 * only when an hour old or when the version changed.
 */
export async function refreshDeviceLease(ctx: Ctx, user: UserRow, deviceId: string, input: RefreshLeaseInput, place: string, now = new Date()): Promise<DeviceLease> {
  const { appVersion } = input;
  const read = await refreshRead(ctx.db).execute({ userId: user.id, deviceId });
  const rows = read.map((r) => r.device);
  let device = rows.find((d) => d.id === deviceId);
  if (!device) throw notFound('DEVICE_NOT_FOUND');
  if (device.removedAt) throw forbidden('DEVICE_REMOVED');
  if (ctx.hardwareKey(input.hardwareId) !== device.hardwareHmac) {
    // The device's id and the account's session on another machine: a copied state file (or a program that lies).
    // The device is flagged for the admin as a clone; that machine activates itself, with a seat of its own.
    if (!device.cloneFlaggedAt) {
      await ctx.db
        .update(devices)
        .set({ cloneFlaggedAt: now })
        .where(and(eq(devices.id, deviceId), isNull(devices.cloneFlaggedAt)));
    }
    throw forbidden('DEVICE_HARDWARE_MISMATCH');
  }
  const minAppVersion = await refuseOldProgram(ctx, appVersion);
  const terms = await termsOrRefuse(licenceTermsOf(ctx, user, rowsFromJson(subscriptions, read[0]!.subscriptions), now));
  const inUse = rows.filter((d) => d.id !== deviceId && holdsSeat(d, now));
  const ahead = holdsSeat(device, now) ? inUse.filter((d) => d.createdAt < device!.createdAt) : inUse;
  if (ahead.length >= terms.limit) throw tooMany(terms.limit, inUse);
  if (now.getTime() - device.lastSeenAt.getTime() >= LAST_SEEN_WRITE_MS || device.appVersion !== appVersion) {
    const [written] = await ctx.db
      .update(devices)
      .set({ lastSeenAt: now, appVersion, place })
      .where(and(eq(devices.id, deviceId), isNull(devices.removedAt)))
      .returning();
    if (!written) throw forbidden('DEVICE_REMOVED');
    device = written;
  }
  return leaseFor(ctx, user, device, terms, now, minAppVersion);
}

/** GET /devices: the account's devices not removed, the seats of its plan now and how many are held. */
export async function listDevices(ctx: Ctx, user: UserRow, now = new Date()) {
  const rows = await liveDevices(ctx.db, user.id);
  const terms = await licenceTerms(ctx, user, now);
  return { devices: rows.map((d) => toDeviceDto(d, now)), limit: terms?.limit ?? 0, inUse: rows.filter((d) => holdsSeat(d, now)).length };
}

/** DELETE /devices/:id: the customer removes one of their devices (again: nothing more happens). */
export async function removeDevice(ctx: Ctx, user: UserRow, deviceId: string, meta: EventMeta = {}, now = new Date()) {
  const [row] = await ctx.db
    .select({ id: devices.id, removedAt: devices.removedAt, name: devices.name, os: devices.os })
    .from(devices)
    .where(and(eq(devices.id, deviceId), eq(devices.userId, user.id)));
  if (!row) throw notFound('DEVICE_NOT_FOUND');
  if (!row.removedAt) {
    await ctx.db.transaction(async (tx) => {
      const gone = await tx
        .update(devices)
        .set({ removedAt: now, removedBy: 'customer', removedReason: '' })
        .where(and(eq(devices.id, deviceId), isNull(devices.removedAt)))
        .returning({ id: devices.id });
      if (gone.length) await recordSecurityEvent(tx, user.id, 'device-removed', meta, deviceLabel(row));
    });
  }
  return listDevices(ctx, user, now);
}

/** GET /admin/users/:id/devices: every device of the customer, removed and clone-flagged ones included, newest first. */
export async function adminListDevices(ctx: Ctx, userId: string, now = new Date()) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('CUSTOMER_NOT_FOUND');
  const rows = await ctx.db.select().from(devices).where(eq(devices.userId, userId)).orderBy(asc(devices.createdAt));
  const terms = await licenceTerms(ctx, user, now);
  return {
    devices: rows.reverse().map((d) => toAdminDeviceDto(d, now)),
    limit: terms?.limit ?? 0,
    inUse: rows.filter((d) => holdsSeat(d, now)).length,
  };
}

/** DELETE /admin/users/:id/devices/:deviceId: removed with the admin's reason, in the audit log in the same transaction (again: nothing more happens). */
export async function adminRemoveDevice(ctx: Ctx, admin: AuditActor, userId: string, deviceId: string, reason: string, now = new Date()) {
  await ctx.db.transaction(async (tx) => {
    await lockCustomer(tx, userId);
    const [removed] = await tx
      .update(devices)
      .set({ removedAt: now, removedBy: 'admin', removedReason: reason })
      .where(and(eq(devices.id, deviceId), eq(devices.userId, userId), isNull(devices.removedAt)))
      .returning();
    if (removed) await recordSecurityEvent(tx, userId, 'device-removed', {}, deviceLabel(removed));
    if (!removed) {
      // Removed already (by the customer, another admin, or this admin's earlier click): nothing more happens, as for
      // the customer; an id that is not this customer's device is not found.
      const [known] = await tx
        .select({ id: devices.id })
        .from(devices)
        .where(and(eq(devices.id, deviceId), eq(devices.userId, userId)));
      if (!known) throw notFound('DEVICE_NOT_FOUND');
      return;
    }
    await recordAdminAction(tx, { admin, action: 'device.remove', targetUserId: userId, reason, details: { deviceId, name: removed.name } });
  });
  return adminListDevices(ctx, userId, now);
}
