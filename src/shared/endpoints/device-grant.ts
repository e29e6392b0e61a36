import { endpoint, lazySchemas } from './endpoint';

/** Sign-in through the system browser: the OAuth 2.0 device authorization grant (RFC 8628, decision 185). */
const zod = /* @__PURE__ */ lazySchemas(async () => ({
  ...(await import('../schemas/device-grant')),
  ...(await import('../schemas/responses/device-grant')),
  ...(await import('../schemas/responses/envelope')),
}));
const tag = 'desktop';
const consumes = ['application/x-www-form-urlencoded', 'application/json'];

export const deviceGrant = {
  code: endpoint({
    method: 'POST',
    path: '/auth/device/code',
    guard: 'public',
    tag,
    summary: 'For the desktop program: start a sign-in through the system browser (RFC 8628 device authorization request)',
    description: 'Form-encoded (as RFC 8628 says) or JSON. Answers device_code, user_code (XXXX-XXXX), verification_uri, verification_uri_complete, expires_in (600) and interval (5), not in the API envelope. The program opens verification_uri_complete, shows the user code, and polls POST /auth/device/token.',
    limits: ['device-code-ip'],
    schemas: zod.pick((s) => ({ body: s.deviceCodeRequestSchema, consumes, response: { 200: s.deviceCodeResponseSchema, 400: s.oauthErrorReply } })),
  }),
  token: endpoint({
    method: 'POST',
    path: '/auth/device/token',
    guard: 'public',
    tag,
    summary: 'For the desktop program: poll for the session a sign-in through the browser gives (RFC 8628 device access token request)',
    description: 'grant_type urn:ietf:params:oauth:grant-type:device_code and device_code, form-encoded or JSON. Until the user decides: 400 authorization_pending, or slow_down when polled sooner than the interval (which grows by 5 s each time). Denied: access_denied. Past 10 minutes: expired_token. Approved: 200 with access_token, refresh_token and the user, a desktop session as the password sign-in gives, once; any later poll with the same code answers invalid_grant, as does an unknown code or an approval voided by a password change.',
    limits: ['device-token-ip'],
    schemas: zod.pick((s) => ({ body: s.deviceTokenRequestSchema, consumes, response: { 200: s.deviceTokenResponseSchema, 400: s.oauthErrorReply } })),
  }),
  lookup: endpoint({
    method: 'POST',
    path: '/auth/device/lookup',
    guard: 'user',
    tag,
    summary: 'The approval page: which device a user code names, and whether it is still to be decided',
    errors: ['NOT_FOUND:DEVICE_CODE_NOT_FOUND', 'NOT_FOUND:DEVICE_CODE_EXPIRED', 'CONFLICT:DEVICE_CODE_USED'],
    limits: ['device-user-code-ip', 'device-user-code-account'],
    schemas: zod.pick((s) => ({ body: s.deviceLookupSchema, response: { 200: s.envelope(s.deviceGrantSchema) } })),
  }),
  decide: endpoint({
    method: 'POST',
    path: '/auth/device/decision',
    guard: 'user',
    tag,
    summary: 'The approval page: approve or deny the desktop program\'s sign-in; once decided, no other session can decide the code',
    description: 'The same session deciding the same way again is answered as the first time (a double click); another session, of this account or another, gets 409 DEVICE_CODE_USED. An approval from a session that signed in over 10 minutes ago must carry the password of the account: 403 REAUTH_REQUIRED without it, 400 WRONG_PASSWORD when wrong (counted per account). An approval mails the account: which device, when, from where.',
    errors: ['NOT_FOUND:DEVICE_CODE_NOT_FOUND', 'NOT_FOUND:DEVICE_CODE_EXPIRED', 'CONFLICT:DEVICE_CODE_USED', 'FORBIDDEN:REAUTH_REQUIRED', 'BAD_REQUEST:WRONG_PASSWORD'],
    limits: ['device-user-code-ip', 'device-user-code-account', 'change-password-account'],
    schemas: zod.pick((s) => ({ body: s.deviceDecisionSchema, response: { 200: s.envelope(s.deviceGrantSchema) } })),
  }),
};
