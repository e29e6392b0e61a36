import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SignJWT, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LicenceClient, type LicenceClientOptions } from '../licence-client';
import { appSettings, devices, subscriptions, users } from './db/schema';
import { createBillingTestApp, type BillingTestApp } from './test/billing';
import { paidCustomer } from './test/devices';
import { TEST_DB_KIND } from './test/harness';
import { createUserAndLogin, loginAs } from './test/users';

/**
 * The reference licence client (decision 187) against the real server over HTTP: it signs in through the browser
 * device grant (approved by the customer's web session, as the /activate page does), activates, verifies its lease
 * offline against the keys the program pins, is cut off when the plan ends and when the device is removed from the
 * web, takes its seat back after a reinstall, and is told when the account is closed.
 */
let t: BillingTestApp;
let baseUrl: string;
let pinnedJwks: JSONWebKeySet;
let dir: string;
beforeAll(async () => {
  t = await createBillingTestApp();
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // What the program pins at its release: the keys the site publishes.
  pinnedJwks = (await t.call('GET', '/.well-known/jwks.json')).json();
  dir = await mkdtemp(path.join(tmpdir(), 'licence-client-api-'));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

let machines = 0;
/** The program on one machine: its state file and hardware id (a reinstall: a new state file, the same hardware). */
function program(over: Partial<LicenceClientOptions> & { hardwareId?: string } = {}) {
  const n = ++machines;
  return new LicenceClient({
    baseUrl,
    issuer: t.config.publicUrl,
    pinnedJwks,
    statePath: path.join(dir, `machine-${n}`, 'licence.json'),
    hardwareId: `hw-machine-${n}-${Date.now()}`,
    device: { name: `Machine ${n}`, os: 'Windows 11 Pro', appVersion: '2.1.0' },
    // The site limits its polls by its own clock; the approval is given before the first poll, so none waits.
    sleep: async () => {},
    ...over,
  });
}

/** Signs the program in through the browser: the customer's web session approves the code the program shows. */
async function signInThroughBrowser(client: LicenceClient, webToken: string) {
  let shown = '';
  await client.signInWithBrowser({
    onCode: async ({ userCode, verificationUriComplete }) => {
      shown = userCode;
      expect(verificationUriComplete).toBe(`${t.config.publicUrl}/activate?code=${userCode}`);
      const approved = await t.call('POST', '/api/v1/auth/device/decision', { token: webToken, body: { userCode, approve: true } });
      expect(approved.statusCode, approved.body).toBe(200);
    },
  });
  return shown;
}

/** What the program's next request sees of a change made straight in the database (PostgreSQL tells the instance a moment later). */
const told = () => t.app.ctx.readCache.settle();

describe(`the licence client against the server on ${TEST_DB_KIND}`, () => {
  it('signs in through the browser, activates, verifies offline, and is cut off when the device is removed from the web', async () => {
    const u = await createUserAndLogin(t);
    const client = program();
    expect(await signInThroughBrowser(client, u.token)).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);

    const activated = await client.activate();
    expect(activated).toMatchObject({ licensed: true, action: null, claims: { sub: u.user.id, plan: 'trial' } });
    const [row] = await t.db.select().from(devices).where(eq(devices.userId, u.user.id));
    expect(row).toMatchObject({ id: activated.claims!.dev, installId: await client.installId(), name: expect.stringMatching(/^Machine /) });

    // Offline: the stored lease verifies with no request; the site's answer is the same lease again.
    expect(await client.check()).toMatchObject({ licensed: true, claims: { dev: row!.id } });
    expect(await client.refresh()).toMatchObject({ licensed: true, offline: false });

    const removed = await t.call('DELETE', `/api/v1/devices/${row!.id}`, { token: u.token });
    expect(removed.statusCode).toBe(200);
    expect(await client.refresh()).toMatchObject({ licensed: false, action: 'activate', code: 'DEVICE_REMOVED' });
    expect(await client.check()).toMatchObject({ licensed: false, action: 'activate', code: 'NOT_ACTIVATED' });
  });

  it('is cut off when the plan ends: offline by its clock past the lease, online by the refresh (NO_ENTITLEMENT)', async () => {
    const u = await paidCustomer(t, 'stealth_week');
    await t.db
      .update(users)
      .set({ trialExpires: new Date(Date.now() - 1000) })
      .where(eq(users.id, u.user.id));
    const desktop = await loginAs(t, u.email, u.password, 'desktop');
    let clock = Date.now();
    const client = program({ now: () => clock });
    await client.adoptSession(desktop);
    const status = await client.activate();
    expect(status).toMatchObject({ licensed: true, claims: { plan: 'stealth_week' } });

    // Offline past the lease's end (with the 5 minutes of tolerance): locked until it goes online.
    clock = status.claims!.exp * 1000 + 301_000;
    expect(await client.check()).toMatchObject({ licensed: false, action: 'go_online', code: 'EXPIRED' });
    clock = Date.now();
    expect(await client.check()).toMatchObject({ licensed: true });

    // The paid period ends: the next refresh is refused and the lease forgotten.
    await t.db
      .update(subscriptions)
      .set({ currentEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.id, u.subscriptionId));
    await told();
    expect(await client.refresh()).toMatchObject({ licensed: false, action: 'choose_plan', code: 'NO_ENTITLEMENT' });
    expect(await client.check()).toMatchObject({ licensed: false });
  });

  it('a reinstall on the same hardware (a new install id) takes back its own seat: no second seat', async () => {
    const u = await createUserAndLogin(t);
    const hardwareId = `hw-reinstalled-${Date.now()}`;
    const first = program({ hardwareId });
    await signInThroughBrowser(first, u.token);
    const before = await first.activate();
    expect(before).toMatchObject({ licensed: true });

    // The program reinstalled: a new state file (a new install id), the same machine; the trial's one seat is its own.
    const again = program({ hardwareId });
    expect(await again.installId()).not.toBe(await first.installId());
    await signInThroughBrowser(again, u.token);
    const after = await again.activate();
    expect(after).toMatchObject({ licensed: true, claims: { dev: before.claims!.dev } });
    const listed = (await t.call('GET', '/api/v1/devices', { token: u.token })).json().data;
    expect(listed).toMatchObject({ limit: 1, inUse: 1, devices: [{ id: before.claims!.dev }] });
    const [row] = await t.db.select().from(devices).where(eq(devices.userId, u.user.id));
    expect(row!.installId).toBe(await again.installId());

    // Another machine is refused: the seat is held.
    const other = program();
    await signInThroughBrowser(other, u.token);
    expect(await other.activate()).toMatchObject({ licensed: false, action: 'free_a_seat', code: 'TOO_MANY_DEVICES', params: { limit: 1 } });
  });

  it('an account deleted on the web: the next refresh says ACCOUNT_CLOSED and the client forgets it', async () => {
    const u = await createUserAndLogin(t);
    const client = program();
    await client.adoptSession(await loginAs(t, u.email, u.password, 'desktop'));
    expect(await client.activate()).toMatchObject({ licensed: true });
    const deleted = await t.call('DELETE', '/api/v1/auth/account', { token: u.token, body: { password: u.password } });
    expect(deleted.statusCode).toBe(200);
    await told();
    // By the program's next refresh (about an hour later) its access token has expired and its refresh token went with
    // the account: the expired token still tells it the account is closed, not merely to sign in again.
    const [secret] = await t.db.select().from(appSettings).where(eq(appSettings.key, 'jwt_secret'));
    const expired = await new SignJWT({ sid: crypto.randomUUID(), tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(u.user.id)
      .setIssuer('stealth-browser')
      .setAudience('stealth-browser-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(secret!.value));
    await client.adoptSession({ token: expired, refreshToken: 'spent-with-the-account' });
    expect(await client.refresh()).toMatchObject({ licensed: false, action: 'sign_in', code: 'ACCOUNT_CLOSED' });
    expect(await client.check()).toMatchObject({ licensed: false, action: 'sign_in', code: 'NOT_SIGNED_IN' });
  });
});
