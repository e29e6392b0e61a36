import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { hmacHex, isValidCheckoutSignature, isValidWebhookSignature, signCheckout } from './signatures';

// The SDK's own validators are the reference for how Razorpay signs (they compare with ===, which we do not).
const require = createRequire(import.meta.url);
const utils = require('razorpay/dist/utils/razorpay-utils') as {
  validatePaymentVerification: (params: Record<string, string>, signature: string, secret: string) => boolean;
  validateWebhookSignature: (body: string, signature: string, secret: string) => boolean;
};

describe('Razorpay signatures', () => {
  it('signs a subscription checkout as Razorpay does (payment_id|subscription_id)', () => {
    const sig = signCheckout('key_secret', { paymentId: 'pay_1', subscriptionId: 'sub_1' });
    expect(utils.validatePaymentVerification({ subscription_id: 'sub_1', payment_id: 'pay_1' }, sig, 'key_secret')).toBe(true);
    expect(isValidCheckoutSignature('key_secret', { paymentId: 'pay_1', subscriptionId: 'sub_1' }, sig)).toBe(true);
    expect(isValidCheckoutSignature('key_secret', { paymentId: 'pay_2', subscriptionId: 'sub_1' }, sig)).toBe(false);
  });

  it('signs an order checkout as Razorpay does (order_id|payment_id)', () => {
    const sig = signCheckout('key_secret', { paymentId: 'pay_1', orderId: 'order_1' });
    expect(utils.validatePaymentVerification({ order_id: 'order_1', payment_id: 'pay_1' }, sig, 'key_secret')).toBe(true);
    expect(isValidCheckoutSignature('other_secret', { paymentId: 'pay_1', orderId: 'order_1' }, sig)).toBe(false);
  });

  it('checks a webhook on its raw body with the webhook secret', () => {
    const body = '{"event":"subscription.charged","payload":{}}';
    const sig = hmacHex('whsec', body);
    expect(utils.validateWebhookSignature(body, sig, 'whsec')).toBe(true);
    expect(isValidWebhookSignature('whsec', Buffer.from(body), sig)).toBe(true);
    expect(isValidWebhookSignature('whsec', `${body} `, sig)).toBe(false);
    expect(isValidWebhookSignature('whsec', body, sig.slice(0, 10))).toBe(false);
  });
});
