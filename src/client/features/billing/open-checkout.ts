import { LIMITS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import type { CheckoutDto } from '../../../shared/schemas/billing';
import { site } from '../../../shared/site';
import { verifyPayment } from './api';
import type { RazorpayFailure, RazorpayResponse } from './checkout-script';

export type OpenCheckoutOptions = {
  prefill: { name: string; email: string; contact: string };
  notes: Record<string, string>;
  /** The payment was verified by the server. */
  onPaid: () => void;
  /** A message to show: the bank's description of a decline, or the spec's texts (in English: the caller shows them in the reader's language). */
  onFailed: (message: string, verification: boolean) => void;
  onDismiss: () => void;
};

/**
 * Opens Razorpay's checkout (or the simulator's, which behaves the same) for a subscription or an order the server
 * made, and verifies the payment it returns. One place for the window's options: the plan checkout and the plan change.
 */
export function openCheckout(checkout: CheckoutDto, opts: OpenCheckoutOptions): void {
  if (!window.Razorpay) return opts.onFailed(MSG.gatewayNotLoaded, false);
  const rzp = new window.Razorpay({
    key: checkout.key,
    ...(checkout.subscriptionId ? { subscription_id: checkout.subscriptionId } : { order_id: checkout.orderId!, amount: checkout.amount, currency: checkout.currency }),
    name: checkout.name,
    description: checkout.description,
    prefill: opts.prefill,
    notes: opts.notes,
    retry: { enabled: true, max_count: LIMITS.paymentRetryMax },
    theme: { color: '#7c8cff' },
    handler: (response: RazorpayResponse) => {
      verifyPayment({ paymentId: response.razorpay_payment_id, subscriptionId: response.razorpay_subscription_id, orderId: response.razorpay_order_id, signature: response.razorpay_signature })
        .then(() => opts.onPaid())
        .catch(() => opts.onFailed(MSG.paymentVerifyFailed, true));
    },
    modal: { ondismiss: opts.onDismiss },
  });
  rzp.on('payment.failed', (failure: RazorpayFailure) => opts.onFailed(failure.error?.description || MSG.paymentFailed, false));
  rzp.open();
}

/**
 * Razorpay's card change for a subscription (Checkout's `subscription_card_change`): while a renewal is pending,
 * Razorpay charges the due payment to the new card at once; the result arrives by webhook (decision 085).
 */
export function openCardChange(keyId: string, subscription: { razorpaySubscriptionId: string; description: string }, opts: Pick<OpenCheckoutOptions, 'prefill' | 'onFailed' | 'onDismiss'> & { onChanged: () => void }): void {
  if (!window.Razorpay) return opts.onFailed(MSG.gatewayNotLoaded, false);
  const rzp = new window.Razorpay({
    key: keyId,
    subscription_id: subscription.razorpaySubscriptionId,
    subscription_card_change: 1,
    name: site.productName,
    description: subscription.description,
    prefill: opts.prefill,
    notes: {},
    retry: { enabled: true, max_count: LIMITS.paymentRetryMax },
    theme: { color: '#7c8cff' },
    handler: () => opts.onChanged(),
    modal: { ondismiss: opts.onDismiss },
  });
  rzp.on('payment.failed', (failure: RazorpayFailure) => opts.onFailed(failure.error?.description || MSG.paymentFailed, false));
  rzp.open();
}
