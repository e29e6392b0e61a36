import { randomInt } from 'node:crypto';
import { DEVICE_GRANT } from '#shared/constants';
import { cleanProgramText } from '#shared/schemas/devices';
import type { OAuthErrorCode } from '#shared/schemas/responses/device-grant';

/** A new user code: DEVICE_GRANT.userCodeLength letters of its alphabet, from the CSPRNG, without the dash. */
export function newUserCode(): string {
  const { userCodeAlphabet: alphabet, userCodeLength: length } = DEVICE_GRANT;
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/** An RFC 6749 §5.2 / RFC 8628 §3.5 refusal of the device endpoints: the route answers 400 `{ error, error_description }`. */
export class OAuthRefusal extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly interval?: number,
  ) {
    super(description);
  }
}

/** What the program sends as text (device name, OS): cleaned as at activation (cleanProgramText), cut to `max`; a field that is not text is invalid_request. */
export function programText(value: unknown, max: number, name: string): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new OAuthRefusal('invalid_request', `${name} must be text`);
  return cleanProgramText(value).slice(0, max);
}
