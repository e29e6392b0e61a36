import type { CancelSubscriptionInput, ChangePlanInput, CreateSubscriptionInput, PaymentsConfigDto, SubscriptionDto, VerifyPaymentInput } from '../../../shared/schemas/billing';
import type { CancelData, CheckoutStartData, CurrentSubscriptionData, PaymentsPageData, PlanChangeData, PlansData, SubscriptionData } from '../../../shared/schemas/responses/billing';
import { api, ApiError, request, tokens } from '../../api/client';
import { API_PREFIX } from '../../../shared/constants';
import type { Locale } from '../../../shared/i18n/locales';
import { publicPlansRead } from '../../../shared/landing-reads';

export const billingKeys = {
  publicPlans: ['plans', 'public'] as const,
  plans: (locale: Locale) => ['plans', 'account', locale] as const,
  current: ['subscription', 'current'] as const,
  config: ['payments', 'config'] as const,
  payments: (page: number) => ['payments', page] as const,
};

/** The plans with their seeded texts in the reader's language (decision 096). */
export const fetchPublicPlans = (signal?: AbortSignal, locale: Locale = 'en') => api.get<PlansData>(publicPlansRead(locale).path, signal).then((d) => d.plans);
export const fetchPlans = (locale: Locale, signal?: AbortSignal) => api.get<PlansData>(locale === 'en' ? '/subscriptions/plans' : `/subscriptions/plans?lang=${locale}`, signal).then((d) => d.plans);
export const fetchPaymentsConfig = (signal?: AbortSignal) => api.get<PaymentsConfigDto>('/payments/config', signal);

/** The current subscription, or null when the server answers null or 404 (spec: 404 means no subscription). */
export async function fetchCurrentSubscription(signal?: AbortSignal): Promise<SubscriptionDto | null> {
  try {
    return (await api.get<CurrentSubscriptionData>('/subscriptions/current', signal)).subscription ?? null;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export const fetchPayments = (page: number, signal?: AbortSignal) => api.get<PaymentsPageData>(`/payments?page=${page}&limit=10`, signal);

export const startSubscription = (input: CreateSubscriptionInput) => api.post<CheckoutStartData>('/subscriptions', input).then((r) => r.data);
export const verifyPayment = (input: VerifyPaymentInput) => api.post<SubscriptionData>('/payments/verify', input).then((r) => r.data.subscription);
export const cancelSubscription = (id: string, input: CancelSubscriptionInput) =>
  request<CancelData>(`/subscriptions/${encodeURIComponent(id)}/cancel`, { method: 'PATCH', body: input });

/**
 * Downloads a receipt PDF: the bearer token rides in a header, so the file comes through fetch and a blob link.
 * `base` is '/admin/payments' when an admin downloads a customer's receipt.
 */
export async function downloadReceipt(paymentId: string, receiptNumber: number | null, base: '/payments' | '/admin/payments' = '/payments'): Promise<void> {
  const res = await fetch(`${API_PREFIX}${base}/${encodeURIComponent(paymentId)}/receipt`, { headers: { authorization: `Bearer ${tokens.access ?? ''}` } });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    // Without a message of the server's, the caller's own words (messageOf's fallback) are shown, in its language.
    throw new ApiError(res.status, 'RECEIPT_FAILED', body?.message ?? '');
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `receipt-${receiptNumber ?? paymentId}.pdf`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Plan changes (decision 086): another recurring plan at the cycle end, or the lifetime plan as an order to pay now. */
export const changePlan = (subscriptionId: string, input: ChangePlanInput) =>
  api.post<PlanChangeData>(`/subscriptions/${encodeURIComponent(subscriptionId)}/change-plan`, input);
export const cancelPlanChange = (subscriptionId: string) => request<SubscriptionData>(`/subscriptions/${encodeURIComponent(subscriptionId)}/change-plan`, { method: 'DELETE' });
