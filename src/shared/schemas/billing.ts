import { z } from 'zod';
import { COUNTRIES, PLAN_CODES, LIMITS } from '../constants';
import { isEmailAddress } from '../email';
import { INDIA, INDIAN_STATE_CODES, isValidGstin, normaliseGstin } from '../gst';
import { issue } from '../errors';
import { MSG } from '../messages';
import { pageParam } from './page';

/** The checkout form's required fields and the labels its one message lists. */
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
  /** India only: the GST state code of the buyer's state or union territory (the place of supply). */
  state?: string;
  /** A business buyer's GSTIN (optional, India only). */
  gstin?: string;
};

const COUNTRY_CODES = COUNTRIES.map((c) => c.code) as string[];

/** Step 1 of checkout: 'Please fill in all required fields: …' naming every missing field, then the e-mail pattern. */
export const billingFormSchema = z
  .object({
    firstName: z
      .string()
      .trim()
      .max(LIMITS.nameMax, issue('NAME_TOO_LONG', { field: 'billingFirstName' }))
      .default(''),
    lastName: z
      .string()
      .trim()
      .max(LIMITS.nameMax, issue('NAME_TOO_LONG', { field: 'billingLastName' }))
      .default(''),
    email: z.string().trim().max(254, issue('EMAIL_INVALID')).default(''),
    company: z.string().trim().max(120, issue('COMPANY_TOO_LONG')).optional(),
    country: z.string().trim().default(''),
    address: z.string().trim().max(300, issue('ADDRESS_TOO_LONG')).default(''),
    city: z.string().trim().max(100, issue('CITY_TOO_LONG')).default(''),
    zipCode: z.string().trim().max(20, issue('ZIP_CODE_TOO_LONG')).default(''),
    state: z.string().trim().max(40).optional(),
    gstin: z.string().max(40, issue('GSTIN_INVALID')).transform(normaliseGstin).optional(),
  })
  .superRefine((form, ctx) => {
    const missing = CHECKOUT_REQUIRED.filter(([key]) => !form[key]).map(([, label]) => label);
    if (missing.length) {
      ctx.addIssue({ code: 'custom', message: issue('CHECKOUT_REQUIRED', { fields: missing.join(', ') }), path: [CHECKOUT_REQUIRED.find(([key]) => !form[key])![0]] });
      return;
    }
    if (!isEmailAddress(form.email)) ctx.addIssue({ code: 'custom', message: issue('EMAIL_INVALID'), path: ['email'] });
    else if (!COUNTRY_CODES.includes(form.country)) ctx.addIssue({ code: 'custom', message: issue('COUNTRY_FROM_LIST'), path: ['country'] });
    else if (form.country === INDIA && !form.state) ctx.addIssue({ code: 'custom', message: issue('CHECKOUT_REQUIRED', { fields: 'State' }), path: ['state'] });
    else if (form.country === INDIA && !INDIAN_STATE_CODES.includes(form.state!)) ctx.addIssue({ code: 'custom', message: issue('STATE_FROM_LIST'), path: ['state'] });
    else if (form.country !== INDIA && form.state) ctx.addIssue({ code: 'custom', message: issue('STATE_ONLY_IN_INDIA'), path: ['state'] });
    else if (form.gstin && form.country !== INDIA) ctx.addIssue({ code: 'custom', message: issue('GSTIN_ONLY_IN_INDIA'), path: ['gstin'] });
    else if (form.gstin && !isValidGstin(form.gstin)) ctx.addIssue({ code: 'custom', message: issue('GSTIN_INVALID'), path: ['gstin'] });
    else if (form.gstin && form.gstin.slice(0, 2) !== form.state) ctx.addIssue({ code: 'custom', message: issue('GSTIN_STATE_MISMATCH'), path: ['gstin'] });
  });

/** POST /subscriptions: planId, planName (the plan code), totalCount 1; the billing form rides along for the receipt. */
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
    paymentId: z
      .string({ error: issue('PAYMENT_VERIFICATION_FAILED') })
      .min(1, issue('PAYMENT_VERIFICATION_FAILED'))
      .max(100),
    subscriptionId: z.string().min(1).max(100).optional(),
    orderId: z.string().min(1).max(100).optional(),
    signature: z
      .string({ error: issue('PAYMENT_VERIFICATION_FAILED') })
      .min(1, issue('PAYMENT_VERIFICATION_FAILED'))
      .max(200),
  })
  .refine((v) => Boolean(v.subscriptionId) !== Boolean(v.orderId), { message: issue('PAYMENT_VERIFICATION_FAILED') });
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

/** GET /subscriptions/plans(/public)?lang=hi: the plans' seeded texts in that language (decision 096); English otherwise. */
export const plansQuerySchema = z.object({
  lang: z.string().max(10).optional().describe('A language of the site (en, hi, es, fr); any other value answers English.'),
});

/** POST /subscriptions/{id}/change-plan (decision 086): the plan to move to; the lifetime plan comes with the billing form for its receipt. */
export const changePlanSchema = z.object({
  planId: z.string({ error: 'Please choose a plan' }).min(1, 'Please choose a plan').max(100),
  billing: billingFormSchema.optional(),
});
export type ChangePlanInput = z.input<typeof changePlanSchema>;

// What the API answers: schemas/responses/billing.ts.
export type {
  CheckoutDto,
  EntitlementDto,
  PaymentDto,
  PaymentsConfigDto,
  PlanDto,
  ProviderCancellationDto,
  ProviderCancellationReason,
  ProviderCancellationsDto,
  SubscriptionDto,
} from './responses/billing';
