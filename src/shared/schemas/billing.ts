import { z } from 'zod';
import { COUNTRIES, PLAN_CODES, LIMITS, type PlanCode, type PlanInterval } from '../constants';
import { isEmailAddress } from '../email';
import { MSG } from '../messages';
import { pageParam } from './page';

/** The checkout form's required fields and the labels its one message lists (spec §5). */
export const CHECKOUT_REQUIRED = [
  ['firstName', 'First Name'],
  ['lastName', 'Last Name'],
  ['email', 'Email'],
  ['country', 'Country'],
  ['city', 'City'],
  ['address', 'Address'],
  ['zipCode', 'ZIP Code'],
] as const;

export type BillingForm = {
  firstName: string;
  lastName: string;
  email: string;
  company?: string;
  country: string;
  address: string;
  city: string;
  zipCode: string;
};

const COUNTRY_CODES = COUNTRIES.map((c) => c.code) as string[];

/** Step 1 of checkout: 'Please fill in all required fields: …' naming every missing field, then the e-mail pattern. */
export const billingFormSchema = z
  .object({
    firstName: z.string().trim().max(LIMITS.nameMax, MSG.nameTooLong('First Name')).default(''),
    lastName: z.string().trim().max(LIMITS.nameMax, MSG.nameTooLong('Last Name')).default(''),
    email: z.string().trim().max(254, MSG.emailInvalid).default(''),
    company: z.string().trim().max(120, 'Company should not exceed 120 characters').optional(),
    country: z.string().trim().default(''),
    address: z.string().trim().max(300, 'Address should not exceed 300 characters').default(''),
    city: z.string().trim().max(100, 'City should not exceed 100 characters').default(''),
    zipCode: z.string().trim().max(20, 'ZIP Code should not exceed 20 characters').default(''),
  })
  .superRefine((form, ctx) => {
    const missing = CHECKOUT_REQUIRED.filter(([key]) => !form[key]).map(([, label]) => label);
    if (missing.length) {
      ctx.addIssue({ code: 'custom', message: MSG.checkoutRequired(missing.join(', ')), path: [CHECKOUT_REQUIRED.find(([key]) => !form[key])![0]] });
      return;
    }
    if (!isEmailAddress(form.email)) ctx.addIssue({ code: 'custom', message: MSG.emailInvalid, path: ['email'] });
    else if (!COUNTRY_CODES.includes(form.country)) ctx.addIssue({ code: 'custom', message: 'Please choose a country from the list', path: ['country'] });
  });

/** POST /subscriptions (spec §7): planId, planName (the plan code), totalCount 1; the billing form rides along for the receipt. */
export const createSubscriptionSchema = z.object({
  planId: z.string({ error: 'Please choose a plan' }).min(1, 'Please choose a plan').max(100),
  planName: z.enum(PLAN_CODES, { error: 'Please choose a plan' }).optional(),
  totalCount: z.coerce.number().int().min(1).max(1000).default(1),
  billing: billingFormSchema.optional(),
});
export type CreateSubscriptionInput = z.input<typeof createSubscriptionSchema>;

/** POST /payments/verify: what the checkout handler received (subscription: payment and subscription id; order: payment and order id). */
export const verifyPaymentSchema = z
  .object({
    paymentId: z.string({ error: MSG.paymentVerifyFailed }).min(1, MSG.paymentVerifyFailed).max(100),
    subscriptionId: z.string().min(1).max(100).optional(),
    orderId: z.string().min(1).max(100).optional(),
    signature: z.string({ error: MSG.paymentVerifyFailed }).min(1, MSG.paymentVerifyFailed).max(200),
  })
  .refine((v) => Boolean(v.subscriptionId) !== Boolean(v.orderId), { message: MSG.paymentVerifyFailed });
export type VerifyPaymentInput = z.input<typeof verifyPaymentSchema>;

export const cancelSubscriptionSchema = z.object({
  cancelAtPeriodEnd: z.boolean().default(true),
  cancellationReason: z
    .string()
    .trim()
    .max(1000, 'The reason should not exceed 1000 characters')
    .optional()
    .transform((v) => v || MSG.defaultCancelReason),
});
export type CancelSubscriptionInput = z.input<typeof cancelSubscriptionSchema>;

export const paymentsQuerySchema = z.object({
  page: pageParam,
  limit: z.coerce.number().int().min(1).max(50).catch(LIMITS.paymentHistoryPageSize).default(LIMITS.paymentHistoryPageSize),
});

export const idParam = z.object({ id: z.string().min(1).max(100) });

// ---- what the API answers ----

/** A plan as GET /subscriptions/plans returns it. Amounts are integer paise (DESIGN §3). */
export type PlanDto = {
  id: string;
  code: PlanCode;
  name: string;
  amount: number;
  currency: string;
  interval: PlanInterval;
  description: string;
  features: Record<string, boolean>;
  popular: boolean;
};

/** The subscription of spec §3 (amounts in paise); GET /subscriptions/current answers it, or null when there is none. */
export type SubscriptionDto = {
  _id: string;
  planName: string;
  planCode: string;
  kind: 'subscription' | 'order';
  status: string;
  currentStart: string | null;
  currentEnd: string | null;
  cancelAtPeriodEnd: boolean;
  willCancelAtPeriodEnd: boolean;
  cancelledAt: string | null;
  planAmount: number;
  planCurrency: string;
  planInterval: string;
  razorpaySubscriptionId: string | null;
  razorpayOrderId: string | null;
};

/** What the checkout script needs after POST /subscriptions. */
export type CheckoutDto = {
  key: string;
  subscriptionId: string | null;
  orderId: string | null;
  amount: number;
  currency: string;
  name: string;
  description: string;
};

export type PaymentDto = {
  _id: string;
  paymentDate: string;
  subscriptionId: { _id: string; planName: string } | null;
  description: string;
  currency: string;
  amountPaid: number;
  amount: number;
  status: 'captured' | 'authenticated' | 'failed' | 'other';
  method: string | null;
  errorDescription: string | null;
  receiptNumber: number | null;
};

export type PaymentsConfigDto = { keyId: string; checkoutScriptUrl: string; simulated: boolean };

/** GET /entitlement for the desktop program: which plan, and until when (null: no end). */
export type EntitlementDto = {
  entitled: boolean;
  plan: string;
  planName: string | null;
  status: 'active' | 'cancelling' | 'trial' | 'free' | 'expired';
  validUntil: string | null;
  lifetime: boolean;
  isOnTrial: boolean;
  trialExpires: string | null;
  checkedAt: string;
};

/** Why a subscription waits for its cancellation at Razorpay (decision 063). */
export type ProviderCancellationReason = 'account_deleted' | 'charged_after_deletion';

/** GET /admin/billing/provider-cancellations: a subscription of a deleted account not yet cancelled at Razorpay. */
export type ProviderCancellationDto = {
  id: string;
  razorpaySubscriptionId: string;
  planName: string | null;
  reason: ProviderCancellationReason;
  /** pending: not tried yet, or being tried now; failed: the last try failed and another follows at nextAttemptAt. */
  state: 'pending' | 'failed';
  attempts: number;
  lastError: string | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string;
  createdAt: string;
};

export type ProviderCancellationsDto = { cancellations: ProviderCancellationDto[]; total: number };
