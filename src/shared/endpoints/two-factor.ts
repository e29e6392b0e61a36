import { endpoint, lazySchemas } from './endpoint';

/** Two-step verification and step-up (decision 192); a passkey as the second step and for step-up (decision 198). */
const zod = /* @__PURE__ */ lazySchemas(async () => ({
  ...(await import('../schemas/two-factor')),
  ...(await import('../schemas/passkeys')),
  ...(await import('../schemas/responses/two-factor')),
  ...(await import('../schemas/responses/auth')),
  ...(await import('../schemas/responses/envelope')),
}));
const tag = 'auth';
/** A passkey's answer refused: its challenge gone, or not one of the account's passkeys (decision 198). */
const PASSKEY_ANSWER = ['BAD_REQUEST:PASSKEY_CHALLENGE_EXPIRED', 'BAD_REQUEST:PASSKEY_NOT_ACCEPTED'] as const;
const STEP_UP = 'FORBIDDEN:STEP_UP_REQUIRED' as const;

export const twoFactor = {
  secondFactor: endpoint({
    method: 'POST',
    path: '/auth/login/second-factor',
    guard: 'public',
    tag,
    summary: "The sign-in's second step: the challenge of the password step and a code of the authenticator, a recovery code, or a passkey's answer",
    description: 'Each code works once. A challenge lives 5 minutes, takes 5 wrong answers, opens one session; a recovery code is no fresh check (step-up).',
    errors: ['BAD_REQUEST:INVALID_TWO_FACTOR_CODE', 'BAD_REQUEST:TWO_FACTOR_CHALLENGE_EXPIRED', 'BAD_REQUEST:PASSKEY_CHALLENGE_EXPIRED', 'BAD_REQUEST:PASSKEY_NOT_ACCEPTED'],
    limits: ['login-ip-all', 'two-factor-account'],
    schemas: zod.pick((s) => ({ body: s.secondFactorSchema, response: { 200: s.envelope(s.loginResultSchema) } })),
  }),
  secondFactorPasskeyOptions: endpoint({
    method: 'POST',
    path: '/auth/login/second-factor/passkey-options',
    guard: 'public',
    tag,
    summary: "A passkey as the sign-in's second step: the options for navigator.credentials.get(), the account's passkeys only (the challenge lasts 5 minutes)",
    description: "Offered when the challenge's `methods` include `passkey`: after a password, to an account with passkeys.",
    errors: ['BAD_REQUEST:TWO_FACTOR_CHALLENGE_EXPIRED', 'CONFLICT:NO_PASSKEY'],
    limits: ['login-ip-all'],
    schemas: zod.pick((s) => ({ body: s.secondStepPasskeyOptionsSchema, response: { 200: s.envelope(s.webauthnOptionsSchema) } })),
  }),
  status: endpoint({
    method: 'GET',
    path: '/auth/two-factor',
    guard: 'user',
    tag,
    summary: 'Whether two-step verification is on, and how many recovery codes remain',
    schemas: zod.pick((s) => ({ response: { 200: s.envelope(s.twoFactorStatusSchema) } })),
  }),
  setup: endpoint({
    method: 'POST',
    path: '/auth/two-factor/setup',
    guard: 'user',
    tag,
    summary: 'Start adding an authenticator app: its secret and a QR code (needs a recent step-up)',
    errors: [STEP_UP, 'CONFLICT:TWO_FACTOR_ALREADY_ON'],
    schemas: zod.pick((s) => ({ response: { 200: s.envelope(s.twoFactorSetupSchema) } })),
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/auth/two-factor/confirm',
    guard: 'user',
    tag,
    summary: 'Turn two-step verification on with a code of the new authenticator: the ten recovery codes, shown once',
    errors: [STEP_UP, 'BAD_REQUEST:INVALID_TWO_FACTOR_CODE', 'CONFLICT:TWO_FACTOR_ALREADY_ON', 'CONFLICT:TWO_FACTOR_SETUP_EXPIRED'],
    limits: ['two-factor-account'],
    schemas: zod.pick((s) => ({ body: s.confirmTwoFactorSchema, response: { 200: s.envelope(s.recoveryCodesSchema) } })),
  }),
  regenerateRecoveryCodes: endpoint({
    method: 'POST',
    path: '/auth/two-factor/recovery-codes',
    guard: 'user',
    tag,
    summary: 'Ten new recovery codes, shown once; the old ones stop working',
    errors: [STEP_UP, 'CONFLICT:TWO_FACTOR_NOT_ON'],
    schemas: zod.pick((s) => ({ response: { 200: s.envelope(s.recoveryCodesSchema) } })),
  }),
  turnOff: endpoint({
    method: 'DELETE',
    path: '/auth/two-factor',
    guard: 'user',
    tag,
    summary: 'Turn two-step verification off: the authenticator and the recovery codes are removed',
    description: 'An admin keeps it: 409 TWO_FACTOR_REQUIRED_FOR_ADMINS.',
    errors: [STEP_UP, 'CONFLICT:TWO_FACTOR_NOT_ON', 'CONFLICT:TWO_FACTOR_REQUIRED_FOR_ADMINS'],
    schemas: zod.pick((s) => ({ response: { 200: s.envelope(s.twoFactorStatusSchema) } })),
  }),
  stepUp: endpoint({
    method: 'POST',
    path: '/auth/step-up',
    guard: 'user',
    tag,
    summary: "Confirm it's you: the password, a code of the authenticator, or a passkey that verified its user opens sensitive changes for 10 minutes",
    description: 'Each sensitive change made within the 10 minutes renews them. A recovery code does not step up.',
    errors: ['BAD_REQUEST:WRONG_PASSWORD', 'BAD_REQUEST:INVALID_TWO_FACTOR_CODE', 'CONFLICT:TWO_FACTOR_NOT_ON', ...PASSKEY_ANSWER, 'BAD_REQUEST:PASSKEY_USER_NOT_VERIFIED'],
    limits: ['change-password-account', 'two-factor-account'],
    schemas: zod.pick((s) => ({ body: s.stepUpSchema, response: { 200: s.envelope(s.stepUpResultSchema) } })),
  }),
  stepUpPasskeyOptions: endpoint({
    method: 'POST',
    path: '/auth/step-up/passkey-options',
    guard: 'user',
    tag,
    summary: "Confirm it's you with a passkey: the options for navigator.credentials.get(), the account's passkeys, user verification required",
    description: 'The answer goes to POST /auth/step-up as `passkey`; the challenge lasts 5 minutes.',
    errors: ['CONFLICT:NO_PASSKEY'],
    limits: ['passkey-account'],
    schemas: zod.pick((s) => ({ response: { 200: s.envelope(s.webauthnOptionsSchema) } })),
  }),
};
