import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans, sessions, subscriptions, usageEvents, users } from '../../db/schema';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { activateDevice, machine, refreshLease } from '../../test/devices';
import { createUserAndLogin } from '../../test/users';
import { CACHED_READS } from './registry';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** What the instance keeps is emptied once it has heard of the change (PGlite tells in the process, PostgreSQL by NOTIFY). */
async function told() {
  if (TEST_DB_KIND === 'postgres') await t.app.ctx.readCache.settle();
  return t.app.ctx.readCache.size;
}

describe(`session checks kept briefly and forgotten when the database tells (decision 091) on ${TEST_DB_KIND}`, () => {
  it('a session ended straight in the database (a job, another instance) is refused once told', async () => {
    const u = await createUserAndLogin(t);
    // The sign-up's own writes are announced too: heard after the check below, they would forget it (rightly, but
    // then there is nothing kept to test). Under load PostgreSQL delivers them late, so they are heard first.
    await told();
    expect((await t.call('GET', '/api/v1/auth/me', { token: u.token })).statusCode).toBe(200);
    expect(t.app.ctx.readCache.size).toBeGreaterThan(0);
    const [{ id }] = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, u.user.id));
    await t.db.update(sessions).set({ revokedAt: new Date(), revokedReason: 'ended_by_admin' }).where(eq(sessions.id, id));
    // On PGlite the notification is delivered in the process before the write returns: the bound is zero.
    if (TEST_DB_KIND === 'pglite') expect(t.app.ctx.readCache.size).toBe(0);
    expect(await told()).toBe(0);
    const res = await t.call('GET', '/api/v1/auth/me', { token: u.token });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_NOT_FOUND');
  });

  it('a user changed or deleted straight in the database is seen once told', async () => {
    const u = await createUserAndLogin(t);
    expect((await t.call('GET', '/api/v1/auth/me', { token: u.token })).json().data.user.firstName).toBe('Test');
    await t.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, u.user.id));
    expect(await told()).toBe(0);
    expect((await t.call('GET', '/api/v1/auth/me', { token: u.token })).json().data.user.firstName).toBe('Renamed');
    await t.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, u.user.id));
    const changed = await t.call('GET', '/api/v1/auth/me', { token: u.token });
    expect(changed.statusCode).toBe(401);
    expect(changed.json().code).toBe('TOKEN_VERSION_MISMATCH');
  });

  it("the desktop program's entitlement, kept with the check, follows a subscription changed straight in the database once told", async () => {
    const u = await createUserAndLogin(t, { deviceType: 'desktop' });
    const before = (await t.call('GET', '/api/v1/entitlement', { token: u.token })).json().data.entitlement;
    expect(before).toMatchObject({ plan: 'trial' });
    const [plan] = await t.db.select().from(plans).where(eq(plans.code, 'stealth_month'));
    const end = new Date(Date.now() + 30 * 86_400_000);
    await t.db.insert(subscriptions).values({
      userId: u.user.id,
      planId: plan.id,
      planCode: plan.code,
      planName: plan.name,
      kind: 'subscription',
      status: 'active',
      currentStart: new Date(),
      currentEnd: end,
      amountPaise: plan.amountPaise,
      interval: plan.interval,
    });
    expect(await told()).toBe(0);
    expect((await t.call('GET', '/api/v1/entitlement', { token: u.token })).json().data.entitlement).toMatchObject({
      entitled: true,
      plan: 'stealth_month',
      status: 'active',
      validUntil: end.toISOString(),
    });
  });

  it("the dashboard's recent usage, kept with the check, shows a report written straight in the database once told, forgetting nothing else", async () => {
    const u = await createUserAndLogin(t);
    await told();
    expect((await t.call('GET', '/api/v1/users/dashboard', { token: u.token })).json().data.recentUsage).toEqual([]);
    const checks = t.app.ctx.readCache.size;
    await t.db.insert(usageEvents).values({ userId: u.user.id, feature: 'overlay', description: 'Hidden overlay', quantity: 2 });
    if (TEST_DB_KIND === 'postgres') await t.app.ctx.readCache.settle();
    // The report names the one kept read it changes: the session checks stay.
    expect(t.app.ctx.readCache.size).toBe(checks);
    expect((await t.call('GET', '/api/v1/users/dashboard', { token: u.token })).json().data.recentUsage).toMatchObject([
      { feature: 'overlay', description: 'Hidden overlay', quantity: 2 },
    ]);
  });

  it("a customer's usage report forgets what is kept of them alone: their dashboard shows it at once, the others' checks stay", async () => {
    const [a, b] = [await createUserAndLogin(t), await createUserAndLogin(t)];
    await told();
    for (const u of [a, b]) expect((await t.call('GET', '/api/v1/users/dashboard', { token: u.token })).statusCode).toBe(200);
    const before = t.app.ctx.readCache.size;
    const sent = await t.call('POST', '/api/v1/usage', { token: a.token, body: { feature: 'overlay', description: 'Hidden overlay', quantity: 1 } });
    expect(sent.statusCode, sent.body).toBe(201);
    // The report's own notification may also arrive; it names a's recent usage alone. a's check goes, b's stays.
    expect(t.app.ctx.readCache.size).toBe(before - 1);
    expect((await t.call('GET', '/api/v1/users/dashboard', { token: a.token })).json().data.recentUsage).toMatchObject([{ feature: 'overlay', quantity: 1 }]);
  });

  it('a refused write, signed in or not, forgets nothing: anyone sending empty refreshes or bad logins cannot empty the checks', async () => {
    const [a, b] = [await createUserAndLogin(t), await createUserAndLogin(t)];
    await told();
    for (const u of [a, b]) expect((await t.call('GET', '/api/v1/users/dashboard', { token: u.token })).statusCode).toBe(200);
    const before = t.app.ctx.readCache.size;
    expect(before).toBeGreaterThanOrEqual(2);
    const refused = [
      await t.call('POST', '/api/v1/auth/refresh', { body: {} }),
      await t.call('POST', '/api/v1/auth/refresh', { body: { refreshToken: 'x'.repeat(43) } }),
      await t.call('POST', '/api/v1/auth/login', { body: { email: 'nobody@example.com', password: 'Wrong!Passw0rd', deviceType: 'web' } }),
      await t.call('POST', '/api/v1/nothing-here', { body: {} }),
      await t.call('POST', '/api/v1/usage', { token: a.token, body: { feature: '', quantity: -1 } }),
    ];
    expect(refused.map((r) => r.statusCode >= 400)).toEqual([true, true, true, true, true]);
    expect(t.app.ctx.readCache.size).toBe(before);
    // A successful anonymous write forgets everything kept, as before.
    expect(
      (await t.call('POST', '/api/v1/contact', { body: { name: 'Asha Verma', email: 'asha@example.com', subject: 'Hello there', message: 'A question about the plans, please.' } }))
        .statusCode,
    ).toBeLessThan(300);
    expect(t.app.ctx.readCache.size).toBe(0);
  });

  it('keeps answering signed-in reads from memory, and writes the last-seen time at most once a minute', async () => {
    const u = await createUserAndLogin(t);
    const old = new Date(Date.now() - 5 * 60_000);
    await t.db.update(sessions).set({ lastSeenAt: old }).where(eq(sessions.userId, u.user.id));
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.call('GET', '/api/v1/auth/me', { token: u.token })));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const [row] = await t.db.select({ lastSeenAt: sessions.lastSeenAt }).from(sessions).where(eq(sessions.userId, u.user.id));
    expect(row.lastSeenAt.getTime()).toBeGreaterThan(old.getTime() + 60_000);
  });

  it("the desktop program's activation and lease refresh write `devices` alone, which no kept read reads: they forget nothing kept", async () => {
    // Were `devices` ever read by a kept read, these routes' keepsReads (routes/devices.ts) would keep stale answers.
    expect(Object.values(CACHED_READS).some((read) => 'devices' in read.tables)).toBe(false);
    const [other, program] = [await createUserAndLogin(t), await createUserAndLogin(t, { deviceType: 'desktop' })];
    await told();
    expect((await t.call('GET', '/api/v1/users/dashboard', { token: other.token })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/v1/entitlement', { token: program.token })).statusCode).toBe(200);
    const before = t.app.ctx.readCache.size;
    const activated = await activateDevice(t, program.token, machine('Asha’s laptop'));
    const refreshed = await refreshLease(t, program.token, activated);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(t.app.ctx.readCache.size).toBe(before);
  });
});
