import { z } from 'zod';
import { isoTime } from './responses/envelope';

/** POST /auth/two-factor/recovery: the challenge of the password step just passed (decision 201). */
export const recoveryRequestSchema = z.object({ challenge: z.string().min(1).max(200).describe('The `challenge` the password step answered.') });

/** The recovery's mailed links (cancel, finish): the link's token. */
export const recoveryTokenSchema = z.object({ token: z.string().min(1).max(200).describe("The mailed link's `token`.") });

/** POST /auth/two-factor/recovery. */
export const recoveryRequestedSchema = z.object({
  readyAt: isoTime.describe('When the wait is over and the link that finishes the recovery is mailed.'),
  alreadyRequested: z.boolean().describe('A recovery was already waiting: it goes on, and no new mail was sent.'),
});
export type RecoveryRequested = z.infer<typeof recoveryRequestedSchema>;

/** GET /auth/two-factor/recovery: the account's recovery waiting, as every signed-in session shows it. */
export const recoveryStatusSchema = z
  .object({
    recovery: z
      .object({
        requestedAt: isoTime,
        readyAt: isoTime.describe('When the link that finishes it is mailed.'),
        browser: z.string().describe('The browser it was asked from.'),
        os: z.string(),
        place: z.string().describe('Where it was asked from (city and country, when known).'),
      })
      .nullable()
      .describe('Null: no recovery is waiting.'),
  })
  .meta({ id: 'TwoFactorRecoveryStatus' });
export type RecoveryStatus = z.infer<typeof recoveryStatusSchema>;
