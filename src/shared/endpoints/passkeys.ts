import { endpoint, lazySchemas } from './endpoint';

/** Passkeys (WebAuthn, issue 36, decision 196): add, list, rename, remove, and sign in with one. */
const zod = /* @__PURE__ */ lazySchemas(async () => ({
  ...(await import('../schemas/passkeys')),
  ...(await import('../schemas/responses/auth')),
  ...(await import('../schemas/responses/envelope')),
}));
const tag = 'auth';
const STEP_UP = 'FORBIDDEN:STEP_UP_REQUIRED' as const;

export const passkeys = {
  list: endpoint({
    method: 'GET',
    path: '/auth/passkeys',
    guard: 'user',
    tag,
    summary: "The account's passkeys: name, added, last used, synced",
    schemas: zod.pick((s) => ({ response: { 200: s.envelope(s.passkeysData) } })),
  }),
  registrationOptions: endpoint({
    method: 'POST',
    path: '/auth/passkeys/registration-options',
    guard: 'user',
    tag,
    summary: 'Start adding a passkey: the options for navigator.credentials.create() (needs a recent step-up; the challenge lasts 5 minutes)',
    errors: [STEP_UP],
    limits: ['passkey-account'],
    schemas: zod.pick((s) => ({ response: { 200: s.envelope(s.webauthnOptionsSchema) } })),
  }),
  add: endpoint({
    method: 'POST',
    path: '/auth/passkeys',
    guard: 'user',
    tag,
    summary: 'Add the passkey the browser made, with its name (needs a recent step-up)',
    errors: [STEP_UP, 'BAD_REQUEST:PASSKEY_CHALLENGE_EXPIRED', 'BAD_REQUEST:PASSKEY_NOT_VERIFIED', 'CONFLICT:PASSKEY_ALREADY_ADDED'],
    limits: ['passkey-account'],
    schemas: zod.pick((s) => ({ body: s.addPasskeySchema, response: { 201: s.envelope(s.passkeyData) } })),
  }),
  rename: endpoint({
    method: 'PATCH',
    path: '/auth/passkeys/:id',
    guard: 'user',
    tag,
    summary: 'Rename a passkey',
    errors: ['NOT_FOUND:PASSKEY_NOT_FOUND'],
    schemas: zod.pick((s) => ({ params: s.passkeyParams, body: s.renamePasskeySchema, response: { 200: s.envelope(s.passkeyData) } })),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/auth/passkeys/:id',
    guard: 'user',
    tag,
    summary: 'Remove a passkey: it signs in no more (needs a recent step-up)',
    errors: [STEP_UP, 'NOT_FOUND:PASSKEY_NOT_FOUND'],
    schemas: zod.pick((s) => ({ params: s.passkeyParams, response: { 200: s.envelope(s.passkeysData) } })),
  }),
  signInOptions: endpoint({
    method: 'POST',
    path: '/auth/passkeys/sign-in-options',
    guard: 'public',
    tag,
    summary: 'Start signing in with a passkey, no address typed: the options for navigator.credentials.get() (the challenge lasts 5 minutes)',
    limits: ['login-ip-all'],
    schemas: zod.pick((s) => ({ response: { 200: s.envelope(s.webauthnOptionsSchema) } })),
  }),
  signIn: endpoint({
    method: 'POST',
    path: '/auth/passkeys/sign-in',
    guard: 'public',
    tag,
    summary: 'Sign in with a passkey: two factors when it verified its user; else an account with two-step verification is asked for its code',
    description: 'Without user verification, an account with two-step verification answers `secondFactor` (for POST /auth/login/second-factor).',
    errors: ['BAD_REQUEST:PASSKEY_CHALLENGE_EXPIRED', 'UNAUTHORIZED:PASSKEY_NOT_RECOGNISED', 'FORBIDDEN:EMAIL_NOT_VERIFIED'],
    limits: ['login-ip-all'],
    schemas: zod.pick((s) => ({ body: s.passkeySignInSchema, response: { 200: s.envelope(s.loginReplySchema) } })),
  }),
};
