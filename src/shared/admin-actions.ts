/**
 * What an admin can do to a customer's account or money, as the audit log names it (admin_audit_log.action),
 * with the words the audit page shows and whether a reason must be given (decision 080: every action that
 * changes money or access needs a short "why"; an action that only sends the customer a mail does not).
 */
export const ADMIN_ACTIONS = {
  'user.resend_verification': { label: 'Resent the verification e-mail', reasonRequired: false },
  'user.end_sessions': { label: 'Ended all sessions', reasonRequired: true },
  'user.extend_trial': { label: 'Extended the trial', reasonRequired: true },
  'user.grant_complimentary': { label: 'Granted a complimentary period', reasonRequired: true },
  'subscription.cancel': { label: 'Cancelled a subscription', reasonRequired: true },
  'payment.refund': { label: 'Refunded a payment', reasonRequired: true },
  /** The desktop program on it loses its licence at its next refresh (decision 184). */
  'device.remove': { label: 'Removed a device', reasonRequired: true },
  /** The customer's authenticator and recovery codes removed, their sessions ended, never their password (decision 201). */
  'user.reset_two_factor': { label: 'Reset two-step verification', reasonRequired: true },
  /** The desktop program's releases (decision 190): an upload or an external installer registered, then its state and rollout. */
  'release.create': { label: 'Added a release', reasonRequired: false },
  'release.update': { label: 'Changed a release', reasonRequired: false },
  /** Not an admin's: the application refunding a payment that bought nothing (decision 110), by 'system'. */
  'payment.auto_refund': { label: 'Refunded a payment that bought nothing (automatic)', reasonRequired: true },
} as const satisfies Record<string, { label: string; reasonRequired: boolean }>;

export type AdminAction = keyof typeof ADMIN_ACTIONS;
export const ADMIN_ACTION_NAMES = Object.keys(ADMIN_ACTIONS) as [AdminAction, ...AdminAction[]];

/** The longest reason an admin may write (one or two sentences). */
export const ADMIN_REASON_MAX = 500;

export const ADMIN_REASON_MESSAGES = {
  required: 'Please give a reason: it is kept in the audit log',
  tooLong: `The reason should not exceed ${ADMIN_REASON_MAX} characters`,
} as const;
