import type { CancelSubscriptionInput, ChangePlanInput, CreateSubscriptionInput, SubscriptionDto, VerifyPaymentInput } from '#shared/schemas/billing';
import { payments, subscriptions } from '#shared/endpoints/billing';
import { ApiError, call, load, tokens } from '../../api/client';
import { saveFile } from '../../api/save-file';
import { API_PREFIX } from '#shared/constants';
import type { PaymentDocument } from '#shared/payment-document';
import type { Locale } from '#shared/i18n/locales';

export const billingKeys = {
  publicPlans: ['plans', 'public'] as const,
  plans: (locale: Locale) => ['plans', 'account', locale] as const,
  current: ['subscription', 'current'] as const,
  config: ['payments', 'config'] as const,
  payments: (page: number) => ['payments', page] as const,
};

/** The plans with their seeded texts in the reader's language (decision 096). */
/** English is asked without `lang` (the address the server's page render reads too: shared/landing-reads.ts). */
const langQuery = (locale: Locale) => ({ lang: locale === 'en' ? undefined : locale });
export const fetchPublicPlans = (signal?: AbortSignal, locale: Locale = 'en') => load(subscriptions.publicPlans, { query: langQuery(locale), signal }).then((d) => d.plans);
export const fetchPlans = (locale: Locale, signal?: AbortSignal) => load(subscriptions.plans, { query: langQuery(locale), signal }).then((d) => d.plans);
export const fetchPaymentsConfig = (signal?: AbortSignal) => load(payments.config, { signal });

/** The current subscription, or null when the server answers null or 404 (spec: 404 means no subscription). */
export async function fetchCurrentSubscription(signal?: AbortSignal): Promise<SubscriptionDto | null> {
  try {
    return (await load(subscriptions.current, { signal })).subscription ?? null;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export const fetchPayments = (page: number, signal?: AbortSignal) => load(payments.history, { query: { page, limit: 10 }, signal });

export const startSubscription = (input: CreateSubscriptionInput) => load(subscriptions.start, { body: input });
export const verifyPayment = (input: VerifyPaymentInput) => load(payments.verify, { body: input }).then((d) => d.subscription);
export const cancelSubscription = (id: string, input: CancelSubscriptionInput) => call(subscriptions.cancel, { params: { id }, body: input });

/**
 * Downloads a payment's document (its tax invoice, else its receipt: shared/payment-document.ts) as a PDF: the bearer
 * token rides in a header, so the file comes through fetch and a blob link, named as the document.
 * `base` is '/admin/payments' when an admin downloads a customer's.
 */
export async function downloadReceipt(paymentId: string, document_: PaymentDocument, base: '/payments' | '/admin/payments' = '/payments'): Promise<void> {
  const res = await fetch(`${API_PREFIX}${base}/${encodeURIComponent(paymentId)}/receipt`, { headers: { authorization: `Bearer ${tokens.access ?? ''}` } });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { code?: string; params?: Record<string, string | number>; message?: string } | null;
    // The server's code is shown in the caller's language (useErrorText); without one, the caller's own words.
    throw new ApiError(res.status, 'RECEIPT_FAILED', body?.message ?? '', body?.code, undefined, body?.params);
  }
  saveFile(await res.blob(), document_.fileName);
}

/** Plan changes (decision 086): another recurring plan at the cycle end, or the lifetime plan as an order to pay now. */
export const changePlan = (subscriptionId: string, input: ChangePlanInput) => call(subscriptions.changePlan, { params: { id: subscriptionId }, body: input });
export const cancelPlanChange = (subscriptionId: string) => call(subscriptions.cancelPlanChange, { params: { id: subscriptionId } });
