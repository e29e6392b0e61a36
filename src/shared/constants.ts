/** Business constants and timers of the product spec (§9). Components import these, never literals. */

export const API_PREFIX = '/api/v1';

export const LIMITS = {
  nameMin: 2,
  nameMax: 50,
  passwordMin: 8,
  trialDays: 1,
  paymentHistoryPageSize: 10,
  checkoutSteps: 2,
  paymentRetryMax: 3,
  planGridMax: 3,
  blogPageSize: 6,
  blogExcerptChars: 150,
  blogReadTimeMin: 1,
  blogContentRows: 15,
  uploadMaxBytes: 10 * 1024 * 1024,
  storageCacheSeconds: 3600,
  installDialogMinWidth: 768,
} as const;

export const TIMERS_MS = {
  afterSignup: 2000,
  afterForgotPassword: 3000,
  afterReset: 2000,
  closeAfterLogin: 500,
  paymentRedirect: 3000,
  emailVerifiedRedirect: 5000,
  passwordResetRedirect: 3000,
  adminRedirect: 1000,
  contactSuccess: 3000,
  toast: 4000,
  settingsMessage: 5000,
  blogBodyStyling: 100,
  strengthMeterHide: 2000,
  downloadDelay: 300,
} as const;

/**
 * The refund policy's promise (R-9.6: refund paid within 10 business days), said once: the policy page and the
 * refund mail in every language take it from here.
 */
export const REFUND_PAID_WITHIN_BUSINESS_DAYS = 10;

/** The trial offer banner counts down to this instant, then shows 'Offer Ended'. */
export const OFFER_END = '2025-08-15T00:00:00Z';

export const DEFAULT_CURRENCY = 'INR';

export const COUNTRIES = [
  { code: 'US', name: 'United States' },
  { code: 'CA', name: 'Canada' },
  { code: 'UK', name: 'United Kingdom' },
  { code: 'AU', name: 'Australia' },
  { code: 'DE', name: 'Germany' },
  { code: 'FR', name: 'France' },
  { code: 'IN', name: 'India' },
  { code: 'SG', name: 'Singapore' },
  { code: 'JP', name: 'Japan' },
  { code: 'BR', name: 'Brazil' },
] as const;

/** A billing country in words (the code stored at checkout), as documents and the admin show it; an unknown code as is. */
export const countryName = (code: string): string => COUNTRIES.find((c) => c.code === code)?.name ?? code;

export const TIMEZONES = ['Asia/Kolkata', 'UTC', 'America/New_York', 'Europe/London'] as const;
/** A new account's timezone preference. */
export const DEFAULT_TIMEZONE = 'Asia/Kolkata';
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'hi', name: 'Hindi' },
  { code: 'es', name: 'Spanish' },
  { code: 'fr', name: 'French' },
] as const;

export const PLAN_CODES = ['stealth_week', 'stealth_month', 'stealth_year', 'stealth_lifetime'] as const;
export type PlanCode = (typeof PLAN_CODES)[number];
export const PLAN_INTERVALS = ['week', 'month', 'year', 'lifetime'] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];
/**
 * The statuses of a subscription, one list for the database (CHECK constraint of migration 0170), the API (zod enum
 * `subscriptionStatusSchema`) and the code (`SubscriptionStatus`); decision 160. Razorpay's words: created (checkout
 * opened), authenticated (mandate given, not charged yet), active, pending (a renewal charge failed, Razorpay retries),
 * halted (Razorpay stopped retrying), cancelled, completed (all cycles charged), expired (the period ran out here).
 * The moves between them are made by `transition` (services/billing/subscriptions/lifecycle.ts) only.
 */
export const SUBSCRIPTION_STATUSES = ['created', 'authenticated', 'active', 'pending', 'halted', 'cancelled', 'completed', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** Statuses after which a subscription never charges or runs again: no provider event revives it. */
export const FINISHED_SUBSCRIPTION_STATUSES = ['cancelled', 'completed'] as const satisfies readonly SubscriptionStatus[];
/** Statuses that still give access until current_end (Razorpay keeps charging or retrying, or the paid period runs out). */
export const ENTITLING_SUBSCRIPTION_STATUSES = ['active', 'authenticated', 'pending', 'halted', 'cancelled', 'completed'] as const satisfies readonly SubscriptionStatus[];
/** Statuses in which Razorpay may still charge a recurring subscription: ended at Razorpay, they become cancelled. */
export const CHARGEABLE_SUBSCRIPTION_STATUSES = ['created', 'authenticated', 'active', 'pending', 'halted', 'expired'] as const satisfies readonly SubscriptionStatus[];
/** Whether `status` is one of `list` (the lists above are typed narrowly; a row's status is any SubscriptionStatus). */
export const statusIn = (list: readonly SubscriptionStatus[], status: string): status is SubscriptionStatus => (list as readonly string[]).includes(status);

/**
 * Razorpay subscription statuses of a subscription that renews or still runs (until its current_end): the account
 * shows billing instead of the plans, and a new purchase is refused ('You already have an active subscription.').
 */
export const LIVE_SUBSCRIPTION_STATUSES = ['active', 'authenticated', 'pending'] as const satisfies readonly SubscriptionStatus[];

/**
 * Why a subscription ended (or was set to end), recorded when it happens (migration 0164, decision 122). The first
 * four are churn, the customer's loss: counted as the admin overview's cancellations. The others are not: a plan
 * replaced by another (the lifetime upgrade, Pay again), a purchase that never started a plan, a complimentary period
 * running out, an account deleted (its owner is gone, not a customer who stopped paying).
 */
export const CHURN_REASONS = ['customer_cancelled', 'refunded', 'admin_ended', 'payment_failed'] as const;
export const END_REASONS = [...CHURN_REASONS, 'replaced', 'not_started', 'complimentary_ended', 'account_deleted'] as const;
export type ChurnReason = (typeof CHURN_REASONS)[number];
export type EndReason = (typeof END_REASONS)[number];

/** What users.subscription_status holds (kept by entitlementChanged): the plan code, or 'free', 'cancelled', 'expired'. */
export const USER_PLAN_STATUSES = ['free', 'basic', 'premium', 'enterprise', 'stealth_week', 'stealth_month', 'stealth_year', 'stealth_lifetime', 'cancelled', 'expired'] as const;
export type UserPlanStatus = (typeof USER_PLAN_STATUSES)[number];

export const BLOG_STATUSES = ['draft', 'published', 'archived'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

export const DEVICE_TYPES = ['web', 'desktop'] as const;

/**
 * Devices and seats of the desktop program (decision 184). The trial has no plan row, so its limit is here; each
 * plan's is plans.device_limit. A device not seen for DEVICE_IDLE_DAYS holds no seat (no job frees it: the count
 * reads last_seen_at).
 */
export const DEVICES = {
  trialLimit: 1,
  idleDays: 30,
  /** The oldest program a lease is signed for, unless MIN_APP_VERSION says otherwise. */
  minAppVersion: '2.1.0',
  nameMax: 100,
  osMax: 100,
  appVersionMax: 40,
  installIdMax: 100,
  hardwareIdMax: 200,
} as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/**
 * Two-step verification (issue 36, decision 192): an authenticator app's codes (RFC 6238, 6 digits, 30 s, one step of
 * skew either way, each code once), ten recovery codes of 10 base-32 characters (50 bits) each, the sign-in's second
 * step (5 minutes, 5 wrong codes), and step-up (10 minutes, renewed by each sensitive change).
 */
export const TWO_FACTOR = {
  digits: 6,
  periodSeconds: 30,
  skewSteps: 1,
  recoveryCodes: 10,
  recoveryCodeLength: 10,
  /** The alphabet of recovery codes: Crockford's base 32 (no I, L, O, U), so a code read aloud or typed survives. */
  recoveryAlphabet: '0123456789ABCDEFGHJKMNPQRSTVWXYZ',
  /** The account is warned when this many recovery codes or fewer remain. */
  recoveryWarnAt: 2,
  challengeMinutes: 5,
  challengeFailures: 5,
  stepUpMinutes: 10,
  issuer: 'Stealth Browser',
  /**
   * Recovery by e-mail without the authenticator or a recovery code (decision 201): the wait, with notices, before the
   * mail with the link that turns two-step verification off; then how long that link works.
   */
  recoveryWaitHours: 72,
  recoveryFinishDays: 7,
} as const;

/** Passwords found most often in data breaches are refused (issue 36, decision 197): this many of them. */
export const COMMON_PASSWORDS = { count: 100_000 } as const;

/** Passkeys (issue 36, decision 196): a WebAuthn challenge lasts 5 minutes; an account keeps at most 20 passkeys. */
export const PASSKEYS = { challengeMinutes: 5, perAccount: 20, rpName: 'Stealth Browser' } as const;

/** Changing the e-mail address (issue 36, decision 194): the new address's link works 24 hours, the old address's undo 7 days. */
/**
 * `disownHours`: its undo also removes the passkeys and the authenticator added from this long before the change was
 * asked for (the same intruder's session may have added them first, decision 194).
 */
export const EMAIL_CHANGE = { confirmHours: 24, undoDays: 7, disownHours: 24 } as const;

/** The mail of a sign-in from a new browser or device (issue 36, decision 200): its "This wasn't me" link works 7 days. */
export const NEW_SIGN_IN = { secureDays: 7 } as const;

/**
 * Sign-in through the system browser (OAuth 2.0 device authorization grant, RFC 8628; decision 185). The user code
 * is 8 letters of an alphabet without vowels and look-alikes (RFC 8628 §6.1's example), shown as XXXX-XXXX: 20^8
 * codes (about 34.6 bits) for 10 minutes, with lookups rate-limited. The program polls every `intervalSeconds`; each
 * poll sooner answers slow_down and adds `slowDownSeconds` to its interval (§3.5).
 */
export const DEVICE_GRANT = {
  lifetimeSeconds: 600,
  intervalSeconds: 5,
  slowDownSeconds: 5,
  userCodeAlphabet: 'BCDFGHJKLMNPQRSTVWXZ',
  userCodeLength: 8,
  /** The client_id the program may send (a public client: it proves nothing). */
  clientId: 'stealth-browser-desktop',
  grantType: 'urn:ietf:params:oauth:grant-type:device_code',
  /** The approval page's path; `verification_uri_complete` adds `?code=XXXX-XXXX`. */
  verificationPath: '/activate',
  /**
   * An approval gives a session that lasts weeks, so the page's session must have signed in within this many seconds,
   * or the account's password is asked again (REAUTH_REQUIRED): a stolen web token alone cannot sign a program in.
   */
  recentSignInSeconds: 600,
} as const;

/** 401 codes the client reacts to by clearing the session. */
export const SESSION_ERROR_CODES = ['TOKEN_INVALIDATED', 'SESSION_INVALID', 'TOKEN_VERSION_MISMATCH', 'SESSION_NOT_FOUND'] as const;

/** Window events the client dispatches. */
export const EVENTS = {
  openAuthModal: 'open-auth-modal',
  refreshUserState: 'refresh-user-state',
} as const;

/** The element of a server-rendered page that carries the data it was rendered with (JSON). */
export const SSR_DATA_ELEMENT_ID = 'ssr-data';
/** The key, in that data, of the server's clock at render time. */
export const SSR_RENDERED_AT_KEY = 'renderedAt';

export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refreshToken',
  user: 'user',
  signInProofs: 'signInProofs',
  /** Where the sign-in proofs were stored before decision 179: moved to signInProofs when first read. */
  signInProofsBefore179: 'deviceTokens',
} as const;

/** The two built-in plans the landing pricing shows when the plans cannot be loaded; amounts in paise. */
export const FALLBACK_PLANS = [
  {
    id: 'stealth_week',
    code: 'stealth_week',
    name: 'Stealth Week',
    amount: 9_900,
    currency: 'INR',
    interval: 'week',
    description: 'Seven days of full access.',
    features: { 'Invisible during screen sharing': true, 'AI helpers': true, 'All keyboard shortcuts': true },
    popular: false,
    deviceLimit: 1,
  },
  {
    id: 'stealth_month',
    code: 'stealth_month',
    name: 'Stealth Month',
    amount: 29_900,
    currency: 'INR',
    interval: 'month',
    description: 'Full access, renewed every month.',
    features: { 'Invisible during screen sharing': true, 'AI helpers': true, 'All keyboard shortcuts': true, 'Priority email support': true },
    popular: true,
    deviceLimit: 2,
  },
] as const;

/** Longest accepted contact message fields: generous for a real message, small enough to keep the inbox and mail sane. */
export const CONTACT_LIMITS = { name: 100, subject: 200, message: 5000 } as const;

/** The form field that carries the Turnstile token. */
export const TURNSTILE_FIELD = 'cf-turnstile-response';
