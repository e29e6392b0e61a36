import { z } from 'zod';
import { DEVICE_GRANT, DEVICES } from '../constants';

/**
 * Sign-in through the system browser (RFC 8628, decision 185). The device authorization and token requests are
 * OAuth's: form-encoded or JSON, their fields in snake_case, checked by the service (each refusal is an OAuth `error`,
 * not the API's envelope), so their schemas here only say which fields exist and take any value of them.
 */
const field = z.unknown().optional();

/** POST /auth/device/code (RFC 8628 §3.1), plus what the program says it runs on, shown on the approval page. */
export const deviceCodeRequestSchema = z
  .object({
    client_id: field.describe(`Optional (${DEVICE_GRANT.clientId}); the program is a public client, so it proves nothing.`),
    scope: field.describe('Ignored: the grant gives the same session as the password sign-in.'),
    device_name: field.describe(`The computer's name the approval page shows (up to ${DEVICES.nameMax} characters).`),
    device_os: field.describe(`Its operating system (up to ${DEVICES.osMax} characters).`),
    ui_locales: field.describe("The program's language (en, hi, es or fr): the approval page opens in it."),
  })
  .loose();

/** POST /auth/device/token (RFC 8628 §3.4). */
export const deviceTokenRequestSchema = z
  .object({
    grant_type: field.describe(DEVICE_GRANT.grantType),
    device_code: field.describe('The device_code of POST /auth/device/code.'),
    client_id: field,
  })
  .loose();

/** A user code as typed: letters of the alphabet, any case, with or without the dash or spaces. */
export const userCodeSchema = z.string().max(40);

/** POST /auth/device/lookup: what the approval page shows for a code. */
export const deviceLookupSchema = z.object({ userCode: userCodeSchema });

/**
 * POST /auth/device/decision: the signed-in user approves or denies the program's sign-in; an approval from a session
 * signed in more than DEVICE_GRANT.recentSignInSeconds ago carries the account's password.
 */
export const deviceDecisionSchema = z.object({
  userCode: userCodeSchema,
  approve: z.boolean(),
  password: z.string().max(256).optional().describe('Asked when the session signed in over 10 minutes ago (403 REAUTH_REQUIRED without it).'),
});

/** The user code without its dash, upper case; null when it cannot be one (wrong letters or length). */
export function normalizeUserCode(typed: string): string | null {
  const letters = typed.toUpperCase().replace(/[\s-]/g, '');
  if (letters.length !== DEVICE_GRANT.userCodeLength) return null;
  return [...letters].every((c) => DEVICE_GRANT.userCodeAlphabet.includes(c)) ? letters : null;
}

/** BCDFGHJK → BCDF-GHJK, as the program and the page show it. */
export const formatUserCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;
