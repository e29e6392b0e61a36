import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { PaymentGateway, ProviderPayment, ProviderRefund, ProviderSubscription } from '../../adapters/payments/gateway';
import { isValidWebhookSignature } from '../../adapters/payments/signatures';
import type { Tx } from '../../db/client';
import { payments, subscriptions, webhookEvents, type SubscriptionRow } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { AppError, badRequest } from '../../lib/errors';
import { applyProviderPlan } from './apply-plan-change';
import { applyProviderRefund } from './apply-refund';
import { fromUnix } from './period';
import { lockSubscription, recordFailedPayment, recordSuccessfulPayment, type PaymentEffects } from './record-payment';
import { noteRenewalFailure } from './renewal-notice';
import { runProviderCancellations } from './provider-cancellations';
import { syncUserPlan } from './sync-user-plan';

type WebhookBody = {
  event: string;
  created_at: number;
  payload: {
    subscription?: { entity: ProviderSubscription };
    payment?: { entity: ProviderPayment };
    order?: { entity: { id: string } };
    refund?: { entity: ProviderRefund };
  };
};

export type WebhookOutcome = 'processed' | 'duplicate';

/**
 * POST /webhooks/razorpay: the signature checked on the raw body; each event id stored once, in the transaction that
 * applies it, so a repeated delivery changes nothing and a failed one is retried by Razorpay.
 */
export async function handleWebhook(ctx: Pick<AppContext, 'db' | 'config' | 'payments'>, rawBody: Buffer, signature: string | undefined, eventIdHeader: string | undefined): Promise<WebhookOutcome> {
  const gateway = ctx.payments;
  if (!gateway.webhookSecret) throw new AppError('SERVICE_UNAVAILABLE', 'Webhooks are not configured (RAZORPAY_WEBHOOK_SECRET).');
  if (!signature || !isValidWebhookSignature(gateway.webhookSecret, rawBody, signature)) throw badRequest('Invalid webhook signature', 'INVALID_SIGNATURE');
  let body: WebhookBody;
  try {
    body = JSON.parse(rawBody.toString('utf8')) as WebhookBody;
  } catch {
    throw badRequest('The webhook body is not valid JSON');
  }
  const eventId = eventIdHeader?.slice(0, 100) || `body_${sha256(rawBody.toString('utf8'))}`;

  // Provider lookups happen before the transaction: no network call while rows are locked.
  const failedSubscriptionId = body.event === 'payment.failed' ? await subscriptionOfFailedPayment(gateway, body.payload.payment?.entity) : null;

  const effects: PaymentEffects = { cancellations: false };
  const outcome = await ctx.db.transaction(async (tx): Promise<WebhookOutcome> => {
    const inserted = await tx.insert(webhookEvents).values({ id: eventId, event: body.event, payload: body }).onConflictDoNothing().returning({ id: webhookEvents.id });
    if (inserted.length === 0) return 'duplicate';
    await apply(tx, ctx, body, failedSubscriptionId, effects);
    await tx.update(webhookEvents).set({ processedAt: new Date() }).where(eq(webhookEvents.id, eventId));
    return 'processed';
  });
  // A payment that replaced a subscription queued its cancellation at Razorpay: tried at once, retried by the job.
  if (effects.cancellations) await runProviderCancellations(ctx).catch(() => undefined);
  return outcome;
}

async function subscriptionOfFailedPayment(gateway: PaymentGateway, payment: ProviderPayment | undefined): Promise<string | null> {
  if (!payment?.invoice_id) return null;
  try {
    return (await gateway.fetchInvoice(payment.invoice_id)).subscription_id;
  } catch {
    return null;
  }
}

async function apply(tx: Tx, ctx: Pick<AppContext, 'config'>, body: WebhookBody, failedSubscriptionId: string | null, effects: PaymentEffects): Promise<void> {
  const subEntity = body.payload.subscription?.entity;
  const payment = body.payload.payment?.entity;

  // A refund, ours or made in Razorpay's dashboard: applied once by its refund id (decision 082). A full refund's
  // cancellation at Razorpay is queued in this transaction and made by the cancellation job.
  if (body.event.startsWith('refund.') && body.payload.refund) {
    await applyProviderRefund(tx, ctx.config, body.payload.refund.entity, { cancelAtProvider: [] });
    return;
  }

  if (body.event.startsWith('subscription.') && subEntity) {
    let sub = await lockSubscription(tx, { razorpaySubscriptionId: subEntity.id });
    if (!sub) return;
    const at = fromUnix(body.created_at) ?? new Date();
    const stale = sub.providerEventAt !== null && at < sub.providerEventAt;
    // The plan first: a renewal after a scheduled change is charged, and receipted, at the new plan.
    if (!stale) sub = await applyProviderPlan(tx, sub, subEntity.plan_id);
    if (payment && body.event === 'subscription.charged') await recordSuccessfulPayment(tx, ctx.config, sub, payment, subEntity, effects);
    await applySubscriptionState(tx, (await lockSubscription(tx, { id: sub.id }))!, subEntity, body.created_at);
    if (!stale && (body.event === 'subscription.pending' || body.event === 'subscription.halted') && subEntity.status === body.event.slice('subscription.'.length)) {
      await noteRenewalFailure(tx, ctx.config, (await lockSubscription(tx, { id: sub.id }))!, subEntity.status as 'pending' | 'halted', at);
    }
    return;
  }
  if ((body.event === 'payment.captured' || body.event === 'order.paid') && payment) {
    const orderId = body.payload.order?.entity.id ?? payment.order_id;
    // One of our orders, else (a subscription's charge) the subscription of the payment we recorded, if we did: either
    // way recordSuccessfulPayment is the one path that makes a recorded payment captured, with its tax invoice.
    let sub = orderId ? await lockSubscription(tx, { razorpayOrderId: orderId }) : null;
    if (!sub) {
      const [known] = await tx.select({ subscriptionId: payments.subscriptionId }).from(payments).where(eq(payments.razorpayPaymentId, payment.id));
      if (known?.subscriptionId) sub = await lockSubscription(tx, { id: known.subscriptionId });
    }
    if (sub) await recordSuccessfulPayment(tx, ctx.config, sub, payment, null, effects);
    return;
  }
  if (body.event === 'payment.failed' && payment) {
    const sub = payment.order_id ? await lockSubscription(tx, { razorpayOrderId: payment.order_id }) : null;
    const target = sub ?? (failedSubscriptionId ? await lockSubscription(tx, { razorpaySubscriptionId: failedSubscriptionId }) : null);
    if (target) await recordFailedPayment(tx, target, payment);
  }
}

/**
 * Moves the status as the event says, unless a later event was already applied (deliveries come in any order);
 * the period only ever moves forward. A subscription whose account was deleted only ever ends: no event revives
 * or extends it.
 */
async function applySubscriptionState(tx: Tx, sub: SubscriptionRow, entity: ProviderSubscription, eventAt: number): Promise<void> {
  const at = fromUnix(eventAt) ?? new Date();
  const stale = sub.providerEventAt !== null && at < sub.providerEventAt;
  const orphaned = sub.userId === null;
  const wanted = nextStatus(entity, sub);
  const next = orphaned && wanted !== 'cancelled' && wanted !== 'completed' ? null : wanted;
  const end = fromUnix(entity.current_end);
  // The period moves only with a paid cycle (decision 085): a recorded payment moves it (recordSuccessfulPayment, from
  // verification or subscription.charged); an event moves it only at the first activation. So a failed renewal
  // (pending, halted), a card change that makes a halted subscription active without charging it, a cancellation
  // (decision 081) or any later event never lengthens access, whatever cycle Razorpay's entity names.
  const firstActivation = sub.status === 'created' || sub.status === 'authenticated';
  const moves = firstActivation && !orphaned && !sub.replacedById && end !== null && (!sub.currentEnd || end > sub.currentEnd);
  const set: Partial<SubscriptionRow> = { updatedAt: new Date() };
  if (!stale && next) {
    set.status = next;
    set.providerEventAt = at;
    // Back to active (a retry went through, or the card was changed): the failed renewal is over.
    if (next === 'active') {
      set.renewalNotice = null;
      set.renewalFailedAt = null;
    }
    if (next === 'cancelled' && !sub.cancelledAt) set.cancelledAt = at;
  }
  if (moves) {
    set.currentStart = fromUnix(entity.current_start) ?? sub.currentStart;
    set.currentEnd = end;
  }
  await tx.update(subscriptions).set(set).where(eq(subscriptions.id, sub.id));
  if (sub.userId) await syncUserPlan(tx, sub.userId);
}

/**
 * A status never goes back to 'created' (or from later states to 'authenticated'), a finished subscription (cancelled,
 * completed) stays finished, and halted or expired becomes active only through a recorded charge.
 */
function nextStatus(entity: ProviderSubscription, sub: SubscriptionRow): SubscriptionRow['status'] | null {
  const wanted = entity.status === 'created' ? null : entity.status;
  if (!wanted) return null;
  // 'authenticated' is only the step after 'created'. Razorpay stamps it and 'activated' in the same second and
  // may deliver them in any order, so a late 'authenticated' must not undo an activation.
  if (wanted === 'authenticated' && sub.status !== 'created') return null;
  if ((sub.status === 'cancelled' || sub.status === 'completed') && !['cancelled', 'completed'].includes(wanted)) return null;
  // Halted or expired comes back to active only with a recorded charge (recordSuccessfulPayment), never by an event:
  // Razorpay activates a halted subscription after a card change without charging its unpaid invoice (decision 085).
  if (sub.status === 'expired') return null;
  if (sub.status === 'halted' && wanted === 'active') return null;
  // A subscription replaced by another purchase only ever ends (decision 085).
  if (sub.replacedById && wanted !== 'cancelled' && wanted !== 'completed') return null;
  return wanted;
}
