import type { Limit } from '../../adapters/rate-limit';

const MINUTE = 60_000;

/**
 * The limits on the account calls, per IP and per account (the address typed, or the user a token belongs to).
 * Forgot-password and resend count per account and asking address together (decision 103): strangers asking for an
 * account's mails never spend its owner's count.
 * Logins count only failures (a success gives its hit back), so a busy office behind one address can still sign in.
 * Sign-in (decision 061): every attempt counts per IP; per account only for clients without a sign-in proof of
 * that account; a client with one counts on its own, so strangers' guesses cannot lock the owner's browsers and
 * desktop programs out.
 * Above those, `loginIpAll` counts every sign-in attempt from an address, successes too, and never gives a hit back:
 * each costs an argon2 check (19 MiB, tens of milliseconds of CPU), so a loop of right passwords is bounded as well.
 * 60 a minute is far above what people do (an office behind one address; the e2e fixtures and the bench sign in
 * from an address each) and holds one address to one argon2 check a second on average.
 */
export const AUTH_LIMITS = {
  loginIpAll: { name: 'login-ip-all', max: 60, windowMs: MINUTE },
  loginIp: { name: 'login-ip', max: 30, windowMs: 15 * MINUTE },
  loginAccount: { name: 'login-account', max: 8, windowMs: 15 * MINUTE },
  loginProof: { name: 'login-proof', max: 8, windowMs: 15 * MINUTE },
  registerIp: { name: 'register-ip', max: 30, windowMs: 60 * MINUTE },
  registerAccount: { name: 'register-account', max: 5, windowMs: 60 * MINUTE },
  forgotIp: { name: 'forgot-ip', max: 20, windowMs: 60 * MINUTE },
  forgotAccount: { name: 'forgot-account', max: 5, windowMs: 60 * MINUTE },
  resendIp: { name: 'resend-ip', max: 20, windowMs: 60 * MINUTE },
  resendAccount: { name: 'resend-account', max: 5, windowMs: 60 * MINUTE },
  resetIp: { name: 'reset-ip', max: 20, windowMs: 60 * MINUTE },
  resetAccount: { name: 'reset-account', max: 5, windowMs: 60 * MINUTE },
  /** Checks of the current password by a signed-in session (change-password, account deletion): one count per account. */
  currentPasswordAccount: { name: 'change-password-account', max: 10, windowMs: 15 * MINUTE },
  /** Wrong second-step and step-up codes of one account, across its sign-in challenges (decision 192). */
  twoFactorAccount: { name: 'two-factor-account', max: 10, windowMs: 15 * MINUTE },
  /** Requests to change the account's e-mail address, each a mail to two addresses (decision 194). */
  emailChangeAccount: { name: 'email-change-account', max: 5, windowMs: 60 * MINUTE },
  /** Passkey additions of one account (their options and the additions themselves, decision 196). */
  passkeyAccount: { name: 'passkey-account', max: 20, windowMs: 15 * MINUTE },
  /**
   * Downloads of the account's data (POST /auth/export): counted only when one is made, after the step-up check; each
   * gathers every table of the account and mails its owner, so a few a day.
   */
  dataExportAccount: { name: 'data-export-account', max: 5, windowMs: 24 * 60 * MINUTE },
  /** The e-mail change's links (confirm, undo) opened from one address. */
  emailLinkIp: { name: 'email-link-ip', max: 20, windowMs: 60 * MINUTE },
  /**
   * Asking to recover two-step verification by e-mail (decision 201): per address, and per account once the sign-in's
   * challenge named it (each request mails the account).
   */
  recoveryIp: { name: 'two-factor-recovery-ip', max: 10, windowMs: 60 * MINUTE },
  recoveryAccount: { name: 'two-factor-recovery-account', max: 3, windowMs: 24 * 60 * MINUTE },
} satisfies Record<string, Limit>;
