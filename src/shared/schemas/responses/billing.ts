import { z } from 'zod';
import { PLAN_CODES, PLAN_INTERVALS } from '../../constants';
import { envelope, isoTime, paginationSchema } from './envelope';
import { subscriptionStatusSchema } from '../subscription-status';

const paise = (what: string) => z.number().int().describe(`${what}, in paise (integer; 100 paise = ₹1)`);

/** A plan on sale (GET /subscriptions/plans). */
export const planSchema = z
  .object({
    id: z.string(),
    code: z.enum(PLAN_CODES),
    name: z.string(),
    amount: paise('The price'),
    currency: z.string(),
    interval: z.enum(PLAN_INTERVALS),
    description: z.string(),
    features: z.record(z.string(), z.boolean()),
    popular: z.boolean(),
    deviceLimit: z.number().int().describe('How many devices of the desktop program the plan allows at once.'),
  })
  .meta({ id: 'Plan' });
export type PlanDto = z.infer<typeof planSchema>;

/** The subscription of R-3.3 (amounts in paise). */
export const subscriptionSchema = z
  .object({
    _id: z.string(),
    planName: z.string(),
    planCode: z.string(),
    kind: z
      .enum(['subscription', 'order', 'complimentary'])
      .describe('subscription: renews through Razorpay; order: paid once (lifetime); complimentary: a period granted by the company, no payment, no renewal.'),
    status: subscriptionStatusSchema,
    currentStart: isoTime.nullable(),
    currentEnd: isoTime.nullable(),
    cancelAtPeriodEnd: z.boolean(),
    willCancelAtPeriodEnd: z.boolean(),
    cancelledAt: isoTime.nullable(),
    planAmount: paise('The price'),
    planCurrency: z.string(),
    planInterval: z.string(),
    razorpaySubscriptionId: z.string().nullable(),
    razorpayOrderId: z.string().nullable(),
    renewal: z
      .object({
        state: z.enum(['pending', 'halted']).describe('pending: Razorpay retries the renewal charge; halted: it stopped after the last retry (decision 085).'),
        failedAt: isoTime.nullable().describe('When the first failed charge of this run happened.'),
      })
      .nullable()
      .describe('A renewal charge that failed and has not been paid since; null when renewals are in order.'),
    scheduledChange: z
      .object({ planId: z.string(), planCode: z.string(), planName: z.string(), amount: paise('The new price'), interval: z.string(), at: isoTime.nullable() })
      .nullable()
      .describe('A move to another recurring plan at the end of the current cycle (decision 086).'),
    replacedBy: z.string().nullable().describe('The purchase that replaced this subscription (one paid plan at a time).'),
    credit: paise('The unused part of a replaced subscription taken off this purchase'),
    endedByRefund: z.boolean().optional().describe('It ended when its payment was refunded in full (decision 082); cancelledAt says when.'),
    access: z
      .object({
        now: z.boolean().describe('Whether it gives access at the time of the response.'),
        until: isoTime.nullable().describe('When that access ends (or ended); null for the lifetime plan, which never ends, and for a checkout never paid.'),
      })
      .describe("The server's entitlement rule applied to this subscription (decision 160): clients show it and never derive it."),
  })
  .meta({ id: 'Subscription' });
export type SubscriptionDto = z.infer<typeof subscriptionSchema>;

/** What the checkout script needs after POST /subscriptions. */
export const checkoutSchema = z.object({
  key: z.string().describe('The Razorpay key id'),
  subscriptionId: z.string().nullable(),
  orderId: z.string().nullable(),
  amount: paise('The amount'),
  currency: z.string(),
  name: z.string(),
  description: z.string(),
});
export type CheckoutDto = z.infer<typeof checkoutSchema>;

/** One payment of the history (GET /payments). */
export const paymentSchema = z
  .object({
    _id: z.string(),
    paymentDate: isoTime,
    subscriptionId: z.object({ _id: z.string(), planName: z.string() }).nullable(),
    description: z.string(),
    currency: z.string(),
    amountPaid: paise('What was captured'),
    amount: paise('What was charged'),
    status: z.enum(['captured', 'authenticated', 'failed', 'other']),
    method: z.string().nullable(),
    errorDescription: z.string().nullable(),
    receiptNumber: z.number().int().nullable(),
    invoiceNumber: z.string().nullable().describe('The GST tax invoice number, while the seller is registered (decision 083).'),
    refunded: paise('What has been refunded of it (refunds under way included)'),
    refundStatus: z.enum(['none', 'partial', 'full']).describe('Whether the payment was refunded, in part or in full (decision 082).'),
    refunds: z
      .array(
        z.object({ _id: z.string(), amount: paise('Refunded'), status: z.enum(['created', 'processed', 'failed']), creditNoteNumber: z.string().nullable(), createdAt: isoTime }),
      )
      .describe('Its refunds, oldest first; each with a credit note to download.'),
  })
  .meta({ id: 'Payment' });
export type PaymentDto = z.infer<typeof paymentSchema>;

/** GET /payments/config: what the browser's checkout needs (the simulator's script while no Razorpay keys are set). */
export const paymentsConfigSchema = z.object({ keyId: z.string(), checkoutScriptUrl: z.string(), simulated: z.boolean() });
export type PaymentsConfigDto = z.infer<typeof paymentsConfigSchema>;

/** GET /entitlement for the desktop program: which plan, and until when (null: no end). */
export const entitlementSchema = z
  .object({
    entitled: z.boolean().describe('Whether the program may unlock its features now.'),
    plan: z.string().describe("The plan code, 'trial' or 'free'."),
    planName: z.string().nullable(),
    status: z.enum(['active', 'cancelling', 'trial', 'free', 'expired']),
    validUntil: isoTime.nullable().describe('When access ends; null: no end (lifetime) or no access.'),
    lifetime: z.boolean(),
    isOnTrial: z.boolean(),
    trialExpires: isoTime.nullable(),
    checkedAt: isoTime,
  })
  .meta({ id: 'Entitlement' });
export type EntitlementDto = z.infer<typeof entitlementSchema>;

/** Why a subscription waits for its cancellation at Razorpay (decision 063). */
export const PROVIDER_CANCELLATION_REASONS = ['account_deleted', 'charged_after_deletion', 'replaced', 'duplicate_purchase', 'refunded'] as const;
export type ProviderCancellationReason = (typeof PROVIDER_CANCELLATION_REASONS)[number];

/** GET /admin/billing/provider-cancellations: a subscription of a deleted account not yet cancelled at Razorpay. */
export const providerCancellationSchema = z.object({
  id: z.string(),
  razorpaySubscriptionId: z.string(),
  planName: z.string().nullable(),
  reason: z.enum(PROVIDER_CANCELLATION_REASONS),
  state: z.enum(['pending', 'failed']).describe('pending: not tried yet, or being tried now; failed: the last try failed and another follows at nextAttemptAt.'),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  lastAttemptAt: isoTime.nullable(),
  nextAttemptAt: isoTime,
  createdAt: isoTime,
});
export type ProviderCancellationDto = z.infer<typeof providerCancellationSchema>;
export const providerCancellationsSchema = z.object({ cancellations: z.array(providerCancellationSchema), total: z.number().int() });
export type ProviderCancellationsDto = z.infer<typeof providerCancellationsSchema>;

export const plansData = z.object({ plans: z.array(planSchema) });
export type PlansData = z.infer<typeof plansData>;

/** GET /subscriptions/current: null when the user has none. */
export const currentSubscriptionData = z.object({ subscription: subscriptionSchema.nullable() });
export type CurrentSubscriptionData = z.infer<typeof currentSubscriptionData>;

/** POST /subscriptions: the subscription (status created) and what the checkout script needs. */
export const checkoutStartData = z.object({ subscription: subscriptionSchema, checkout: checkoutSchema });
export type CheckoutStartData = z.infer<typeof checkoutStartData>;

export const subscriptionData = z.object({ subscription: subscriptionSchema });

/** POST /subscriptions/{id}/change-plan: the subscription with its scheduled change, or the lifetime order to pay and its checkout. */
export const planChangeData = z.object({ subscription: subscriptionSchema, checkout: checkoutSchema.nullable() });
export type PlanChangeData = z.infer<typeof planChangeData>;
export type SubscriptionData = z.infer<typeof subscriptionData>;

/** PATCH /subscriptions/{id}/cancel: `alreadySetToCancel` inside `data` and, for the spec's client, beside it too. */
export const cancelData = z.object({ subscription: subscriptionSchema, alreadySetToCancel: z.boolean() });
export type CancelData = z.infer<typeof cancelData>;
export const cancelReply = envelope(cancelData).extend({ alreadySetToCancel: z.boolean() });

export const paymentsPageData = z.object({ payments: z.array(paymentSchema), pagination: paginationSchema });
export type PaymentsPageData = z.infer<typeof paymentsPageData>;

export const entitlementData = z.object({ entitlement: entitlementSchema });
export type EntitlementData = z.infer<typeof entitlementData>;

/** POST /webhooks/razorpay: processed, or duplicate (an event id seen before changes nothing). */
export const webhookData = z.object({ status: z.enum(['processed', 'duplicate']) });

/** The headers Razorpay sends with a webhook; other headers pass through untouched. */
export const webhookHeaders = z.looseObject({
  'x-razorpay-signature': z
    .string()
    .optional()
    .describe(
      'Required: HMAC-SHA256 (hex) of the raw body with the webhook secret. Missing or wrong: 400 with code INVALID_SIGNATURE, nothing stored. A signed body that is not a Razorpay event (not an object, no payload, an entity without its id): 400 with code INVALID_WEBHOOK_BODY, nothing stored.',
    ),
  'x-razorpay-event-id': z
    .string()
    .optional()
    .describe("The event's id: a second delivery with the same id changes nothing (answered 'duplicate'). Without it, the body's hash stands in."),
});
