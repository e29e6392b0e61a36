import { endpoint, lazySchemas } from './endpoint';

/** Recovering two-step verification by e-mail, without the authenticator or a recovery code (decision 201). */
const zod = /* @__PURE__ */ lazySchemas(async () => ({
  ...(await import('../schemas/two-factor-recovery')),
  ...(await import('../schemas/responses/envelope')),
}));
const tag = 'auth';

export const twoFactorRecovery = {
  request: endpoint({
    method: 'POST',
    path: '/auth/two-factor/recovery',
    guard: 'public',
    tag,
    summary: "Lost the authenticator and the recovery codes: with the sign-in's challenge, mail the account and turn two-step verification off after a wait",
    description: 'Takes the challenge. The account is told at once with a cancel link; the link that finishes it is mailed after 72 hours. One waiting per account.',
    errors: ['BAD_REQUEST:TWO_FACTOR_CHALLENGE_EXPIRED', 'CONFLICT:TWO_FACTOR_NOT_ON'],
    limits: ['two-factor-recovery-ip', 'two-factor-recovery-account'],
    schemas: zod.pick((s) => ({ body: s.recoveryRequestSchema, response: { 200: s.envelope(s.recoveryRequestedSchema) } })),
  }),
  status: endpoint({
    method: 'GET',
    path: '/auth/two-factor/recovery',
    guard: 'user',
    tag,
    summary: "The account's recovery of two-step verification waiting, if any: when it was asked for, from where, when it can be finished",
    schemas: zod.pick((s) => ({ response: { 200: s.envelope(s.recoveryStatusSchema) } })),
  }),
  cancelFromSession: endpoint({
    method: 'DELETE',
    path: '/auth/two-factor/recovery',
    guard: 'user',
    tag,
    summary: "Cancel the account's recovery of two-step verification from a signed-in session; two-step verification stays on",
    schemas: zod.pick((s) => ({ response: { 200: s.envelope(s.recoveryStatusSchema) } })),
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/auth/two-factor/recovery/cancel',
    guard: 'public',
    tag,
    summary: "The mailed cancel link (or the finishing link's page): the recovery stops and two-step verification stays on",
    errors: ['BAD_REQUEST:INVALID_RECOVERY_LINK'],
    limits: ['email-link-ip'],
    schemas: zod.pick((s) => ({ body: s.recoveryTokenSchema, response: { 200: s.noData } })),
  }),
  complete: endpoint({
    method: 'POST',
    path: '/auth/two-factor/recovery/complete',
    guard: 'public',
    tag,
    summary: 'The link mailed when the wait is over: two-step verification is turned off and every session ends; passkeys and the password stay',
    description: 'Works once, for 7 days, and not after the password changed since the request.',
    errors: ['BAD_REQUEST:INVALID_RECOVERY_LINK', 'BAD_REQUEST:RECOVERY_NOT_READY'],
    limits: ['email-link-ip'],
    schemas: zod.pick((s) => ({ body: s.recoveryTokenSchema, response: { 200: s.noData } })),
  }),
};
