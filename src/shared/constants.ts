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

export const TIMEZONES = ['Asia/Kolkata', 'UTC', 'America/New_York', 'Europe/London'] as const;
/** A new account's timezone preference (spec §3). */
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
 * Razorpay subscription statuses of a subscription that renews or still runs (until its current_end): the account
 * shows billing instead of the plans, and a new purchase is refused ('You already have an active subscription.').
 */
export const LIVE_SUBSCRIPTION_STATUSES = ['active', 'authenticated', 'pending'] as const;

export const SUBSCRIPTION_STATUSES = [
  'free', 'basic', 'premium', 'enterprise',
  'stealth_week', 'stealth_month', 'stealth_year', 'stealth_lifetime',
  'cancelled', 'expired',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const BLOG_STATUSES = ['draft', 'published', 'archived'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

export const DEVICE_TYPES = ['web', 'desktop'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** 401 codes the client reacts to by clearing the session (spec §8). */
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

export const STORAGE_KEYS = { token: 'token', refreshToken: 'refreshToken', user: 'user', deviceTokens: 'deviceTokens' } as const;

/** The two built-in plans the landing pricing shows when the plans cannot be loaded (spec §9); amounts in paise. */
export const FALLBACK_PLANS = [
  { id: 'stealth_week', code: 'stealth_week', name: 'Stealth Week', amount: 9_900, currency: 'INR', interval: 'week', description: 'Seven days of full access.', features: { 'Invisible during screen sharing': true, 'AI helpers': true, 'All keyboard shortcuts': true }, popular: false },
  { id: 'stealth_month', code: 'stealth_month', name: 'Stealth Month', amount: 29_900, currency: 'INR', interval: 'month', description: 'Full access, renewed every month.', features: { 'Invisible during screen sharing': true, 'AI helpers': true, 'All keyboard shortcuts': true, 'Priority email support': true }, popular: true },
] as const;

/** Longest accepted contact message fields: generous for a real message, small enough to keep the inbox and mail sane. */
export const CONTACT_LIMITS = { name: 100, subject: 200, message: 5000 } as const;

/** The form field that carries the Turnstile token. */
export const TURNSTILE_FIELD = 'cf-turnstile-response';
