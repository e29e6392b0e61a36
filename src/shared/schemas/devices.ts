import { z } from 'zod';
import { DEVICES } from '../constants';
import { APP_VERSION } from '../licence/app-version';
import { adminReason } from './admin';

/** A text the program sends: trimmed, without control characters (a NUL byte PostgreSQL refuses), 1 to `max` characters. */
const programText = (max: number) =>
  z
    .string()
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .transform((s) => s.replace(/[\u0000-\u001f\u007f]/g, '').trim())
    .pipe(z.string().min(1).max(max));

/** An opaque identifier the program makes (install id, hardware hash): printable ASCII, no spaces. */
const programId = (max: number) =>
  z
    .string()
    .min(8)
    .max(max)
    .regex(/^[\x21-\x7e]+$/, 'expected printable characters without spaces');

const appVersion = z.string().max(DEVICES.appVersionMax).regex(APP_VERSION, 'expected a version such as 2.1.0');

/** POST /devices: the signed-in program activates the machine it runs on (decision 184). */
export const activateDeviceSchema = z.object({
  installId: programId(DEVICES.installIdMax).describe('Random, made once by the program and kept with it; a reinstall makes a new one.'),
  hardwareId: programId(DEVICES.hardwareIdMax).describe('A hash of the machine the program computes; the server keeps only an HMAC of it.'),
  name: programText(DEVICES.nameMax).describe('The name the user sees (the computer name).'),
  os: programText(DEVICES.osMax),
  appVersion,
});
export type ActivateDeviceInput = z.output<typeof activateDeviceSchema>;

/** POST /devices/:id/lease: the program's version now (a program updated since its activation says so). */
export const refreshLeaseSchema = z.object({ appVersion });

export const deviceParam = z.object({ id: z.uuid('Invalid id') });
export const adminDeviceParams = z.object({ id: z.uuid('Invalid id'), deviceId: z.uuid('Invalid id') });
/** DELETE /admin/users/:id/devices/:deviceId: why (kept in the audit log). */
export const adminRemoveDeviceBody = z.object({ reason: adminReason });
