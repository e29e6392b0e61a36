import { endpoint, lazySchemas } from './endpoint';

/** The desktop program's devices and their signed leases (decisions 183 and 184). */
const zod = /* @__PURE__ */ lazySchemas(async () => ({
  ...(await import('../schemas/devices')),
  ...(await import('../schemas/responses/devices')),
  ...(await import('../schemas/responses/envelope')),
}));

/** What a refused activation or refresh answers: codes the program acts on. */
const LICENCE_REFUSALS = ['FORBIDDEN:NO_ENTITLEMENT', 'FORBIDDEN:TOO_MANY_DEVICES', 'FORBIDDEN:APP_TOO_OLD'] as const;

export const devices = {
  activate: endpoint({
    method: 'POST',
    path: '/devices',
    guard: 'user',
    tag: 'desktop',
    summary: 'For the desktop program: activate this machine and receive its first lease',
    description: "The same hardware as a device of the account takes that device back (a reinstall: no second seat); the same install id from other hardware is flagged as a clone for the admin and counted as a device of its own. A device holds a seat while it is not removed and was seen in the last 30 days. Over the plan's limit: 403 TOO_MANY_DEVICES naming the devices in use; without a trial or plan: 403 NO_ENTITLEMENT; a program older than the minimum: 403 APP_TOO_OLD.",
    errors: LICENCE_REFUSALS,
    limits: ['device-account'],
    schemas: zod.pick((s) => ({ body: s.activateDeviceSchema, response: { 201: s.envelope(s.deviceLeaseData) } })),
  }),
  refreshLease: endpoint({
    method: 'POST',
    path: '/devices/:id/lease',
    guard: 'user',
    tag: 'desktop',
    summary: 'For the desktop program: a new lease for this device, or the code it must act on',
    description: "A new lease while the account is entitled and the device holds a seat. Refused: 403 DEVICE_REMOVED (removed from the web or by support), DEVICE_HARDWARE_MISMATCH (the hardware id is not the one the device was activated with: a copied state file; the device is flagged as a clone for the admin, and the program activates this machine instead), NO_ENTITLEMENT (the plan or trial ended), TOO_MANY_DEVICES (idle for 30 days while its seat was taken), APP_TOO_OLD (update first). The device's last seen time is written at most once an hour.",
    errors: ['NOT_FOUND:DEVICE_NOT_FOUND', 'FORBIDDEN:DEVICE_REMOVED', 'FORBIDDEN:DEVICE_HARDWARE_MISMATCH', ...LICENCE_REFUSALS],
    limits: ['device-account'],
    schemas: zod.pick((s) => ({ params: s.deviceParam, body: s.refreshLeaseSchema, response: { 200: s.envelope(s.deviceLeaseData) } })),
  }),
  list: endpoint({
    method: 'GET',
    path: '/devices',
    guard: 'user',
    tag: 'desktop',
    summary: "The account's devices: name, OS, app version, last seen, place, and whether each holds a seat",
    schemas: zod.pick((s) => ({ response: { 200: s.envelope(s.devicesData) } })),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/devices/:id',
    guard: 'user',
    tag: 'desktop',
    summary: 'Remove a device: its seat is free now, and the program on it loses its licence at its next refresh',
    description: 'Needs a recent step-up (POST /auth/step-up).',
    errors: ['NOT_FOUND:DEVICE_NOT_FOUND', 'FORBIDDEN:STEP_UP_REQUIRED'],
    schemas: zod.pick((s) => ({ params: s.deviceParam, response: { 200: s.envelope(s.devicesData) } })),
  }),
};
