import { z } from 'zod';
import { isoTime } from './envelope';

/** One device of the account, as its owner sees it (the account's Devices page). */
export const deviceSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    os: z.string(),
    appVersion: z.string(),
    place: z.string().describe("Where it was last seen from (the CDN's city and country), or ''."),
    createdAt: isoTime,
    lastSeenAt: isoTime.describe('Written at activation and at most once an hour by refreshes.'),
    holdsSeat: z.boolean().describe('Whether it counts against the plan: not removed and seen in the last 30 days.'),
    removedAt: isoTime.nullable(),
  })
  .meta({ id: 'Device' });
export type DeviceDto = z.infer<typeof deviceSchema>;

/** The same with what only the admin sees: who removed it and why, and the clone mark. */
export const adminDeviceSchema = deviceSchema
  .extend({
    removedBy: z.enum(['customer', 'admin']).nullable(),
    removedReason: z.string().nullable(),
    cloneFlaggedAt: isoTime.nullable().describe('When the same install id arrived from other hardware (a copied installation).'),
  })
  .meta({ id: 'AdminDevice' });
export type AdminDeviceDto = z.infer<typeof adminDeviceSchema>;

export const devicesData = z.object({
  devices: z.array(deviceSchema),
  limit: z.number().int().describe("The seats of the account's plan or trial now (0 without one)."),
  inUse: z.number().int(),
});
export type DevicesData = z.infer<typeof devicesData>;

export const adminDevicesData = z.object({ devices: z.array(adminDeviceSchema), limit: z.number().int(), inUse: z.number().int() });
export type AdminDevicesData = z.infer<typeof adminDevicesData>;

/** The device and its lease: a compact JWS (decision 183) the program verifies offline against /.well-known/jwks.json. */
export const deviceLeaseData = z.object({
  device: deviceSchema,
  lease: z.string().describe('Compact JWS, EdDSA, typ stealth-lease+jwt; claims iss, sub, dev, plan, valid_until, exp, iat, features, min_app_version.'),
  expiresAt: isoTime.describe("The lease's exp: refresh before it."),
});
export type DeviceLeaseData = z.infer<typeof deviceLeaseData>;
