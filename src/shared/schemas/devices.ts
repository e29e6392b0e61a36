import { z } from 'zod';
import { DEVICES } from '../constants';
import { APP_VERSION } from '../licence/app-version';
import { adminReason } from './admin';

/**
 * What is removed from a text the program sends (a device name, its OS) before anyone sees it: control characters
 * (C0 with a NUL byte PostgreSQL refuses, DEL, C1) and format characters (bidi overrides and isolates, zero-width
 * marks), with which a name shown on the approval page, the device list or the admin's could read other than it is.
 * One rule for the device grant (services/auth/device-grant/codes.ts) and the activation.
 */
export const cleanProgramText = (s: string): string => s.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();

/** A text the program sends: cleaned (cleanProgramText), 1 to `max` characters. */
const programText = (max: number) => z.string().transform(cleanProgramText).pipe(z.string().min(1).max(max));

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

/**
 * POST /devices/:id/lease: the machine's hardware hash, which must be the one the device was activated with (a state
 * file copied to another machine refreshes nothing), and the program's version now (an update since its activation).
 */
export const refreshLeaseSchema = z.object({
  hardwareId: programId(DEVICES.hardwareIdMax).describe('The hash the device was activated with; another answers 403 DEVICE_HARDWARE_MISMATCH.'),
  appVersion,
});
export type RefreshLeaseInput = z.output<typeof refreshLeaseSchema>;

export const deviceParam = z.object({ id: z.uuid('Invalid id') });
export const adminDeviceParams = z.object({ id: z.uuid('Invalid id'), deviceId: z.uuid('Invalid id') });
/** DELETE /admin/users/:id/devices/:deviceId: why (kept in the audit log). */
export const adminRemoveDeviceBody = z.object({ reason: adminReason });
