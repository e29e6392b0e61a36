import type { Limit } from '#server/adapters/rate-limit';

const HOUR = 60 * 60_000;

/**
 * Per account (the signed-in user): each call makes something at Razorpay (a subscription or an order, or a scheduled
 * plan change) and a row here, so a loop must not make them without end. Thirty an hour is far more than a customer
 * who retries a checkout a few times, or changes their mind between plans, ever needs; the 429 says how long to wait.
 */
export const BILLING_LIMITS = {
  checkoutAccount: { name: 'checkout-account', max: 30, windowMs: HOUR },
  planChangeAccount: { name: 'plan-change-account', max: 30, windowMs: HOUR },
} satisfies Record<string, Limit>;
