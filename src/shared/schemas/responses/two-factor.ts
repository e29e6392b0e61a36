import { z } from 'zod';
import { isoTime } from './envelope';

/** GET /auth/two-factor (and after turning it off). */
export const twoFactorStatusSchema = z
  .object({
    enabled: z.boolean(),
    required: z.boolean().describe('The account may not turn it off: every admin keeps it (decision 193).'),
    sessionVerified: z.boolean().describe('This session passed a second factor (its sign-in, or the enrolment made from it); an admin acts only from such a session.'),
    confirmedAt: isoTime.nullable(),
    lastUsedAt: isoTime.nullable().describe('When a code of the authenticator was last accepted.'),
    recoveryCodesLeft: z.number().int(),
    recoveryCodesLow: z.boolean().describe('Two or fewer recovery codes remain: the screen suggests new ones.'),
    passkeys: z.number().int().describe("How many passkeys the account has: one of them may confirm it's you (step-up)."),
  })
  .meta({ id: 'TwoFactorStatus' });
export type TwoFactorStatusDto = z.infer<typeof twoFactorStatusSchema>;

/** POST /auth/two-factor/setup: the new authenticator's secret, its otpauth URI, and a QR code of it (SVG). */
export const twoFactorSetupSchema = z.object({
  secret: z.string().describe('The base-32 secret, for typing into an app that cannot scan.'),
  otpauthUri: z.string(),
  qrSvg: z.string().describe('The otpauth URI as a QR code, an SVG drawn by the server.'),
});
export type TwoFactorSetupDto = z.infer<typeof twoFactorSetupSchema>;

/** The recovery codes, shown once (confirming the setup, or regenerating them). */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()).describe('Ten codes, each usable once; only their hashes are kept.') });
export type RecoveryCodesDto = z.infer<typeof recoveryCodesSchema>;

/** POST /auth/step-up. */
export const stepUpResultSchema = z.object({ stepUpUntil: isoTime });
