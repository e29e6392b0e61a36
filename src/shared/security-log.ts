/**
 * The security log (issue 36): what happened to an account's sign-ins, factors, address, sessions and devices, as its
 * owner reads it on the Security page. One list of kinds, read by the server (what it records) and the screens (what
 * each says, in four languages: the account catalog's `securityEvent_<kind>`).
 */
export const SECURITY_EVENT_KINDS = [
  'sign-in',
  'sign-in-failed',
  'signed-out-everywhere',
  'session-ended',
  'other-sessions-ended',
  'password-changed',
  'password-reset',
  'two-factor-on',
  'two-factor-off',
  'recovery-codes-new',
  'recovery-code-used',
  'passkey-added',
  'passkey-removed',
  'email-change-requested',
  'email-changed',
  'email-change-undone',
  'secured-after-sign-in',
  'device-added',
  'device-removed',
  'data-exported',
  'recovery-requested',
  'recovery-cancelled',
  'recovery-completed',
  'two-factor-reset-by-admin',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/** How a sign-in (or a failed one) was made: the `detail` of `sign-in` and `sign-in-failed`. */
export const SIGN_IN_METHODS = ['password', 'passkey', 'code', 'recovery-code', 'browser'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

export const SECURITY_LOG = {
  /** Events shown per page, newest first (kept RETENTION_DAYS.securityEvents, services/housekeeping/prune.ts). */
  pageSize: 50,
} as const;
