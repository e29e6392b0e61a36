import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/crypto';

/** Razorpay's signatures are hex HMAC-SHA256. */
export const hmacHex = (secret: string, payload: string | Buffer) => createHmac('sha256', secret).update(payload).digest('hex');

/** The payload Razorpay signs for checkout: `payment_id|subscription_id`, or `order_id|payment_id` for an order. */
export function checkoutPayload(ref: { paymentId: string; subscriptionId?: string | null; orderId?: string | null }): string {
  if (ref.subscriptionId) return `${ref.paymentId}|${ref.subscriptionId}`;
  if (ref.orderId) return `${ref.orderId}|${ref.paymentId}`;
  throw new Error('a checkout signature needs a subscription id or an order id');
}

export const signCheckout = (keySecret: string, ref: Parameters<typeof checkoutPayload>[0]) => hmacHex(keySecret, checkoutPayload(ref));

/** Compares in constant time: the SDK's own validators use `===`. */
export function isValidCheckoutSignature(keySecret: string, ref: Parameters<typeof checkoutPayload>[0], signature: string): boolean {
  return safeEqual(signCheckout(keySecret, ref), signature);
}

/** A webhook's X-Razorpay-Signature is the HMAC of the raw body, as received, with the webhook secret. */
export function isValidWebhookSignature(webhookSecret: string, rawBody: Buffer | string, signature: string): boolean {
  return safeEqual(hmacHex(webhookSecret, rawBody), signature);
}
