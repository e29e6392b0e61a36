import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { billingKeys, fetchPaymentsConfig } from './api';

/** The options and events of Razorpay's checkout.js that we use (the simulator's checkout.js has the same). */
export type RazorpayResponse = { razorpay_payment_id: string; razorpay_subscription_id?: string; razorpay_order_id?: string; razorpay_signature: string };
export type RazorpayFailure = { error: { code: string; description?: string; source?: string; step?: string; reason?: string; metadata?: Record<string, string> } };
export type RazorpayOptions = {
  key: string;
  subscription_id?: string;
  /** With subscription_id: the customer changes the subscription's card (Razorpay charges a due renewal to it). */
  subscription_card_change?: 1;
  order_id?: string;
  amount?: number;
  currency?: string;
  name: string;
  description: string;
  prefill: { name: string; email: string; contact: string };
  notes: Record<string, string>;
  retry: { enabled: boolean; max_count: number };
  theme?: { color: string };
  handler: (response: RazorpayResponse) => void;
  modal?: { ondismiss?: () => void };
};
export type RazorpayInstance = { open: () => void; close: () => void; on: (event: 'payment.failed', fn: (failure: RazorpayFailure) => void) => void };

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayInstance;
  }
}

const loads = new Map<string, Promise<void>>();

function loadScript(src: string): Promise<void> {
  let pending = loads.get(src);
  if (!pending) {
    pending = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loads.delete(src);
        script.remove();
        reject(new Error(`could not load ${src}`));
      };
      document.head.appendChild(script);
    });
    loads.set(src, pending);
  }
  return pending;
}

/** Loads the provider's checkout.js (or the simulator's) once per page; 'error' when it cannot. */
export function useCheckoutScript(): 'loading' | 'ready' | 'error' {
  const config = useQuery({ queryKey: billingKeys.config, queryFn: ({ signal }) => fetchPaymentsConfig(signal), staleTime: Infinity });
  const [state, setState] = useState<'loading' | 'ready' | 'error'>(() => (typeof window !== 'undefined' && window.Razorpay ? 'ready' : 'loading'));
  const src = config.data?.checkoutScriptUrl;
  useEffect(() => {
    if (!src || window.Razorpay) return;
    let live = true;
    loadScript(src).then(
      () => live && setState('ready'),
      () => live && setState('error'),
    );
    return () => {
      live = false;
    };
  }, [src]);
  if (config.isError) return 'error';
  return window.Razorpay ? 'ready' : state;
}
