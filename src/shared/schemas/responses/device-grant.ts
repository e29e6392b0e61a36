import { z } from 'zod';
import { publicUserSchema } from './account';
import { errorEnvelopeSchema, isoTime } from './envelope';

/** RFC 8628 §3.2: the device authorization response. */
export const deviceCodeResponseSchema = z
  .object({
    device_code: z.string().describe('The secret the program polls the token endpoint with; kept by the server as its SHA-256 only.'),
    user_code: z.string().describe('What the user enters or checks on the approval page: XXXX-XXXX, letters BCDFGHJKLMNPQRSTVWXZ.'),
    verification_uri: z.string(),
    verification_uri_complete: z.string().describe('The approval page with the code filled in: what the program opens in the system browser.'),
    expires_in: z.number().int().describe('Seconds the codes live (600).'),
    interval: z.number().int().describe('Seconds to wait between polls (5); slow_down adds 5.'),
  })
  .meta({ id: 'DeviceAuthorization' });
export type DeviceCodeResponse = z.infer<typeof deviceCodeResponseSchema>;

/** RFC 6749 §5.1 with the password sign-in's user: the desktop session the approval gives, once. */
export const deviceTokenResponseSchema = z
  .object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int().describe('Seconds the access token lives.'),
    refresh_token: z.string().describe("Exchanged at POST /auth/refresh, as the password sign-in's."),
    user: publicUserSchema,
    device: z.object({ name: z.string(), os: z.string() }).describe('The device the user approved, as the program named it.'),
  })
  .meta({ id: 'DeviceToken' });
export type DeviceTokenResponse = z.infer<typeof deviceTokenResponseSchema>;

export const OAUTH_ERRORS = ['authorization_pending', 'slow_down', 'access_denied', 'expired_token', 'invalid_grant', 'invalid_request', 'unsupported_grant_type'] as const;
export type OAuthErrorCode = (typeof OAUTH_ERRORS)[number];

/** RFC 6749 §5.2 and RFC 8628 §3.5: a refusal of the device endpoints, always 400. */
export const oauthErrorSchema = z
  .object({ error: z.enum(OAUTH_ERRORS), error_description: z.string().optional(), interval: z.number().int().optional().describe('slow_down: the interval to use from now on.') })
  .meta({ id: 'OAuthError' });
export type OAuthError = z.infer<typeof oauthErrorSchema>;
/** A 400 of the device endpoints: OAuth's refusal, or the API's envelope for a body Fastify cannot read (not JSON, not an object). */
export const oauthErrorReply = z.union([oauthErrorSchema, errorEnvelopeSchema]);

/** What the approval page shows for a code. */
export const deviceGrantSchema = z.object({
  userCode: z.string().describe('XXXX-XXXX'),
  deviceName: z.string(),
  deviceOs: z.string(),
  status: z.enum(['pending', 'approved', 'denied']).describe('approved or denied: by this session (another one is refused with DEVICE_CODE_USED).'),
  place: z.string().describe("Where the program asked from (city, country) as the site's CDN names it; empty when unknown."),
  requestedAt: isoTime,
  expiresAt: isoTime,
  reauth: z.boolean().describe('Whether an approval from this session must carry the password (it signed in over 10 minutes ago).'),
});
export type DeviceGrantDto = z.infer<typeof deviceGrantSchema>;
