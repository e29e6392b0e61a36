import { z } from 'zod';
import { COUNTRIES, PLAN_CODES, LIMITS } from '../constants';
import { isEmailAddress } from '../email';
import { INDIA, INDIAN_STATE_CODES, isValidGstin, normaliseGstin } from '../gst';
import { CHECKOUT_MSG } from '../checkout-messages';
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
  /** India only: the GST state code of the buyer's state or union territory (the place of supply). */
  state?: string;
  /** A business buyer's GSTIN (optional, India only). */
  gstin?: string;
};

const COUNTRY_CODES = COUNTRIES.map((c) => c.code) as string[];

/** Step 1 of checkout: 'Please fill in all required fields: …' naming every missing field, then the e-mail pattern. */
export const billingFormSchema = z
  .object({
    firstName: z.string().trim().max(LIMITS.nameMax, MSG.nameTooLong('First Name')).default(''),
    lastName: z.string().trim().max(LIMITS.nameMax, MSG.nameTooLong('Last Name')).default(''),
    email: z.string().trim().max(254, MSG.emailInvalid).default(''),
    company: z.string().trim().max(120, CHECKOUT_MSG.companyTooLong).optional(),
    country: z.string().trim().default(''),
    address: z.string().trim().max(300, CHECKOUT_MSG.addressTooLong).default(''),
    city: z.string().trim().max(100, CHECKOUT_MSG.cityTooLong).default(''),
    zipCode: z.string().trim().max(20, CHECKOUT_MSG.zipCodeTooLong).default(''),
    state: z.string().trim().max(40).optional(),
    gstin: z
      .string()
      .max(40, CHECKOUT_MSG.gstinInvalid)
      .transform(normaliseGstin)
      .optional(),
  })
  .superRefine((form, ctx) => {
    const missing = CHECKOUT_REQUIRED.filter(([key]) => !form[key]).map(([, label]) => label);
    if (missing.length) {
      ctx.addIssue({ code: 'custom', message: MSG.checkoutRequired(missing.join(', ')), path: [CHECKOUT_REQUIRED.find(([key]) => !form[key])![0]] });
      return;
    }
    if (!isEmailAddress(form.email)) ctx.addIssue({ code: 'custom', message: MSG.emailInvalid, path: ['email'] });
    else if (!COUNTRY_CODES.includes(form.country)) ctx.addIssue({ code: 'custom', message: CHECKOUT_MSG.countryFromList, path: ['country'] });
    else if (form.country === INDIA && !form.state) ctx.addIssue({ code: 'custom', message: MSG.checkoutRequired('State'), path: ['state'] });
    else if (form.country === INDIA && !INDIAN_STATE_CODES.includes(form.state!)) ctx.addIssue({ code: 'custom', message: CHECKOUT_MSG.stateFromList, path: ['state'] });
    else if (form.country !== INDIA && form.state) ctx.addIssue({ code: 'custom', message: CHECKOUT_MSG.stateOnlyInIndia, path: ['state'] });
    else if (form.gstin && form.country !== INDIA) ctx.addIssue({ code: 'custom', message: CHECKOUT_MSG.gstinOnlyInIndia, path: ['gstin'] });
    else if (form.gstin && !isValidGstin(form.gstin)) ctx.addIssue({ code: 'custom', message: CHECKOUT_MSG.gstinInvalid, path: ['gstin'] });
    else if (form.gstin && form.gstin.slice(0, 2) !== form.state) ctx.addIssue({ code: 'custom', message: CHECKOUT_MSG.gstinStateMismatch, path: ['gstin'] });
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
