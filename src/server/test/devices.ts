import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { buy, verifyBody, type BillingTestApp } from './billing';
import type { TestApp } from './harness';
import { createUserAndLogin } from './users';

/** A machine the program runs on: its hardware hash and the install id of the program on it (each new unless given). */
export const machine = (name: string, over: { appVersion?: string; installId?: string } = {}) => ({
  installId: over.installId ?? `install-${randomUUID()}`,
  hardwareId: `hw-${randomUUID()}`,
  name,
  os: 'Windows 11 Pro',
  appVersion: over.appVersion ?? '2.1.0',
});
export type Machine = ReturnType<typeof machine>;

/** An activated device as its program knows it: the id the site gave and the hardware hash it refreshes with. */
export type ActivatedDevice = { id: string; hardwareId: string };

/** Activates `m` as the signed-in program does (POST /devices), expecting a seat: its device id and first lease. */
export async function activateDevice(t: TestApp, token: string, m: Machine): Promise<ActivatedDevice & { lease: string }> {
  const res = await t.call('POST', '/api/v1/devices', { token, body: m });
  expect(res.statusCode, res.body).toBe(201);
  const data = res.json().data;
  return { id: data.device.id, hardwareId: m.hardwareId, lease: data.lease };
}

/** POST /devices/:id/lease as the program on the device's machine sends it. */
export const refreshLease = (t: TestApp, token: string, d: ActivatedDevice, appVersion = '2.1.0') =>
  t.call('POST', `/api/v1/devices/${d.id}/lease`, { token, body: { hardwareId: d.hardwareId, appVersion } });

/** A customer with a paid plan (month unless named), bought and verified as the browser does. */
export async function paidCustomer(t: BillingTestApp, code = 'stealth_month') {
  const u = await createUserAndLogin(t);
  const bought = await buy(t, u.token, code);
  const verified = await t.call('POST', '/api/v1/payments/verify', { token: u.token, body: verifyBody(bought.result.response) });
  expect(verified.statusCode, verified.body).toBe(200);
  return { ...u, subscriptionId: bought.subscription._id as string };
}
