import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMetrics } from '#shared/schemas/metrics';
import { devices, users } from '../db/schema';
import { createBillingTestApp, type BillingTestApp } from '../test/billing';
import { activateDevice, machine, paidCustomer as paidCustomerOf, refreshLease, type Machine } from '../test/devices';
import { TEST_DB_KIND } from '../test/harness';
import { createUserAndLogin } from '../test/users';

const DAY = 86_400_000;
let t: BillingTestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createBillingTestApp();
  adminToken = (await createUserAndLogin(t, { role: 'admin' })).token;
});
afterAll(() => t.close());

const activated = async (token: string, m: Machine) => (await activateDevice(t, token, m)).id;
const paidCustomer = (code: string) => paidCustomerOf(t, code);

const overview = async () => {
  const res = await t.call('GET', '/api/v1/admin/metrics', { token: adminToken });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as AdminMetrics).devices;
};

describe(`the admin overview's devices on ${TEST_DB_KIND}`, () => {
  it('counts the devices holding a seat, their versions newest first, the seats used per plan against limit × accounts, and the clones', async () => {
    const empty = await overview();
    expect(empty).toMatchObject({ idleDays: 30, active: 0, cloneFlagged: 0, versions: [] });
    expect(empty.seats.map((s) => [s.plan, s.limit, s.used])).toEqual([
      ['stealth_week', 1, 0],
      ['stealth_month', 2, 0],
      ['stealth_year', 3, 0],
      ['stealth_lifetime', 3, 0],
      ['trial', 1, 0],
    ]);

    // A monthly customer: two machines; one refreshes on a newer program (a refresh writes the version it reports).
    const month = await paidCustomer('stealth_month');
    const laptop = await activateDevice(t, month.token, machine('Laptop'));
    await activated(month.token, machine('Desktop', { appVersion: '2.3.0' }));
    expect((await refreshLease(t, month.token, laptop, '2.10.0')).statusCode).toBe(200);

    // A yearly customer: a machine, its installation copied to other hardware (both flagged), a third removed by them.
    const year = await paidCustomer('stealth_year');
    const copied = machine('Studio', { appVersion: '2.3.0' });
    await activated(year.token, copied);
    await activated(year.token, machine('Studio copy', { appVersion: '2.3.0', installId: copied.installId }));
    const gone = await activated(year.token, machine('Old PC'));
    expect((await t.call('DELETE', `/api/v1/devices/${gone}`, { token: year.token })).statusCode).toBe(200);

    // A trial: one machine; a second trial account whose machine is idle for 31 days holds no seat.
    const trial = await createUserAndLogin(t);
    await activated(trial.token, machine('Trial laptop', { appVersion: '2.2.0' }));
    const idle = await createUserAndLogin(t);
    const idleId = await activated(idle.token, machine('Idle laptop', { appVersion: '2.2.0' }));
    await t.db
      .update(devices)
      .set({ lastSeenAt: new Date(Date.now() - 31 * DAY) })
      .where(eq(devices.id, idleId));

    // A trial that ended after its machine was activated: the device still holds its seat (until idle), on no plan.
    const ended = await createUserAndLogin(t);
    await activated(ended.token, machine('Ended trial', { appVersion: '2.1.0' }));
    await t.db
      .update(users)
      .set({ trialExpires: new Date(Date.now() - DAY) })
      .where(eq(users.id, ended.user.id));

    // A month plan given without payment (complimentary): its account is among the month's seats offered too.
    const gift = await createUserAndLogin(t);
    const granted = await t.call('POST', `/api/v1/admin/users/${gift.user.id}/complimentary`, {
      token: adminToken,
      body: { days: 30, planCode: 'stealth_month', reason: 'Press review' },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    await activated(gift.token, machine('Review laptop', { appVersion: '2.2.0' }));

    const d = await overview();
    expect(d.active).toBe(7);
    expect(d.cloneFlagged).toBe(2);
    expect(d.versions).toEqual([
      { appVersion: '2.10.0', devices: 1 },
      { appVersion: '2.3.0', devices: 3 },
      { appVersion: '2.2.0', devices: 2 },
      { appVersion: '2.1.0', devices: 1 },
    ]);
    // Offered: the limit × the accounts on the plan (two month, one paid and one complimentary; one year; the trials
    // running, the overview's `trialUsers`: trial, idle and the signed-in admin's own).
    expect(d.seats).toEqual([
      { plan: 'stealth_week', name: expect.any(String), limit: 1, used: 0, offered: 0 },
      { plan: 'stealth_month', name: expect.any(String), limit: 2, used: 3, offered: 4 },
      { plan: 'stealth_year', name: expect.any(String), limit: 3, used: 2, offered: 3 },
      { plan: 'stealth_lifetime', name: expect.any(String), limit: 3, used: 0, offered: 0 },
      { plan: 'trial', name: null, limit: 1, used: 1, offered: 3 },
      { plan: 'none', name: null, limit: null, used: 1, offered: null },
    ]);
  });
});
