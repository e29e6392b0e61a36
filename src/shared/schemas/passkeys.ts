import { z } from 'zod';
import { issue } from '../errors';
import { isoTime } from './responses/envelope';

/** A passkey's name, as its owner gives it (the browser's and system's by default). */
export const passkeyName = z
  .string({ error: issue('PASSKEY_NAME_REQUIRED') })
  .trim()
  .min(1, issue('PASSKEY_NAME_REQUIRED'))
  .max(60, issue('PASSKEY_NAME_TOO_LONG'));

const base64url = z
  .string()
  .max(8192)
  .regex(/^[A-Za-z0-9_-]*$/);

/** The browser's answer to navigator.credentials.create() as @simplewebauthn/browser gives it (RegistrationResponseJSON). */
export const registrationResponseSchema = z
  .object({
    id: base64url.min(1),
    rawId: base64url.min(1),
    type: z.literal('public-key'),
    response: z.looseObject({ clientDataJSON: base64url, attestationObject: base64url, transports: z.array(z.string().max(40)).max(10).optional() }),
    clientExtensionResults: z.looseObject({}),
    authenticatorAttachment: z.string().max(40).optional(),
  })
  .meta({ id: 'RegistrationResponseJSON', description: 'What navigator.credentials.create() answered, in the WebAuthn JSON form.' });

/** The browser's answer to navigator.credentials.get() (AuthenticationResponseJSON). */
export const authenticationResponseSchema = z
  .object({
    id: base64url.min(1),
    rawId: base64url.min(1),
    type: z.literal('public-key'),
    response: z.looseObject({ clientDataJSON: base64url, authenticatorData: base64url, signature: base64url, userHandle: base64url.optional() }),
    clientExtensionResults: z.looseObject({}),
    authenticatorAttachment: z.string().max(40).optional(),
  })
  .meta({ id: 'AuthenticationResponseJSON', description: 'What navigator.credentials.get() answered, in the WebAuthn JSON form.' });

/** POST /auth/passkeys: the new passkey's name and the browser's answer. */
export const addPasskeySchema = z.object({ name: passkeyName, response: registrationResponseSchema });

/** PATCH /auth/passkeys/{id}. */
export const renamePasskeySchema = z.object({ name: passkeyName });

/** POST /auth/passkeys/sign-in. */
export const passkeySignInSchema = z.object({ response: authenticationResponseSchema });

export const passkeyParams = z.object({ id: z.uuid({ error: issue('PASSKEY_NOT_FOUND') }) });

/** The options for the browser's WebAuthn call, as @simplewebauthn/server makes them (passed on as they are). */
export const webauthnOptionsSchema = z.object({ options: z.looseObject({ challenge: z.string() }) });

/** A passkey as its owner sees it. */
export const passkeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    createdAt: isoTime,
    lastUsedAt: isoTime.nullable(),
    synced: z.boolean().describe('Backed up by its provider (a synced passkey, on every device of its account).'),
  })
  .meta({ id: 'Passkey' });
export type PasskeyDto = z.infer<typeof passkeySchema>;

export const passkeysData = z.object({ passkeys: z.array(passkeySchema) });
export const passkeyData = z.object({ passkey: passkeySchema });
