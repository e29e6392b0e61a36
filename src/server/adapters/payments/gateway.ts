import type { PlanInterval } from '#shared/constants';
import type { ProviderAction } from '#shared/errors';
import { AppError } from '../../lib/errors';
import { providerErrorOf, type RazorpaySdk } from './razorpay-sdk';

/** The fields of Razorpay's subscription entity we read (times are Unix seconds). */
export type ProviderSubscription = {
  id: string;
  plan_id: string;
  status: 'created' | 'authenticated' | 'active' | 'pending' | 'halted' | 'cancelled' | 'completed' | 'expired';
  has_scheduled_changes?: boolean;
  change_scheduled_at?: number | null;
  current_start: number | null;
  current_end: number | null;
  ended_at: number | null;
  charge_at: number | null;
  paid_count: number;
  total_count: number;
  notes: Record<string, string | number> | unknown[];
};

/** The fields of Razorpay's payment entity we read. */
export type ProviderPayment = {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string | null;
  invoice_id: string | null;
  method: string | null;
  description: string | null;
  email: string | null;
  contact: string | null;
  error_description: string | null;
  /** What has been refunded of it, in paise (Razorpay's payment entity). */
  amount_refunded?: number;
  created_at: number;
};

/** The fields of Razorpay's refund entity we read (refunds API and refund.* webhooks). */
export type ProviderRefund = {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string | number> | unknown[];
  receipt: string | null;
  status: 'pending' | 'processed' | 'failed';
  created_at: number;
};

export type ProviderInvoice = { id: string; subscription_id: string | null; payment_id: string | null; status: string };

export type ProviderOrder = { id: string; amount: number; currency: string; status: string };

const PERIOD: Record<Exclude<PlanInterval, 'lifetime'>, 'weekly' | 'monthly' | 'yearly'> = { week: 'weekly', month: 'monthly', year: 'yearly' };

/** Razorpay as the billing services see it. The same code talks to Razorpay or to the local simulator. */
export type PaymentGateway = {
  keyId: string;
  keySecret: string;
  webhookSecret: string | null;
  simulated: boolean;
  checkoutScriptUrl: string;
  createPlan(plan: {
    code: string;
    name: string;
    description: string;
    amountPaise: number;
    currency: string;
    interval: Exclude<PlanInterval, 'lifetime'>;
  }): Promise<{ id: string }>;
  createSubscription(input: { planId: string; totalCount: number; notes: Record<string, string> }): Promise<ProviderSubscription>;
  createOrder(input: { amountPaise: number; currency: string; receipt: string; notes: Record<string, string> }): Promise<ProviderOrder>;
  fetchPayment(id: string): Promise<ProviderPayment>;
  fetchSubscription(id: string): Promise<ProviderSubscription>;
  fetchInvoice(id: string): Promise<ProviderInvoice>;
  cancelSubscription(id: string, atCycleEnd: boolean): Promise<ProviderSubscription>;
  /** Refunds (part of) a captured payment (payments.refund); `receipt` and `notes.refund_ref` name our refund row. */
  refundPayment(paymentId: string, input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<ProviderRefund>;
  /** Moves a subscription to another Razorpay plan at the end of its current cycle (subscriptions.update, schedule_change_at cycle_end). */
  schedulePlanChange(id: string, planId: string): Promise<ProviderSubscription>;
  /** Drops a plan change scheduled for the cycle end (subscriptions.cancelScheduledChanges). */
  cancelScheduledChanges(id: string): Promise<ProviderSubscription>;
};

/** Turns a provider failure into a 502 that carries Razorpay's own description when it gave one. */
async function call<T>(action: ProviderAction, fn: () => Promise<unknown>): Promise<T> {
  try {
    return (await fn()) as T;
  } catch (err) {
    const { statusCode, description } = providerErrorOf(err);
    throw new AppError('BAD_GATEWAY', 'PROVIDER_ERROR', { params: { action }, message: description ?? undefined, extra: { providerStatus: statusCode } });
  }
}

export function createGateway(
  getSdk: () => Promise<RazorpaySdk>,
  opts: Pick<PaymentGateway, 'keyId' | 'keySecret' | 'webhookSecret' | 'simulated' | 'checkoutScriptUrl'>,
): PaymentGateway {
  return {
    ...opts,
    createPlan: (plan) =>
      call('createPlan', async () =>
        (await getSdk()).plans.create({
          period: PERIOD[plan.interval],
          interval: 1,
          item: { name: plan.name, amount: plan.amountPaise, currency: plan.currency, description: plan.description },
          notes: { plan_code: plan.code },
        }),
      ),
    createSubscription: (input) =>
      call('startSubscription', async () =>
        (await getSdk()).subscriptions.create({ plan_id: input.planId, total_count: input.totalCount, quantity: 1, customer_notify: 1, notes: input.notes }),
      ),
    createOrder: (input) =>
      call('createOrder', async () => (await getSdk()).orders.create({ amount: input.amountPaise, currency: input.currency, receipt: input.receipt, notes: input.notes })),
    fetchPayment: (id) => call('findPayment', async () => (await getSdk()).payments.fetch(id)),
    fetchSubscription: (id) => call('findSubscription', async () => (await getSdk()).subscriptions.fetch(id)),
    fetchInvoice: (id) => call('findInvoice', async () => (await getSdk()).invoices.fetch(id)),
    cancelSubscription: (id, atCycleEnd) => call('cancelSubscription', async () => (await getSdk()).subscriptions.cancel(id, atCycleEnd)),
    refundPayment: (paymentId, input) =>
      call('refundPayment', async () => (await getSdk()).payments.refund(paymentId, { amount: input.amountPaise, speed: 'normal', receipt: input.receipt, notes: input.notes })),
    schedulePlanChange: (id, planId) =>
      call('changePlan', async () => (await getSdk()).subscriptions.update(id, { plan_id: planId, schedule_change_at: 'cycle_end', customer_notify: true })),
    cancelScheduledChanges: (id) => call('dropPlanChange', async () => (await getSdk()).subscriptions.cancelScheduledChanges(id)),
  };
}
