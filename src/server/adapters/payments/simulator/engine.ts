import { randomBytes, randomUUID } from 'node:crypto';
import { addMonths, addWeeks, addYears, addDays } from 'date-fns';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { queryRows } from '#server/db/client';
import { razorpaySimEntities, razorpaySimWebhooks } from '#server/db/schema';
import type { ProviderSubscription } from '../gateway';
import { hmacHex, signCheckout } from '../signatures';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Razorpay ids: a prefix and 14 base-62 characters (pay_Mx3kQ9…). */
export function simId(prefix: string): string {
  const bytes = randomBytes(14);
  return `${prefix}_${Array.from(bytes, (b) => ALPHABET[b % 62]).join('')}`;
}

const unix = (d: Date = new Date()) => Math.floor(d.getTime() / 1000);
const fromUnix = (s: number) => new Date(s * 1000);

type Json = Record<string, unknown>;
export type SimPlan = Json & {
  id: string;
  period: 'daily' | 'weekly' | 'monthly' | 'yearly';
  interval: number;
  item: { name: string; amount: number; currency: string; description?: string | null };
};
/** Razorpay's subscription entity as the simulator keeps it: what the gateway reads, and the counters Razorpay also shows. */
export type SimSubscription = Json &
  Omit<ProviderSubscription, 'status' | 'has_scheduled_changes' | 'notes'> & {
    status: string;
    remaining_count: number;
    auth_attempts: number;
    has_scheduled_changes: boolean;
    notes: unknown;
  };
export type SimOrder = Json & {
  id: string;
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  status: string;
  notes: unknown;
  receipt: string | null;
  attempts: number;
};
export type SimPayment = Json & {
  id: string;
  amount: number;
  currency: string;
  status: string;
  order_id: string | null;
  invoice_id: string | null;
  error_description: string | null;
  amount_refunded?: number;
  refund_status?: string | null;
};
export type SimRefund = Json & {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: unknown;
  receipt: string | null;
  status: 'pending' | 'processed' | 'failed';
  created_at: number;
};

/** What Razorpay's checkout hands to the `handler`, or to `payment.failed` listeners. */
export type CheckoutResult =
  | { ok: true; response: { razorpay_payment_id: string; razorpay_subscription_id?: string; razorpay_order_id?: string; razorpay_signature: string } }
  | { ok: false; error: { code: string; description: string; source: string; step: string; reason: string; metadata: { payment_id: string; order_id?: string } } };

/** The description Razorpay's test mode gives a declined card. */
export const DECLINED = "Your payment didn't go through as it was declined by the bank. Try another payment method or contact your bank.";
const MAX_RENEWAL_ATTEMPTS = 3;
/** What a card change authorises on the new card (and refunds): ₹5. */
const CARD_CHANGE_AUTH_PAISE = 500;

export type SimulatorSecrets = { keyId: string; keySecret: string; webhookSecret: string };

/**
 * A local stand-in for Razorpay (R-D5.4): the entities it keeps, the checkout outcome, renewals on demand,
 * and signed webhooks queued for delivery. Its state lives in the database, so a restart keeps it.
 */
export class RazorpaySimulator {
  /** Every API request received, for the contract test. */
  readonly requests: { method: string; path: string; body: unknown }[] = [];

  constructor(
    private readonly db: Db,
    readonly secrets: SimulatorSecrets,
  ) {}

  // ---- storage ----

  async get<T extends Json>(id: string): Promise<T | null> {
    const [row] = await this.db.select().from(razorpaySimEntities).where(eq(razorpaySimEntities.id, id));
    return (row?.data as T) ?? null;
  }

  private async put<T extends Json & { id: string; entity: string }>(data: T): Promise<T> {
    await this.db.insert(razorpaySimEntities).values({ id: data.id, entity: data.entity, data }).onConflictDoUpdate({ target: razorpaySimEntities.id, set: { data } });
    return data;
  }

  // ---- REST: what the SDK calls ----

  createPlan(body: { period: SimPlan['period']; interval: number; item: SimPlan['item']; notes?: Json }): Promise<SimPlan> {
    const now = unix();
    return this.put({
      id: simId('plan'),
      entity: 'plan',
      interval: body.interval,
      period: body.period,
      item: {
        id: simId('item'),
        active: true,
        name: body.item.name,
        description: body.item.description ?? null,
        amount: body.item.amount,
        unit_amount: body.item.amount,
        currency: body.item.currency,
        type: 'plan',
        unit: null,
        tax_inclusive: false,
        hsn_code: null,
        sac_code: null,
        tax_rate: null,
        tax_id: null,
        tax_group_id: null,
        created_at: now,
        updated_at: now,
      },
      notes: body.notes ?? [],
      created_at: now,
    });
  }

  async createSubscription(body: {
    plan_id: string;
    total_count: number;
    quantity?: number;
    customer_notify?: number | boolean;
    notes?: Json;
    expire_by?: number;
    start_at?: number;
  }): Promise<SimSubscription | null> {
    if (!(await this.get<SimPlan>(body.plan_id))) return null;
    const now = unix();
    return this.put({
      id: simId('sub'),
      entity: 'subscription',
      plan_id: body.plan_id,
      customer_id: null,
      status: 'created',
      current_start: null,
      current_end: null,
      ended_at: null,
      quantity: body.quantity ?? 1,
      notes: body.notes ?? [],
      charge_at: body.start_at ?? now,
      start_at: body.start_at ?? now,
      end_at: null,
      auth_attempts: 0,
      total_count: body.total_count,
      paid_count: 0,
      customer_notify: body.customer_notify === undefined ? true : Boolean(body.customer_notify),
      created_at: now,
      expire_by: body.expire_by ?? null,
      short_url: `https://rzp.io/i/${simId('x').slice(2, 11)}`,
      has_scheduled_changes: false,
      change_scheduled_at: null,
      source: 'api',
      offer_id: null,
      remaining_count: body.total_count,
    });
  }

  createOrder(body: { amount: number; currency: string; receipt?: string; notes?: Json }): Promise<SimOrder> {
    return this.put({
      id: simId('order'),
      entity: 'order',
      amount: body.amount,
      amount_paid: 0,
      amount_due: body.amount,
      currency: body.currency,
      receipt: body.receipt ?? null,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: body.notes ?? [],
      created_at: unix(),
    });
  }

  /** Cancels now (status cancelled) or at the end of the cycle (stays active until the next renewal would be due). */
  async cancelSubscription(id: string, atCycleEnd: boolean): Promise<SimSubscription | null> {
    const sub = await this.get<SimSubscription>(id);
    if (!sub) return null;
    if (sub.status === 'cancelled' || sub.status === 'completed' || sub.status === 'expired') return sub;
    if (atCycleEnd && (sub.status === 'active' || sub.status === 'authenticated')) {
      // Razorpay keeps the subscription active and records a scheduled cancellation at the cycle end.
      return this.put({ ...sub, entity: 'subscription', has_scheduled_changes: true, change_scheduled_at: sub.current_end, _cancel_at_cycle_end: true });
    }
    const cancelled = await this.put({ ...sub, entity: 'subscription', status: 'cancelled', ended_at: unix(), remaining_count: 0 });
    await this.queueWebhook('subscription.cancelled', { subscription: cancelled });
    return cancelled;
  }

  /**
   * Update a Subscription: only schedule_change_at cycle_end with a new plan_id, the one update we use. Razorpay keeps
   * the subscription on its plan and records the change (has_scheduled_changes, change_scheduled_at = current_end);
   * the renewal at the cycle end charges the new plan. Razorpay updates only active subscriptions.
   */
  async updateSubscription(id: string, body: { plan_id?: string; schedule_change_at?: 'now' | 'cycle_end' }): Promise<SimSubscription | { error: string } | null> {
    const sub = await this.get<SimSubscription>(id);
    if (!sub) return null;
    if (sub.status !== 'active') return { error: 'Subscription can be updated only when it is in active state' };
    if (!body.plan_id || !(await this.get<SimPlan>(body.plan_id))) return { error: 'The id provided does not exist' };
    if (body.schedule_change_at !== 'cycle_end') return { error: 'The simulator schedules plan changes at the cycle end only (schedule_change_at: cycle_end)' };
    return this.put({ ...sub, entity: 'subscription', has_scheduled_changes: true, change_scheduled_at: sub.current_end, _scheduled_plan_id: body.plan_id });
  }

  /** Cancel an Update: drops the scheduled plan change. */
  async cancelScheduledChanges(id: string): Promise<SimSubscription | null> {
    const sub = await this.get<SimSubscription>(id);
    if (!sub) return null;
    const { _scheduled_plan_id: _dropped, ...rest } = sub;
    return this.put({
      ...rest,
      entity: 'subscription',
      has_scheduled_changes: Boolean(sub._cancel_at_cycle_end),
      change_scheduled_at: sub._cancel_at_cycle_end ? sub.current_end : null,
    } as SimSubscription & { entity: string });
  }

  // ---- refunds ----

  /**
   * POST /v1/payments/:id/refund as Razorpay answers it: only a captured payment, never more than what is left of it,
   * at least ₹1; the refund answers 'pending', then refund.created and refund.processed webhooks follow (signed).
   * A refund made in Razorpay's dashboard goes the same way (dashboardRefund), without our receipt or notes.
   */
  async refund(paymentId: string, body: { amount?: number; receipt?: string; notes?: Json }): Promise<{ refund: SimRefund } | { error: string }> {
    const payment = await this.get<SimPayment>(paymentId);
    if (!payment) return { error: 'The id provided does not exist' };
    if (payment.status !== 'captured' && payment.status !== 'refunded') return { error: 'The payment has not been captured' };
    const left = payment.amount - (payment.amount_refunded ?? 0);
    if (left <= 0) return { error: 'The payment has been fully refunded already' };
    const amount = body.amount ?? left;
    if (amount > left) return { error: 'The refund amount provided is greater than amount captured' };
    const now = unix();
    const pending: SimRefund = {
      id: simId('rfnd'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: body.notes ?? [],
      receipt: body.receipt ?? null,
      acquirer_data: { arn: null },
      created_at: now,
      batch_id: null,
      status: 'pending',
      speed_processed: 'normal',
      speed_requested: 'normal',
    };
    const refunded = (payment.amount_refunded ?? 0) + amount;
    const full = refunded >= payment.amount;
    const updated = await this.put({ ...payment, entity: 'payment', amount_refunded: refunded, refund_status: full ? 'full' : 'partial', status: full ? 'refunded' : 'captured' });
    await this.put(pending);
    await this.queueWebhook('refund.created', { refund: pending, payment: updated });
    const processed = await this.put({ ...pending, status: 'processed', acquirer_data: { arn: `7451${String(now).slice(-8)}` } });
    await this.queueWebhook('refund.processed', { refund: processed, payment: updated });
    return { refund: pending };
  }

  /** A refund made by hand in Razorpay's dashboard: Razorpay's own checks, then only the webhooks tell us. */
  dashboardRefund(paymentId: string, amount?: number) {
    return this.refund(paymentId, { amount, notes: { comment: 'Refunded from the dashboard' } });
  }

  // ---- checkout: the window's pay and fail buttons ----

  /** The amount and label the checkout window shows for a subscription or an order, or null when unknown. */
  async describeCheckout(ref: { subscriptionId?: string; orderId?: string }): Promise<{ amount: number; currency: string; label: string; payable: boolean } | null> {
    if (ref.subscriptionId) {
      const sub = await this.get<SimSubscription>(ref.subscriptionId);
      const plan = sub && (await this.get<SimPlan>(sub.plan_id));
      if (!sub || !plan) return null;
      return { amount: plan.item.amount, currency: plan.item.currency, label: `${plan.item.name} · billed ${plan.period}`, payable: sub.status === 'created' };
    }
    if (ref.orderId) {
      const order = await this.get<SimOrder>(ref.orderId);
      if (!order) return null;
      return { amount: order.amount, currency: order.currency, label: 'One-time payment', payable: order.status !== 'paid' };
    }
    return null;
  }

  /** The checkout window with `subscription_card_change`: a subscription that runs, and what changing its card does. */
  async describeCardChange(subscriptionId: string): Promise<{ amount: number; currency: string; label: string; payable: boolean } | null> {
    const sub = await this.get<SimSubscription>(subscriptionId);
    const plan = sub && (await this.get<SimPlan>(sub.plan_id));
    if (!sub || !plan) return null;
    const due = sub.status === 'pending';
    return {
      amount: due ? plan.item.amount : CARD_CHANGE_AUTH_PAISE,
      currency: plan.item.currency,
      label: due ? `Update card: the due ${plan.item.name} payment is charged to it` : `Update card for ${plan.item.name}`,
      payable: ['active', 'pending', 'halted'].includes(sub.status),
    };
  }

  /**
   * A card change (Checkout's `subscription_card_change`), as Razorpay does it: the new card is authorised; while
   * pending, the due invoice is charged to it at once (subscription.charged); a halted subscription becomes active
   * without its unpaid invoices being charged; an active one only keeps the new card.
   */
  async changeCard(subscriptionId: string, outcome: 'success' | 'failure'): Promise<CheckoutResult | null> {
    const details = await this.describeCardChange(subscriptionId);
    const sub = await this.get<SimSubscription>(subscriptionId);
    if (!details || !sub || !details.payable) return null;
    if (outcome === 'failure') {
      const payment = await this.putPayment({ amount: details.amount, currency: details.currency, status: 'failed', orderId: null, invoiceId: null, error: DECLINED });
      await this.queueWebhook('payment.failed', { payment });
      return {
        ok: false,
        error: { code: 'BAD_REQUEST_ERROR', description: DECLINED, source: 'bank', step: 'payment_authorization', reason: 'payment_failed', metadata: { payment_id: payment.id } },
      };
    }
    let paymentId: string;
    if (sub.status === 'pending') {
      const charged = await this.renew(subscriptionId);
      paymentId = String(charged?._last_payment_id);
    } else {
      // The authorisation of the new card, refunded at once.
      paymentId = (await this.putPayment({ amount: CARD_CHANGE_AUTH_PAISE, currency: details.currency, status: 'refunded', orderId: null, invoiceId: null, error: null })).id;
      if (sub.status === 'halted') {
        const active = await this.put({ ...sub, entity: 'subscription', status: 'active', _renewal_failures: 0 });
        await this.queueWebhook('subscription.activated', { subscription: active });
      }
    }
    return {
      ok: true,
      response: {
        razorpay_payment_id: paymentId,
        razorpay_subscription_id: subscriptionId,
        razorpay_signature: signCheckout(this.secrets.keySecret, { paymentId, subscriptionId }),
      },
    };
  }

  async checkout(ref: { subscriptionId?: string; orderId?: string; outcome: 'success' | 'failure'; email?: string; contact?: string }): Promise<CheckoutResult | null> {
    const details = await this.describeCheckout(ref);
    if (!details) return null;
    const now = new Date();
    if (ref.outcome === 'failure') {
      const invoiceId = ref.subscriptionId ? simId('inv') : null;
      const payment = await this.putPayment({
        amount: details.amount,
        currency: details.currency,
        status: 'failed',
        orderId: ref.orderId ?? null,
        invoiceId,
        email: ref.email,
        contact: ref.contact,
        error: DECLINED,
      });
      if (ref.subscriptionId) await this.putInvoice(invoiceId!, ref.subscriptionId, payment);
      if (ref.orderId) {
        const order = await this.get<SimOrder>(ref.orderId);
        if (order) await this.put({ ...order, entity: 'order', attempts: order.attempts + 1, status: 'attempted' });
      }
      if (ref.subscriptionId) {
        const sub = await this.get<SimSubscription>(ref.subscriptionId);
        if (sub) await this.put({ ...sub, entity: 'subscription', auth_attempts: sub.auth_attempts + 1 });
      }
      await this.queueWebhook('payment.failed', { payment });
      return {
        ok: false,
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: DECLINED,
          source: 'bank',
          step: 'payment_authorization',
          reason: 'payment_failed',
          metadata: { payment_id: payment.id, ...(ref.orderId ? { order_id: ref.orderId } : {}) },
        },
      };
    }
    if (ref.subscriptionId) {
      const sub = (await this.get<SimSubscription>(ref.subscriptionId))!;
      const plan = (await this.get<SimPlan>(sub.plan_id))!;
      const invoiceId = simId('inv');
      const payment = await this.putPayment({
        amount: details.amount,
        currency: details.currency,
        status: 'captured',
        orderId: simId('order'),
        invoiceId,
        email: ref.email,
        contact: ref.contact,
        error: null,
      });
      await this.putInvoice(invoiceId, sub.id, payment);
      const end = addPeriod(now, plan);
      const active = await this.put({
        ...sub,
        entity: 'subscription',
        status: 'active',
        customer_id: sub.customer_id ?? simId('cust'),
        current_start: unix(now),
        current_end: unix(end),
        charge_at: unix(end),
        paid_count: 1,
        remaining_count: sub.total_count - 1,
        auth_attempts: sub.auth_attempts + 1,
        end_at: unix(addPeriod(now, plan, sub.total_count)),
      });
      await this.queueWebhook('subscription.authenticated', { subscription: { ...active, status: 'authenticated' } });
      await this.queueWebhook('payment.captured', { payment });
      await this.queueWebhook('subscription.activated', { subscription: active });
      await this.queueWebhook('subscription.charged', { subscription: active, payment });
      return {
        ok: true,
        response: {
          razorpay_payment_id: payment.id,
          razorpay_subscription_id: sub.id,
          razorpay_signature: signCheckout(this.secrets.keySecret, { paymentId: payment.id, subscriptionId: sub.id }),
        },
      };
    }
    const order = (await this.get<SimOrder>(ref.orderId!))!;
    const payment = await this.putPayment({
      amount: order.amount,
      currency: order.currency,
      status: 'captured',
      orderId: order.id,
      invoiceId: null,
      email: ref.email,
      contact: ref.contact,
      error: null,
    });
    const paid = await this.put({ ...order, entity: 'order', status: 'paid', amount_paid: order.amount, amount_due: 0, attempts: order.attempts + 1 });
    await this.queueWebhook('payment.captured', { payment });
    await this.queueWebhook('order.paid', { payment, order: paid });
    return {
      ok: true,
      response: {
        razorpay_payment_id: payment.id,
        razorpay_order_id: order.id,
        razorpay_signature: signCheckout(this.secrets.keySecret, { paymentId: payment.id, orderId: order.id }),
      },
    };
  }

  // ---- renewals on demand ----

  /**
   * The next cycle's charge, as Razorpay makes it when current_end is reached: a captured payment and a new period
   * (subscription.charged), completion after the last cycle, or the cancellation that was scheduled for the cycle end.
   */
  async renew(id: string): Promise<SimSubscription | null> {
    const sub = await this.get<SimSubscription>(id);
    if (!sub || !['active', 'pending', 'halted'].includes(sub.status) || sub.current_end === null) return null;
    if (sub._cancel_at_cycle_end) {
      const cancelled = await this.put({
        ...sub,
        entity: 'subscription',
        status: 'cancelled',
        ended_at: sub.current_end,
        remaining_count: 0,
        has_scheduled_changes: false,
        change_scheduled_at: null,
      });
      await this.queueWebhook('subscription.cancelled', { subscription: cancelled });
      return cancelled;
    }
    // A plan change scheduled for the cycle end takes effect now: this renewal charges the new plan.
    const scheduled = typeof sub._scheduled_plan_id === 'string' ? sub._scheduled_plan_id : null;
    const planId = scheduled ?? sub.plan_id;
    const plan = (await this.get<SimPlan>(planId))!;
    if (scheduled) {
      const { _scheduled_plan_id: _applied, ...rest } = sub;
      const updated = await this.put({ ...rest, entity: 'subscription', plan_id: planId, has_scheduled_changes: false, change_scheduled_at: null } as SimSubscription & {
        entity: string;
      });
      Object.assign(sub, updated);
      delete sub._scheduled_plan_id;
      await this.queueWebhook('subscription.updated', { subscription: updated });
    }
    const start = fromUnix(sub.current_end);
    const end = addPeriod(start, plan);
    const payment = await this.putPayment({
      amount: plan.item.amount,
      currency: plan.item.currency,
      status: 'captured',
      orderId: simId('order'),
      invoiceId: simId('inv'),
      email: undefined,
      contact: undefined,
      error: null,
    });
    await this.putInvoice(payment.invoice_id!, sub.id, payment);
    const paidCount = sub.paid_count + 1;
    const done = paidCount >= sub.total_count;
    const charged = await this.put({
      ...sub,
      entity: 'subscription',
      status: done ? 'completed' : 'active',
      current_start: unix(start),
      current_end: unix(end),
      charge_at: done ? null : unix(end),
      ended_at: done ? unix(end) : null,
      paid_count: paidCount,
      remaining_count: Math.max(0, sub.total_count - paidCount),
      auth_attempts: 0,
      _renewal_failures: 0,
      _last_payment_id: payment.id,
    });
    await this.queueWebhook('payment.captured', { payment });
    await this.queueWebhook('subscription.charged', { subscription: { ...charged, status: 'active' }, payment });
    if (done) await this.queueWebhook('subscription.completed', { subscription: charged });
    return charged;
  }

  /** A failed renewal charge: pending while Razorpay would retry, halted after the last retry. */
  async failRenewal(id: string): Promise<SimSubscription | null> {
    const sub = await this.get<SimSubscription>(id);
    if (!sub || !['active', 'pending'].includes(sub.status)) return null;
    const plan = (await this.get<SimPlan>(sub.plan_id))!;
    const payment = await this.putPayment({
      amount: plan.item.amount,
      currency: plan.item.currency,
      status: 'failed',
      orderId: simId('order'),
      invoiceId: simId('inv'),
      email: undefined,
      contact: undefined,
      error: DECLINED,
    });
    await this.putInvoice(payment.invoice_id!, sub.id, payment);
    // Failed charges of this renewal (the checkout's own attempt does not count): halted after the last retry.
    const failures = (typeof sub._renewal_failures === 'number' ? sub._renewal_failures : 0) + 1;
    const halted = failures >= MAX_RENEWAL_ATTEMPTS;
    const next = await this.put({
      ...sub,
      entity: 'subscription',
      status: halted ? 'halted' : 'pending',
      auth_attempts: sub.auth_attempts + 1,
      _renewal_failures: failures,
      charge_at: halted ? null : unix(addDays(new Date(), 1)),
    });
    await this.queueWebhook('payment.failed', { payment });
    await this.queueWebhook(halted ? 'subscription.halted' : 'subscription.pending', { subscription: next });
    return next;
  }

  private putInvoice(id: string, subscriptionId: string, payment: SimPayment) {
    return this.put({
      id,
      entity: 'invoice',
      type: 'invoice',
      subscription_id: subscriptionId,
      payment_id: payment.id,
      order_id: payment.order_id,
      status: payment.status === 'captured' ? 'paid' : 'issued',
      amount: payment.amount,
      amount_paid: payment.status === 'captured' ? payment.amount : 0,
      currency: payment.currency,
      created_at: unix(),
    });
  }

  private putPayment(p: {
    amount: number;
    currency: string;
    status: string;
    orderId: string | null;
    invoiceId: string | null;
    email?: string;
    contact?: string;
    error: string | null;
  }): Promise<SimPayment> {
    const failed = p.status === 'failed';
    return this.put({
      id: simId('pay'),
      entity: 'payment',
      amount: p.amount,
      currency: p.currency,
      status: p.status,
      order_id: p.orderId,
      invoice_id: p.invoiceId,
      international: false,
      method: 'card',
      amount_refunded: 0,
      refund_status: null,
      captured: p.status === 'captured',
      description: null,
      card_id: simId('card'),
      bank: null,
      wallet: null,
      vpa: null,
      email: p.email ?? 'customer@example.com',
      contact: p.contact ?? '+919000090000',
      notes: [],
      fee: failed ? null : Math.round(p.amount * 0.02),
      tax: failed ? null : Math.round(p.amount * 0.02 * 0.18),
      error_code: failed ? 'BAD_REQUEST_ERROR' : null,
      error_description: p.error,
      error_source: failed ? 'bank' : null,
      error_step: failed ? 'payment_authorization' : null,
      error_reason: failed ? 'payment_failed' : null,
      acquirer_data: {},
      created_at: unix(),
    });
  }

  // ---- webhooks ----

  /** Queues an event exactly as Razorpay would post it; delivery signs the raw body with the webhook secret. */
  private async queueWebhook(event: string, entities: Record<string, Json>): Promise<void> {
    const payload = Object.fromEntries(Object.entries(entities).map(([k, v]) => [k, { entity: stripInternal(v) }]));
    const body = JSON.stringify({ entity: 'event', account_id: 'acc_Simulator00001', event, contains: Object.keys(entities), payload, created_at: unix() });
    await this.db.insert(razorpaySimWebhooks).values({ id: `evt_${randomUUID().replace(/-/g, '').slice(0, 14)}`, event, body });
  }

  /** The queued webhooks not yet delivered, oldest first (tests replay and reorder them). */
  async pendingWebhooks(): Promise<{ id: string; event: string; body: string; signature: string }[]> {
    const rows = await this.db.select().from(razorpaySimWebhooks).where(isNull(razorpaySimWebhooks.deliveredAt)).orderBy(razorpaySimWebhooks.createdAt);
    return rows.map((r) => ({ id: r.id, event: r.event, body: r.body, signature: hmacHex(this.secrets.webhookSecret, r.body) }));
  }

  /**
   * Posts due webhooks to `url`, each with X-Razorpay-Signature and X-Razorpay-Event-Id; a failed delivery is retried
   * with backoff. Rows are claimed with SKIP LOCKED so that several instances never send one twice at once.
   */
  async deliverDue(url: string, limit = 20): Promise<number> {
    const due = await queryRows<{ id: string; body: string; attempts: number; created_at: string | Date }>(
      this.db,
      sql`update razorpay_sim_webhooks set next_attempt_at = now() + interval '30 seconds'
          where id in (select id from razorpay_sim_webhooks where delivered_at is null and next_attempt_at <= now()
                       order by created_at limit ${limit} for update skip locked)
          returning id, body, attempts, created_at`,
    );
    // Razorpay does not promise order either; oldest first keeps the happy path readable in logs.
    due.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime());
    let delivered = 0;
    for (const hook of due) {
      let okStatus = false;
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-razorpay-signature': hmacHex(this.secrets.webhookSecret, hook.body),
            'x-razorpay-event-id': hook.id,
            'user-agent': 'Razorpay-Webhook/v1 (simulator)',
          },
          body: hook.body,
          signal: AbortSignal.timeout(10_000),
        });
        okStatus = res.ok;
        await res.arrayBuffer().catch(() => undefined);
      } catch {
        okStatus = false;
      }
      if (okStatus) {
        delivered += 1;
        await this.db
          .update(razorpaySimWebhooks)
          .set({ deliveredAt: new Date(), attempts: hook.attempts + 1 })
          .where(eq(razorpaySimWebhooks.id, hook.id));
      } else {
        const backoff = Math.min(3600, 5 * 2 ** hook.attempts);
        await this.db
          .update(razorpaySimWebhooks)
          .set({ attempts: hook.attempts + 1, nextAttemptAt: new Date(Date.now() + backoff * 1000) })
          .where(and(eq(razorpaySimWebhooks.id, hook.id), isNull(razorpaySimWebhooks.deliveredAt)));
      }
    }
    return delivered;
  }

  /** Marks queued webhooks as delivered without sending them (a test that posts them itself). */
  async markDelivered(ids: string[]): Promise<void> {
    for (const id of ids) await this.db.update(razorpaySimWebhooks).set({ deliveredAt: new Date() }).where(eq(razorpaySimWebhooks.id, id));
  }
}

function stripInternal(entity: Json): Json {
  return Object.fromEntries(Object.entries(entity).filter(([k]) => !k.startsWith('_')));
}

/** The end of `cycles` billing periods of a plan from `start`. */
export function addPeriod(start: Date, plan: Pick<SimPlan, 'period' | 'interval'>, cycles = 1): Date {
  const n = plan.interval * cycles;
  switch (plan.period) {
    case 'daily':
      return addDays(start, n);
    case 'weekly':
      return addWeeks(start, n);
    case 'monthly':
      return addMonths(start, n);
    case 'yearly':
      return addYears(start, n);
  }
}
