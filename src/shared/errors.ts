import { ADMIN_REASON_MESSAGES } from './admin-actions';
import { MSG } from './messages';

/**
 * The error codes of the API and of the shared schemas' form issues (decision 150): one list, each code with its
 * English text. An error envelope carries `code` (one of these) and `params` (the values its text names); `message`
 * is this English text, word for word the spec's where the spec gives one, for logs and API clients. Screens show
 * the code's text from the `errors` catalog in the reader's language (`errors/<locale>.json`, keyed by code; its
 * English equal to these texts, as a test checks), with `params` filled in.
 *
 * A code's params are strings or numbers. A value a text names by a word of its own (a field, a provider action, a
 * reason) is a key, which each catalog turns into its own word with an ICU `select`.
 */

/** Fields a form issue names ("{field} is required"): the key each catalog spells in its language. */
export const FIELD_LABELS = {
  firstName: 'First name',
  lastName: 'Last name',
  /** The checkout's billing form writes them in title case. */
  billingFirstName: 'First Name',
  billingLastName: 'Last Name',
  fullName: 'Full Name',
  subject: 'Subject',
  message: 'Message',
  name: 'Name',
} as const;
export type FieldName = keyof typeof FIELD_LABELS;

/** What the payment provider was asked to do when it failed (PROVIDER_ERROR's `action`). */
export const PROVIDER_ACTIONS = {
  createPlan: 'create the plan',
  startSubscription: 'start the subscription',
  createOrder: 'create the order',
  findPayment: 'find the payment',
  findSubscription: 'find the subscription',
  findInvoice: 'find the invoice',
  cancelSubscription: 'cancel the subscription',
  refundPayment: 'refund the payment',
  changePlan: 'change the plan',
  dropPlanChange: 'drop the plan change',
} as const;
export type ProviderAction = keyof typeof PROVIDER_ACTIONS;

/** Why a session ended (SESSION_INVALID, SESSION_NOT_FOUND), said to the person whose session it was. */
export type SessionEndReason = 'displaced' | 'refresh_reuse' | 'signed_out_by_user' | 'ended_by_admin' | 'unknown';

/** A lifetime plan or a complimentary period has no autopay to cancel (NOT_RECURRING's `kind`). */
export type NotRecurringKind = 'order' | 'complimentary';

function text(english: string): string;
function text<P extends ErrorParamValues>(english: (params: P) => string): (params: P) => string;
function text(english: unknown) {
  return english;
}

/** Every code with its English text (a function of its params when it has any). */
export const ERROR_TEXTS = {
  // Requests the server refuses before any rule of the product.
  INVALID_REQUEST: text('Invalid request'),
  INVALID_JSON: text('The request body is not valid JSON'),
  UNSUPPORTED_CONTENT_TYPE: text('Unsupported content type'),
  /** A request schema's issue that no code of this list names (zod's own text stays in `message`). */
  INVALID_INPUT: text('Invalid request'),
  // A field's value refused by a rule of its schema with no code of its own (server/plugins/errors.ts, `validationCode`):
  // the envelope's `field` names it.
  VALUE_REQUIRED: text('This field is required'),
  TOO_SHORT: text<{ min: number }>(({ min }) => `Must be at least ${min} characters`),
  NUMBER_TOO_LARGE: text<{ max: number }>(({ max }) => `Must be at most ${max}`),
  NUMBER_TOO_SMALL: text<{ min: number }>(({ min }) => `Must be at least ${min}`),
  TOO_MANY_ITEMS: text<{ max: number }>(({ max }) => `At most ${max} items are allowed`),
  INVALID_ID: text('Invalid id'),
  INVALID_FORMAT: text('This value is not in the expected format'),
  NOT_IN_LIST: text('Please choose one of the allowed values'),
  WRONG_TYPE: text('This value has the wrong type'),
  UNKNOWN_FIELD: text('This field is not expected here'),
  PAYLOAD_TOO_LARGE: text(MSG.payloadTooLarge),
  NOT_FOUND: text(MSG.notFound),
  INTERNAL_ERROR: text(MSG.internal),
  SERVICE_UNAVAILABLE: text(MSG.serviceUnavailable),
  RATE_LIMIT_STORE_UNAVAILABLE: text(MSG.serviceUnavailable),
  SHUTTING_DOWN: text('This instance is shutting down.'),
  DATABASE_UNAVAILABLE: text('The database is not answering.'),
  TOO_MANY_REQUESTS: text(MSG.tooManyRequests),
  RATE_LIMITED: text<{ minutes: number }>(({ minutes }) => MSG.tooManyAttemptsWait(minutes)),
  CONTACT_RATE_LIMITED: text(MSG.contactRateLimited),

  // Sessions and access.
  UNAUTHORIZED: text(MSG.unauthorized),
  FORBIDDEN: text(MSG.forbidden),
  ADMIN_ONLY: text(MSG.accessDenied),
  TOKEN_EXPIRED: text(MSG.sessionExpired),
  TOKEN_INVALIDATED: text(MSG.sessionInvalidated),
  TOKEN_VERSION_MISMATCH: text(MSG.sessionPasswordChanged),
  SESSION_INVALID: text<{ reason: SessionEndReason }>(({ reason }) => (reason === 'displaced' ? MSG.sessionDisplaced : MSG.sessionEndedForSecurity)),
  SESSION_NOT_FOUND: text<{ reason: SessionEndReason }>(({ reason }) =>
    reason === 'signed_out_by_user' ? MSG.sessionSignedOutInSettings : reason === 'ended_by_admin' ? MSG.sessionEndedBySupport : MSG.sessionInvalidated,
  ),
  /** A signed access token of an account deleted since (its sessions went with it): the program forgets the account (decision 187). */
  ACCOUNT_CLOSED: text('This account has been deleted, so it can no longer sign in or use Stealth Browser. Create a new account to continue.'),
  STAND_IN_LOCAL_ONLY: text('This development page answers only on the computer the site runs on.'),

  // Accounts.
  INVALID_CREDENTIALS: text(MSG.invalidCredentials),
  EMAIL_NOT_VERIFIED: text(MSG.verifyEmailFirst),
  DISPOSABLE_EMAIL: text(MSG.emailDisposable),
  WRONG_PASSWORD: text(MSG.currentPasswordWrong),
  SAME_PASSWORD: text(MSG.samePassword),
  INVALID_RESET_TOKEN: text(MSG.passwordResetLinkFailed),
  INVALID_VERIFICATION_TOKEN: text(MSG.emailVerificationFailed),
  NOT_ENTITLED: text(MSG.usageNeedsAccess),
  BOT_CHECK_REQUIRED: text(MSG.securityVerification),
  BOT_CHECK_FAILED: text<{ reason: string }>(({ reason }) => MSG.turnstileFailed(reason)),
  DOWNLOAD_UNAVAILABLE: text(MSG.downloadUnavailable),

  // Form issues of the shared schemas (the browser's forms and the server's request schemas say the same); the
  // checkout's billing form's own (texts the spec leaves open) follow the spec's.
  REQUIRED: text<{ field: FieldName }>(({ field }) => MSG.required(FIELD_LABELS[field])),
  NAME_TOO_SHORT: text<{ field: FieldName }>(({ field }) => MSG.nameTooShort(FIELD_LABELS[field])),
  NAME_TOO_LONG: text<{ field: FieldName }>(({ field }) => MSG.nameTooLong(FIELD_LABELS[field])),
  NAME_ALPHABETS: text<{ field: FieldName }>(({ field }) => MSG.nameAlphabets(FIELD_LABELS[field])),
  EMAIL_REQUIRED: text(MSG.emailRequired),
  EMAIL_INVALID: text(MSG.emailInvalid),
  PASSWORD_REQUIRED: text(MSG.passwordRequired),
  PASSWORD_RULE: text(MSG.passwordRule),
  PASSWORD_UPPERCASE: text(MSG.passwordUppercase),
  PASSWORD_NUMBER: text(MSG.passwordNumber),
  PASSWORD_SPECIAL: text(MSG.passwordSpecial),
  PASSWORD_MIN_LENGTH: text(MSG.passwordMinLength),
  PASSWORDS_DO_NOT_MATCH: text(MSG.passwordsDoNotMatch),
  NEW_PASSWORDS_DO_NOT_MATCH: text(MSG.newPasswordsDoNotMatch),
  CURRENT_PASSWORD_REQUIRED: text(MSG.currentPasswordRequired),
  INVALID_RESET_LINK: text(MSG.invalidResetLink),
  INVALID_VERIFICATION_LINK: text(MSG.invalidVerificationLink),
  FILL_REQUIRED: text(MSG.fillRequired),
  TEXT_TOO_LONG: text<{ max: number }>(({ max }) => `Must not exceed ${max} characters`),
  CONTROL_CHARACTERS: text(MSG.controlCharacters),
  CHECKOUT_REQUIRED: text<{ fields: string }>(({ fields }) => MSG.checkoutRequired(fields)),
  COUNTRY_FROM_LIST: text('Please choose a country from the list'),
  STATE_FROM_LIST: text('Please choose a state or union territory from the list'),
  STATE_ONLY_IN_INDIA: text('A state is chosen only for an address in India'),
  GSTIN_ONLY_IN_INDIA: text('A GSTIN is given only for an address in India'),
  GSTIN_INVALID: text('Please enter a valid 15-character GSTIN'),
  GSTIN_STATE_MISMATCH: text("The GSTIN's state code does not match the state chosen"),
  COMPANY_TOO_LONG: text('Company should not exceed 120 characters'),
  ADDRESS_TOO_LONG: text('Address should not exceed 300 characters'),
  CITY_TOO_LONG: text('City should not exceed 100 characters'),
  ZIP_CODE_TOO_LONG: text('ZIP Code should not exceed 20 characters'),
  /** The contact form's fields (texts the spec leaves open). */
  FIELD_TOO_LONG: text<{ field: FieldName; max: number }>(({ field, max }) => `${FIELD_LABELS[field]} must not exceed ${max} characters`),
  // The profile's own (texts the spec leaves open); its city says what the checkout's does.
  PHONE_INVALID: text('Please enter a valid phone number'),
  PROFILE_COMPANY_TOO_LONG: text('Company should not exceed 100 characters'),
  DESIGNATION_TOO_LONG: text('Designation should not exceed 100 characters'),
  STREET_TOO_LONG: text('Street should not exceed 200 characters'),
  STATE_TOO_LONG: text('State should not exceed 100 characters'),
  COUNTRY_TOO_LONG: text('Country should not exceed 100 characters'),
  PINCODE_TOO_LONG: text('Pincode should not exceed 20 characters'),
  TIMEZONE_FROM_LIST: text('Please choose one of the listed timezones'),
  LANGUAGE_FROM_LIST: text('Please choose one of the listed languages'),
  REFRESH_TOKEN_REQUIRED: text('Refresh token is required'),

  // Billing.
  PLAN_UNAVAILABLE: text(MSG.planUnavailable),
  ALREADY_SUBSCRIBED: text(MSG.alreadySubscribed),
  NO_ACTIVE_SUBSCRIPTION: text(MSG.noActiveSubscription),
  SUBSCRIPTION_NOT_FOUND: text(MSG.subscriptionNotFound),
  RECEIPT_NOT_FOUND: text(MSG.receiptNotFound),
  CREDIT_NOTE_NOT_FOUND: text(MSG.creditNoteNotFound),
  NOT_RECURRING: text<{ kind: NotRecurringKind }>(({ kind }) =>
    kind === 'order' ? 'A lifetime plan has no autopay to cancel.' : 'A complimentary period has no autopay: it ends on its own.',
  ),
  NOT_CHANGEABLE: text('Only an active recurring subscription can change plan.'),
  AUTOPAY_OFF: text('Autopay is off for this subscription. Choose a new plan when it ends.'),
  RENEWAL_FAILED: text('Your last renewal payment failed. Pay again first; you can choose another plan while you do.'),
  SAME_PLAN: text('You are already on this plan.'),
  NO_SCHEDULED_CHANGE: text('There is no plan change to cancel.'),
  PAYMENT_VERIFICATION_FAILED: text(MSG.paymentVerifyFailed),
  PURCHASE_NOT_APPLIED: text(MSG.purchaseNotApplied),
  PROVIDER_ERROR: text<{ action: ProviderAction }>(({ action }) => MSG.providerFailed(PROVIDER_ACTIONS[action])),
  INVALID_SIGNATURE: text('Invalid webhook signature'),
  INVALID_WEBHOOK_BODY: text('The webhook body is not valid JSON'),
  WEBHOOKS_NOT_CONFIGURED: text('Webhooks are not configured (RAZORPAY_WEBHOOK_SECRET).'),

  // The desktop program's devices and licence (decision 184).
  TOO_MANY_DEVICES: text<{ limit: number; devices: string; days: number }>(
    ({ limit, devices, days }) =>
      `${limit === 1 ? `Your plan's one device seat is in use: ${devices}.` : `All ${limit} device seats of your plan are in use: ${devices}.`} To free one, remove a device under Devices in your account, or wait: a device not used for ${days} days frees its seat by itself.`,
  ),
  NO_ENTITLEMENT: text('Your trial or plan has ended, so Stealth Browser is locked on this device. Choose a plan to continue.'),
  DEVICE_REMOVED: text('This device was removed from your account. Sign in again in Stealth Browser to activate it.'),
  DEVICE_NOT_FOUND: text('Device not found'),
  DEVICE_HARDWARE_MISMATCH: text('This licence belongs to another computer. Sign in again in Stealth Browser to activate this one.'),
  // Sign-in through the system browser (decision 185).
  DEVICE_CODE_NOT_FOUND: text('This code is not valid. Check the code Stealth Browser shows and try again.'),
  DEVICE_CODE_EXPIRED: text('This code has expired. Start the sign-in again in Stealth Browser to get a new one.'),
  DEVICE_CODE_USED: text('This code has already been used. Start the sign-in again in Stealth Browser to get a new one.'),
  REAUTH_REQUIRED: text('For your security, enter your password to approve this sign-in.'),
  APP_TOO_OLD: text<{ minVersion: string }>(({ minVersion }) => `This version of Stealth Browser is too old. Please update to version ${minVersion} or later.`),

  // Two-step verification and step-up (decision 192).
  INVALID_TWO_FACTOR_CODE: text('That code is not right. Check the code in your authenticator app, or the recovery code, and try again.'),
  TWO_FACTOR_CHALLENGE_EXPIRED: text('This sign-in has expired. Enter your e-mail and password again.'),
  TWO_FACTOR_BROWSER_SIGN_IN: text('This account uses two-step verification. In Stealth Browser, choose "Sign in with your browser".'),
  TWO_FACTOR_ALREADY_ON: text('Two-step verification is already on.'),
  TWO_FACTOR_NOT_ON: text('Two-step verification is not on.'),
  TWO_FACTOR_SETUP_EXPIRED: text('Start the setup again: scan the new QR code with your authenticator app.'),
  STEP_UP_REQUIRED: text("For your security, confirm it's you to continue."),
  ADMIN_TWO_FACTOR_REQUIRED: text('The admin area needs two-step verification: turn it on, or sign in again with your code.'),
  TWO_FACTOR_REQUIRED_FOR_ADMINS: text('Admins keep two-step verification on.'),
  EMAIL_UNCHANGED: text('That is already your email address.'),
  INVALID_EMAIL_CHANGE_LINK: text('This link is invalid or has expired. Ask for the change again from Settings.'),
  // A new sign-in's "This wasn't me" (decision 200).
  INVALID_SECURE_ACCOUNT_LINK: text(
    'This link was already used or has expired. If someone else signed in to your account, choose "Forgot password?" when you sign in to set a new password.',
  ),
  PASSWORD_TOO_COMMON: text('This password is one of the most common ones found in data breaches, so it is easy to guess. Choose another.'),
  PASSKEY_NAME_REQUIRED: text('Give the passkey a name.'),
  PASSKEY_NAME_TOO_LONG: text('A passkey name can be at most 60 characters.'),
  PASSKEY_NOT_FOUND: text('This passkey is not on your account.'),
  PASSKEY_ALREADY_ADDED: text('This passkey is already on your account.'),
  PASSKEY_CHALLENGE_EXPIRED: text('That took too long. Please try again.'),
  PASSKEY_NOT_VERIFIED: text('The passkey could not be checked. Please try again.'),
  PASSKEY_NOT_RECOGNISED: text('This passkey is not recognised. Sign in with your email and password, then add it again in Settings.'),
  PASSKEY_NOT_ACCEPTED: text("That passkey is not one of this account's, or it could not be checked. Try again, or choose another way."),
  PASSKEY_USER_NOT_VERIFIED: text("Your passkey did not check that it's you with a PIN, fingerprint or face. Try again and unlock it, or use your password."),
  NO_PASSKEY: text("No passkey of this account can be used here. Choose another way to confirm it's you."),
  // Recovering two-step verification without support (decision 201).
  INVALID_RECOVERY_LINK: text('This recovery link no longer works: the recovery was finished, cancelled or has expired.'),
  RECOVERY_NOT_READY: text('The waiting period is not over yet. We will email you the link that finishes the recovery when it is.'),
  OWN_TWO_FACTOR_RESET: text('You cannot reset your own two-step verification here. Use Settings, Security, or sign in with a recovery code.'),

  // The desktop program's releases (decision 190).
  RELEASE_VERSION_TAKEN: text<{ version: string; channel: string }>(({ version, channel }) => `Version ${version} already exists on the ${channel} channel.`),
  RELEASE_TOO_LARGE: text<{ maxMb: number }>(({ maxMb }) => `The installer must be ${maxMb} MB or smaller.`),
  RELEASE_NOT_FOUND: text('Release not found'),
  INSTALLER_MISSING: text('Choose the installer to upload.'),
  BLOCKMAP_TOO_LARGE: text<{ maxMb: number }>(({ maxMb }) => `The blockmap must be ${maxMb} MB or smaller.`),

  // The blog.
  BLOG_POST_NOT_FOUND: text(MSG.blogNotFound),
  SLUG_TAKEN: text(MSG.slugTaken),
  SLUG_INVALID: text(MSG.slugInvalid),
  READ_TIME_INVALID: text(MSG.readTimeInvalid),
  IMAGE_URL_INVALID: text(MSG.imageUrlInvalid),
  BLOG_STATUS_INVALID: text(MSG.blogStatusInvalid),
  UPLOAD_MISSING: text(MSG.uploadMissing),
  UPLOAD_TYPE: text(MSG.uploadType),
  UPLOAD_TOO_LARGE: text(MSG.uploadTooLarge),
  UPLOAD_FAILED: text(MSG.uploadFailed),

  // The admin's pages.
  CUSTOMER_NOT_FOUND: text('Customer not found'),
  PAYMENT_NOT_FOUND: text('Payment not found'),
  MESSAGE_NOT_FOUND: text('Message not found'),
  ATTACHMENT_NOT_FOUND: text('No such attachment'),
  REASON_REQUIRED: text(ADMIN_REASON_MESSAGES.required),
  REASON_TOO_LONG: text(ADMIN_REASON_MESSAGES.tooLong),
  NOT_VERIFIED: text('The trial starts when the address is verified: resend the verification e-mail first.'),
  ALREADY_VERIFIED: text('This address is already verified.'),
  RECURRING_PLAN_REQUIRED: text('Please choose one of the recurring plans'),
  HAS_PAID_PLAN: text<{ plan: string; until: string }>(({ plan, until }) => `This customer already has ${plan}${until}: a complimentary period would add nothing.`),
  NOT_REFUNDABLE: text('Only a captured payment can be refunded.'),
  ALREADY_REFUNDED: text('This payment has been refunded in full already.'),
  REFUND_TOO_LARGE: text<{ amount: string }>(({ amount }) => `The refund cannot be more than ${amount}, what is left of this payment.`),
} as const;

export type ErrorCode = keyof typeof ERROR_TEXTS;
/** Every code, for the envelope's schema (`z.enum`). */
export const ERROR_CODES = Object.keys(ERROR_TEXTS) as [ErrorCode, ...ErrorCode[]];
export const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && Object.hasOwn(ERROR_TEXTS, code);

/** The params a code's text names (none: `never`). */
export type ErrorParams<C extends ErrorCode> = (typeof ERROR_TEXTS)[C] extends (params: infer P) => string ? P : never;
export type ErrorParamValues = Record<string, string | number>;
/** The arguments after a code: its params when its text has any, nothing otherwise. */
export type ParamsArg<C extends ErrorCode> = [ErrorParams<C>] extends [never] ? [] : [params: ErrorParams<C>];

/** A code's English text with its params. */
export function englishError(code: ErrorCode, params?: ErrorParamValues): string {
  const english = ERROR_TEXTS[code] as string | ((params: ErrorParamValues) => string);
  return typeof english === 'string' ? english : english(params ?? {});
}

/**
 * A shared schema's issue, keyed by code: zod carries it as the issue's message (`CODE` or `CODE {"field":"firstName"}`),
 * which the server's validation answer turns back into code, params and English (`readIssue`), and a form shows in
 * the reader's language (client/errors.ts).
 */
export function issue<C extends ErrorCode>(code: C, ...params: ParamsArg<C>): string {
  return params.length ? `${code} ${JSON.stringify(params[0])}` : code;
}

/** A form issue's code and params, or null for a text that is not one (zod's own English). */
export function readIssue(message: string): { code: ErrorCode; params?: ErrorParamValues } | null {
  const space = message.indexOf(' ');
  const code = space < 0 ? message : message.slice(0, space);
  if (!isErrorCode(code)) return null;
  if (space < 0) return { code };
  try {
    const params = JSON.parse(message.slice(space + 1)) as unknown;
    return params && typeof params === 'object' ? { code, params: params as ErrorParamValues } : null;
  } catch {
    return null;
  }
}

/** A form issue's English text (the server's `message`; a test's expectation); a text that is not an issue as it is. */
export function englishIssue(message: string): string {
  const found = readIssue(message);
  return found ? englishError(found.code, found.params) : message;
}
