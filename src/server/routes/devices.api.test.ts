import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaseExpiry, verifyLease, type LeaseClaims } from '#shared/licence/lease';
import { queryRows, rowsFromJson } from '../db/client';
import { adminAuditLog, devices, subscriptions, users } from '../db/schema';
import { createBillingTestApp, subscribed, type BillingTestApp } from '../test/billing';
import { activateDevice, machine, paidCustomer as paidCustomerOf, refreshLease, type ActivatedDevice, type Machine } from '../test/devices';
import { TEST_DB_KIND } from '../test/harness';
import { createUserAndLogin, loginAs } from '../test/users';

let t: BillingTestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createBillingTestApp();
  adminToken = (await createUserAndLogin(t, { role: 'admin' })).token;
});
afterAll(() => t.close());

const activate = (token: string, m: Machine) => t.call('POST', '/api/v1/devices', { token, body: m });
const refresh = (token: string, d: ActivatedDevice, appVersion?: string) => refreshLease(t, token, d, appVersion);
const list = async (token: string) =>
  (await t.call('GET', '/api/v1/devices', { token })).json().data as { devices: { id: string; name: string; holdsSeat: boolean }[]; limit: number; inUse: number };
const rowsOf = (userId: string) => t.db.select().from(devices).where(eq(devices.userId, userId));

const activated = (token: string, m: Machine) => activateDevice(t, token, m);
const paidCustomer = (code?: string) => paidCustomerOf(t, code);

async function verified(lease: string): Promise<LeaseClaims> {
  const jwks = (await t.call('GET', '/.well-known/jwks.json')).json();
  return verifyLease(lease, jwks, { now: Math.floor(Date.now() / 1000), issuer: t.app.ctx.config.publicUrl });
}

describe(`devices and seats on ${TEST_DB_KIND}`, () => {
  it('the plans say how many devices each allows: week 1, month 2, year 3, lifetime 3', async () => {
    const plans = (await t.call('GET', '/api/v1/subscriptions/plans/public')).json().data.plans as { code: string; deviceLimit: number }[];
    expect(Object.fromEntries(plans.map((p) => [p.code, p.deviceLimit]))).toEqual({ stealth_week: 1, stealth_month: 2, stealth_year: 3, stealth_lifetime: 3 });
  });

  it('a trial has one seat: the first machine gets a lease that ends with the trial, a second is refused naming the first', async () => {
    const u = await createUserAndLogin(t);
    const first = await activated(u.token, machine('Asha laptop'));
    const claims = await verified(first.lease);
    const [user] = await t.db.select().from(users).where(eq(users.id, u.user.id));
    const trialEnd = Math.floor(user!.trialExpires!.getTime() / 1000);
    expect(claims).toMatchObject({ sub: u.user.id, dev: first.id, plan: 'trial', valid_until: trialEnd, min_app_version: '2.1.0' });
    expect(claims.exp).toBe(leaseExpiry({ now: claims.iat, validUntil: trialEnd, renews: false }));
    expect(claims.exp).toBe(trialEnd);
    expect(claims.features).toContain('Invisible during screen sharing');

    const second = await activate(u.token, machine('Office desktop'));
    expect(second.statusCode).toBe(403);
    expect(second.json()).toMatchObject({
      error: 'FORBIDDEN',
      code: 'TOO_MANY_DEVICES',
      params: { limit: 1, devices: 'Asha laptop', days: 30 },
      message:
        "Your plan's one device seat is in use: Asha laptop. To free one, remove a device under Devices in your account, or wait: a device not used for 30 days frees its seat by itself.",
    });
    expect(await rowsOf(u.user.id)).toHaveLength(1);
  });

  it('a monthly plan has two seats; the third machine is refused naming both', async () => {
    const u = await paidCustomer();
    const a = await activated(u.token, machine('Laptop'));
    await activated(u.token, machine('Desktop'));
    const third = await activate(u.token, machine('Tablet'));
    expect(third.statusCode).toBe(403);
    expect(third.json()).toMatchObject({ code: 'TOO_MANY_DEVICES', params: { limit: 2, devices: 'Laptop, Desktop' } });
    expect(await list(u.token)).toMatchObject({ limit: 2, inUse: 2 });

    // A renewing plan's lease runs for the offline grace (7 days), well inside the paid month.
    const claims = await verified(a.lease);
    expect(claims).toMatchObject({ plan: 'stealth_month', min_app_version: '2.1.0' });
    expect(claims.exp).toBe(claims.iat + 7 * 86_400);
  });

  it("the program signed in on each of a monthly plan's two machines stays signed in on both; a trial's second sign-in ends the first", async () => {
    const u = await paidCustomer();
    const [laptop, desktop] = [await loginAs(t, u.email, u.password, 'desktop'), await loginAs(t, u.email, u.password, 'desktop')];
    const a = await activated(laptop.token, machine('Laptop'));
    const b = await activated(desktop.token, machine('Desktop'));
    // Each machine's session holds: both refresh, and both keep their refresh tokens.
    expect((await refresh(laptop.token, a)).statusCode).toBe(200);
    expect((await refresh(desktop.token, b)).statusCode).toBe(200);
    for (const s of [laptop, desktop]) expect((await t.call('POST', '/api/v1/auth/refresh', { body: { refreshToken: s.refreshToken } })).statusCode).toBe(200);
    // A third sign-in of the program ends the oldest of them (two seats, two sessions).
    await loginAs(t, u.email, u.password, 'desktop');
    const ended = await refresh(laptop.token, a);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toMatchObject({ code: 'SESSION_INVALID', params: { reason: 'displaced' } });

    const trial = await createUserAndLogin(t, { deviceType: 'desktop' });
    await loginAs(t, trial.email, trial.password, 'desktop');
    const displaced = await t.call('GET', '/api/v1/entitlement', { token: trial.token });
    expect(displaced.statusCode).toBe(401);
  });

  it('reinstalling on the same hardware takes back its own device: no second seat', async () => {
    const u = await createUserAndLogin(t);
    const m = machine('Laptop');
    const first = await activated(u.token, m);
    const again = await activated(u.token, { ...m, installId: `install-${randomUUID()}`, appVersion: '2.2.0' });
    expect(again.id).toBe(first.id);
    const rows = await rowsOf(u.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ appVersion: '2.2.0', cloneFlaggedAt: null });
    expect(rows[0]!.installId).not.toBe(m.installId);
    expect(await list(u.token)).toMatchObject({ limit: 1, inUse: 1 });
  });

  it('the same install id from other hardware is flagged as a clone, for the admin to see', async () => {
    const u = await paidCustomer();
    const m = machine('Laptop');
    const original = await activated(u.token, m);
    const copy = await activated(u.token, { ...m, hardwareId: `hw-${randomUUID()}`, name: 'Copied VM' });
    expect(copy.id).not.toBe(original.id);
    const rows = await rowsOf(u.user.id);
    expect(rows.every((d) => d.cloneFlaggedAt instanceof Date)).toBe(true);
    const admin = (await t.call('GET', `/api/v1/admin/users/${u.user.id}/devices`, { token: adminToken })).json().data;
    expect(admin.devices.map((d: { name: string; cloneFlaggedAt: string | null }) => [d.name, d.cloneFlaggedAt !== null])).toEqual([
      ['Copied VM', true],
      ['Laptop', true],
    ]);
    // The customer's own list says nothing of it.
    expect(JSON.stringify(await list(u.token))).not.toContain('clone');
  });

  it('a refresh from other hardware (a copied state file) is refused with DEVICE_HARDWARE_MISMATCH and flags the device; that machine activates itself', async () => {
    const u = await paidCustomer();
    const m = machine('Laptop');
    const laptop = await activated(u.token, m);
    const copied = await refresh(u.token, { id: laptop.id, hardwareId: `hw-${randomUUID()}` });
    expect(copied.statusCode).toBe(403);
    expect(copied.json()).toMatchObject({
      code: 'DEVICE_HARDWARE_MISMATCH',
      message: 'This licence belongs to another computer. Sign in again in Stealth Browser to activate this one.',
    });
    expect(copied.json().data).toBeUndefined();
    const [row] = await rowsOf(u.user.id);
    expect(row!.cloneFlaggedAt).toBeInstanceOf(Date);
    // The device's own machine still refreshes; a hardware id that is no id at all is refused before anything is read.
    expect((await refresh(u.token, laptop)).statusCode).toBe(200);
    const bad = await t.call('POST', `/api/v1/devices/${laptop.id}/lease`, { token: u.token, body: { appVersion: '2.1.0' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    // The other machine activates with the copied install id: a device of its own, both flagged, two seats used.
    const other = await activated(u.token, { ...machine('Copy'), installId: m.installId });
    expect(other.id).not.toBe(laptop.id);
    expect((await rowsOf(u.user.id)).every((d) => d.cloneFlaggedAt !== null)).toBe(true);
    expect(await list(u.token)).toMatchObject({ limit: 2, inUse: 2 });
  });

  it('a device not seen for 31 days frees its seat by itself, and needs a free seat to come back', async () => {
    const u = await createUserAndLogin(t);
    const old = await activated(u.token, machine('Old laptop'));
    await t.db
      .update(devices)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(devices.id, old.id));
    expect((await list(u.token)).devices).toEqual([expect.objectContaining({ name: 'Old laptop', holdsSeat: false })]);
    await activated(u.token, machine('New laptop'));
    const back = await refresh(u.token, old);
    expect(back.statusCode).toBe(403);
    expect(back.json()).toMatchObject({ code: 'TOO_MANY_DEVICES', params: { limit: 1, devices: 'New laptop' } });
  });

  it('a refresh gives a new lease that verifies against the published keys; the device removed from the web gets DEVICE_REMOVED', async () => {
    const u = await createUserAndLogin(t);
    const d = await activated(u.token, machine('Laptop'));
    const res = await refresh(u.token, d);
    expect(res.statusCode).toBe(200);
    const { lease, expiresAt, device } = res.json().data;
    const claims = await verified(lease);
    expect(claims).toMatchObject({ dev: d.id, sub: u.user.id, plan: 'trial' });
    expect(new Date(expiresAt).getTime()).toBe(claims.exp * 1000);
    expect(device).toMatchObject({ id: d.id, name: 'Laptop', os: 'Windows 11 Pro', appVersion: '2.1.0', holdsSeat: true });

    const removed = await t.call('DELETE', `/api/v1/devices/${d.id}`, { token: u.token });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toMatchObject({ devices: [], inUse: 0 });
    const after = await refresh(u.token, d);
    expect(after.statusCode).toBe(403);
    expect(after.json()).toMatchObject({ code: 'DEVICE_REMOVED', message: 'This device was removed from your account. Sign in again in Stealth Browser to activate it.' });
    expect((await rowsOf(u.user.id))[0]).toMatchObject({ removedBy: 'customer' });
    // Its seat is free: another machine is activated.
    await activated(u.token, machine('Desktop'));
  });

  it("a paid plan's refresh reads its subscription in the refresh's one statement: the lease names the plan, its end and the payment grace", async () => {
    const u = await paidCustomer('stealth_month');
    const d = await activated(u.token, machine('Laptop'));
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, u.subscriptionId));
    const res = await refresh(u.token, d);
    expect(res.statusCode).toBe(200);
    const claims = await verified(res.json().data.lease);
    const end = Math.floor(sub!.currentEnd!.getTime() / 1000);
    expect(claims).toMatchObject({ plan: 'stealth_month', valid_until: end });
    expect(claims.exp).toBe(leaseExpiry({ now: claims.iat, validUntil: end, renews: true }));
    // The subscription as the statement's JSON gives it, made into a row, is the row a select gives: every column.
    const [json] = await queryRows<{ s: Record<string, unknown> }>(t.db, sql`select row_to_json(s) as s from ${subscriptions} s where s.id = ${u.subscriptionId}`);
    expect(rowsFromJson(subscriptions, [json!.s])).toEqual([sub]);
  });

  it('a refresh after the plan ended answers NO_ENTITLEMENT', async () => {
    const u = await paidCustomer('stealth_week');
    await t.db
      .update(users)
      .set({ trialExpires: new Date(Date.now() - 1000) })
      .where(eq(users.id, u.user.id));
    const d = await activated(u.token, machine('Laptop'));
    await t.db
      .update(subscriptions)
      .set({ currentEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.id, u.subscriptionId));
    const res = await refresh(u.token, d);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'FORBIDDEN', code: 'NO_ENTITLEMENT' });
    expect((await activate(u.token, machine('Desktop'))).json()).toMatchObject({ code: 'NO_ENTITLEMENT' });
    expect(await list(u.token)).toMatchObject({ limit: 0 });
  });

  it('a program older than MIN_APP_VERSION is told APP_TOO_OLD, at activation and at refresh', async () => {
    const u = await createUserAndLogin(t);
    const old = await activate(u.token, { ...machine('Laptop'), appVersion: '2.0.9' });
    expect(old.statusCode).toBe(403);
    expect(old.json()).toMatchObject({
      code: 'APP_TOO_OLD',
      params: { minVersion: '2.1.0' },
      message: 'This version of Stealth Browser is too old. Please update to version 2.1.0 or later.',
    });
    const d = await activated(u.token, machine('Laptop'));
    expect((await refresh(u.token, d, '1.9.12')).json()).toMatchObject({ code: 'APP_TOO_OLD' });
    expect((await refresh(u.token, d, '2.10.0')).statusCode).toBe(200);
    expect((await refresh(u.token, d, 'latest')).json()).toMatchObject({ error: 'VALIDATION_ERROR' });
  });

  it('last seen is written at most once an hour by refreshes (and when the version changes)', async () => {
    const u = await createUserAndLogin(t);
    const d = await activated(u.token, machine('Laptop'));
    const halfHourAgo = new Date(Date.now() - 30 * 60_000);
    await t.db.update(devices).set({ lastSeenAt: halfHourAgo }).where(eq(devices.id, d.id));
    expect((await refresh(u.token, d)).statusCode).toBe(200);
    expect((await rowsOf(u.user.id))[0]!.lastSeenAt.getTime()).toBe(halfHourAgo.getTime());

    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await t.db.update(devices).set({ lastSeenAt: twoHoursAgo }).where(eq(devices.id, d.id));
    expect((await refresh(u.token, d)).statusCode).toBe(200);
    expect((await rowsOf(u.user.id))[0]!.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);

    const justNow = (await rowsOf(u.user.id))[0]!.lastSeenAt;
    expect((await refresh(u.token, d, '2.3.0')).statusCode).toBe(200);
    const updated = (await rowsOf(u.user.id))[0]!;
    expect(updated.appVersion).toBe('2.3.0');
    expect(updated.lastSeenAt.getTime()).toBeGreaterThanOrEqual(justNow.getTime());
  });

  it('another account can neither refresh, remove nor list the device', async () => {
    const owner = await createUserAndLogin(t);
    const d = await activated(owner.token, machine('Owner laptop'));
    const before = await rowsOf(owner.user.id);
    const other = await createUserAndLogin(t);
    const refreshed = await refresh(other.token, d);
    expect(refreshed.statusCode).toBe(404);
    expect(refreshed.json()).toMatchObject({ code: 'DEVICE_NOT_FOUND' });
    expect((await t.call('DELETE', `/api/v1/devices/${d.id}`, { token: other.token })).statusCode).toBe(404);
    expect(JSON.stringify(await list(other.token))).not.toContain(d.id);
    expect(await rowsOf(owner.user.id)).toEqual(before);
  });

  it('a device name or OS with control or format characters (bidi overrides, zero-width marks) is kept without them', async () => {
    const u = await createUserAndLogin(t);
    const res = await activate(u.token, { ...machine('x'), name: '\u202eK\u2066evil\u2069\u200b PC\u0085', os: 'Windows\u0000 11' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.device).toMatchObject({ name: 'Kevil PC', os: 'Windows 11' });
    // Nothing left once cleaned is no name: refused as a missing value.
    const empty = await activate(u.token, { ...machine('x'), name: '\u202e\u200b' });
    expect(empty.statusCode).toBe(400);
  });

  it('the hardware id is never stored: only its HMAC', async () => {
    const u = await createUserAndLogin(t);
    const m = machine('Laptop');
    await activated(u.token, m);
    const [row] = await queryRows<{ r: unknown }>(t.db, sql`select to_jsonb(d) as r from devices d where user_id = ${u.user.id}`);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(m.hardwareId);
    expect(stored).not.toContain(m.hardwareId.slice(3));
    const [device] = await rowsOf(u.user.id);
    expect(device!.hardwareHmac).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('the admin lists and removes a device with a reason, written to the audit log; the program loses its licence', async () => {
    const u = await createUserAndLogin(t);
    const d = await activated(u.token, machine('Laptop'));
    const listed = await t.call('GET', `/api/v1/admin/users/${u.user.id}/devices`, { token: adminToken });
    expect(listed.json().data).toMatchObject({ limit: 1, inUse: 1, devices: [{ id: d.id, name: 'Laptop', holdsSeat: true, removedBy: null }] });

    const noReason = await t.call('DELETE', `/api/v1/admin/users/${u.user.id}/devices/${d.id}`, { token: adminToken, body: { reason: ' ' } });
    expect(noReason.statusCode).toBe(400);
    const removed = await t.call('DELETE', `/api/v1/admin/users/${u.user.id}/devices/${d.id}`, { token: adminToken, body: { reason: 'Reported stolen' } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.devices).toEqual([expect.objectContaining({ id: d.id, removedBy: 'admin', removedReason: 'Reported stolen', holdsSeat: false })]);
    const audit = await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetUserId, u.user.id), eq(adminAuditLog.action, 'device.remove')));
    expect(audit).toEqual([expect.objectContaining({ reason: 'Reported stolen', details: { deviceId: d.id, name: 'Laptop' } })]);
    expect((await refresh(u.token, d)).json()).toMatchObject({ code: 'DEVICE_REMOVED' });
    // Removed already (a second click, or the customer first): answered as the customer's is, and not logged twice.
    const again = await t.call('DELETE', `/api/v1/admin/users/${u.user.id}/devices/${d.id}`, { token: adminToken, body: { reason: 'Again' } });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.devices).toEqual([expect.objectContaining({ id: d.id, removedReason: 'Reported stolen' })]);
    expect(
      await t.db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.targetUserId, u.user.id), eq(adminAuditLog.action, 'device.remove'))),
    ).toHaveLength(1);
    // Another customer's device, or none, is not found.
    const other = await createUserAndLogin(t);
    const theirs = await activated(other.token, machine('Theirs'));
    expect((await t.call('DELETE', `/api/v1/admin/users/${u.user.id}/devices/${theirs.id}`, { token: adminToken, body: { reason: 'Wrong' } })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/v1/admin/users/${u.user.id}/devices/${randomUUID()}`, { token: adminToken, body: { reason: 'Wrong' } })).statusCode).toBe(404);
  });

  it('the customer whose plan allows fewer devices now keeps the oldest ones', async () => {
    const { u } = await subscribed(t, 'stealth_year');
    const ids: ActivatedDevice[] = [];
    for (const name of ['One', 'Two', 'Three']) ids.push(await activated(u.token, machine(name)));
    await t.db.execute(sql`update plans set device_limit = 2 where code = 'stealth_year'`);
    try {
      t.app.ctx.caches.publicPlans.clear();
      expect((await refresh(u.token, ids[0]!)).statusCode).toBe(200);
      expect((await refresh(u.token, ids[1]!)).statusCode).toBe(200);
      expect((await refresh(u.token, ids[2]!)).json()).toMatchObject({ code: 'TOO_MANY_DEVICES', params: { limit: 2, devices: 'One, Two' } });
    } finally {
      await t.db.execute(sql`update plans set device_limit = 3 where code = 'stealth_year'`);
      t.app.ctx.caches.publicPlans.clear();
    }
  });
});
