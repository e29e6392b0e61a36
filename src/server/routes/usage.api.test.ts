import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USAGE_REPORTS } from '../../shared/schemas/account';
import { queryRows } from '../db/client';
import { usageBatches, usageEvents, users } from '../db/schema';
import { ROLL_UP_AFTER_DAYS } from '../services/housekeeping/roll-up-after';
import { rollUpOldRows } from '../services/housekeeping/roll-up';
import { USAGE_LIMITS } from '../services/users/rate-limits';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { createUserAndLogin, loginAs } from '../test/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const report = (token: string, body: unknown) => t.call('POST', '/api/v1/usage', { token, body });
const rowsOf = async (userId: string) => (await t.db.select().from(usageEvents).where(eq(usageEvents.userId, userId))).length;

describe(`POST /usage (${TEST_DB_KIND})`, () => {
  it('records a batch once per idempotency key: sent again, it answers the first answer and adds nothing', async () => {
    const u = await createUserAndLogin(t, { deviceType: 'desktop' });
    const usedAt = new Date(Date.now() - 3 * 60_000).toISOString();
    const body = {
      idempotencyKey: 'b2c1f6a0-0b6e-4c8e-9d1e-000000000001',
      events: [
        { feature: 'invisible-mode', quantity: 3, usedAt },
        { feature: 'ai-assist', description: 'Prompt' },
      ],
    };
    const first = await report(u.token, body);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ success: true, message: 'Usage recorded.', data: { idempotencyKey: body.idempotencyKey, accepted: 2 } });
    const again = await report(u.token, { ...body, events: [...body.events, { feature: 'extra' }] });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const rows = await t.db.select().from(usageEvents).where(eq(usageEvents.userId, u.user.id));
    expect(rows.map((r) => [r.feature, r.quantity]).sort()).toEqual([
      ['ai-assist', 1],
      ['invisible-mode', 3],
    ]);
    expect(rows.find((r) => r.feature === 'invisible-mode')!.usageDate.toISOString()).toBe(usedAt);
    // The same key from another account is that account's own batch.
    const other = await createUserAndLogin(t);
    expect((await report(other.token, body)).json().data.accepted).toBe(2);
    expect(await rowsOf(other.user.id)).toBe(2);
  });

  it('keeps the single report of earlier desktop versions working', async () => {
    const u = await createUserAndLogin(t);
    const res = await report(u.token, { feature: 'stealth-mode', description: 'Zoom call', quantity: 2 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.usage).toMatchObject({ feature: 'stealth-mode', description: 'Zoom call', quantity: 2 });
  });

  it('refuses out-of-bounds reports with a clear message and records nothing', async () => {
    const u = await createUserAndLogin(t);
    const event = { feature: 'ai-assist' };
    const cases: [unknown, string][] = [
      [{ feature: 'ai-assist', quantity: 1_000_000 }, 'Quantity is too large'],
      [{ idempotencyKey: 'key-000001', events: [{ feature: 'ai-assist', quantity: USAGE_REPORTS.maxQuantity + 1 }] }, 'Quantity is too large'],
      [
        { idempotencyKey: 'key-000002', events: Array.from({ length: USAGE_REPORTS.maxEvents + 1 }, () => event) },
        `A batch holds at most ${USAGE_REPORTS.maxEvents} usage reports`,
      ],
      [{ idempotencyKey: 'key-000003', events: [] }, 'Events must hold at least one usage report'],
      [{ idempotencyKey: 'short', events: [event] }, 'Idempotency key must be 8 to 100 letters, digits or . _ : -'],
      [
        { idempotencyKey: 'key-000004', events: [{ ...event, usedAt: new Date(Date.now() - (USAGE_REPORTS.backdateDays + 1) * DAY).toISOString() }] },
        `Usage time must be within the last ${USAGE_REPORTS.backdateDays} days`,
      ],
      [
        { idempotencyKey: 'key-000005', events: [{ ...event, usedAt: new Date(Date.now() + DAY).toISOString() }] },
        `Usage time must be within the last ${USAGE_REPORTS.backdateDays} days`,
      ],
      [{}, 'Send one usage report (feature) or a batch (idempotencyKey and events)'],
    ];
    for (const [body, message] of cases) {
      const res = await report(u.token, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: 'VALIDATION_ERROR', message });
    }
    expect(await rowsOf(u.user.id)).toBe(0);
    expect(await t.db.select().from(usageBatches).where(eq(usageBatches.userId, u.user.id))).toEqual([]);
  });

  it('refuses an account without a running trial or plan with 403 NOT_ENTITLED, and records nothing', async () => {
    const u = await createUserAndLogin(t, { deviceType: 'desktop' });
    await t.db
      .update(users)
      .set({ trialExpires: new Date(Date.now() - 60_000) })
      .where(eq(users.id, u.user.id));
    expect((await t.call('GET', '/api/v1/entitlement', { token: u.token })).json().data.entitlement.entitled).toBe(false);
    for (const body of [
      { feature: 'ai-assist', quantity: 1000 },
      { idempotencyKey: 'expired-0001', events: [{ feature: 'ai-assist' }] },
    ]) {
      const res = await report(u.token, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        success: false,
        error: 'FORBIDDEN',
        code: 'NOT_ENTITLED',
        message: 'Your trial or plan has ended, so usage is no longer recorded. Choose a plan to continue.',
      });
    }
    expect(await rowsOf(u.user.id)).toBe(0);
    expect(await t.db.select().from(usageBatches).where(eq(usageBatches.userId, u.user.id))).toEqual([]);
  });

  it('limits a device to its hourly reports, hostile bodies counted too, and the account across its sessions', async () => {
    const u = await createUserAndLogin(t, { deviceType: 'desktop' });
    const { max } = USAGE_LIMITS.reportDevice;
    for (let i = 0; i < max; i++) {
      const body = i % 2 ? { feature: 'ai-assist' } : { quantity: 'many' };
      expect((await report(u.token, body)).statusCode).toBeLessThan(429);
    }
    const refused = await report(u.token, { idempotencyKey: 'over-limit-1', events: [{ feature: 'ai-assist' }] });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, error: 'TOO_MANY_REQUESTS', code: 'RATE_LIMITED' });
    expect(refused.json().retryAfterSeconds).toBeGreaterThan(0);
    expect(await rowsOf(u.user.id)).toBe(max / 2);

    // Fresh sessions of the same account share its budget: a second device gets its own hour, a third finds the account's spent.
    const second = await loginAs(t, u.email, u.password);
    for (let i = 0; i < USAGE_LIMITS.reportAccount.max - max; i++) expect((await report(second.token, { feature: 'ai-assist' })).statusCode).toBe(201);
    const third = await loginAs(t, u.email, u.password);
    expect((await report(third.token, { feature: 'ai-assist' })).statusCode).toBe(429);
    expect(await rowsOf(u.user.id)).toBe(max / 2 + USAGE_LIMITS.reportAccount.max - max);
  });

  it('rolls old reports up per day: the admin customer page counts the same after, the dashboard keeps the latest', async () => {
    const admin = await createUserAndLogin(t, { role: 'admin' });
    const u = await createUserAndLogin(t);
    const old = (days: number, minutes = 0) => new Date(Date.now() - days * DAY - minutes * 60_000);
    // 25 old reports over three days and two features, and 3 recent ones.
    const rows = [
      ...Array.from({ length: 25 }, (_, i) => ({
        userId: u.user.id,
        feature: i % 2 ? 'ai-assist' : 'invisible-mode',
        quantity: i + 1,
        usageDate: old(ROLL_UP_AFTER_DAYS.usageEvents + 1 + (i % 3), i),
      })),
      ...Array.from({ length: 3 }, (_, i) => ({ userId: u.user.id, feature: 'ai-assist', quantity: 1000, usageDate: old(0, 10 + i) })),
    ];
    await t.db.insert(usageEvents).values(rows);
    const page = async () => (await t.call('GET', `/api/v1/admin/users/${u.user.id}`, { token: admin.token })).json().data.usage;
    const dashboard = async () => (await t.call('GET', '/api/v1/users/dashboard', { token: u.token })).json().data.recentUsage;
    const before = { page: await page(), dashboard: await dashboard() };
    expect(before.page.byFeature.map((f: { feature: string; events: number }) => [f.feature, f.events]).sort()).toEqual([
      ['ai-assist', 15],
      ['invisible-mode', 13],
    ]);

    const rolled = await rollUpOldRows(t.db);
    expect(rolled.usageEvents).toBeGreaterThanOrEqual(18); // this account's: 28 rows, its 10 latest kept
    expect(await rowsOf(u.user.id)).toBe(10);
    const days = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from usage_days where user_id = ${u.user.id}`);
    expect(days[0].n).toBeGreaterThan(0);
    expect(days[0].n).toBeLessThanOrEqual(6);

    expect(await page()).toEqual(before.page);
    expect(await dashboard()).toEqual(before.dashboard);
    expect((await rollUpOldRows(t.db)).usageEvents).toBe(0);
  });
});
