import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import type { PaymentGateway, ProviderPayment } from '#server/adapters/payments/gateway';
import { parseWebhookBody, type WebhookBody } from '#server/adapters/payments/webhook-body';
import { isValidWebhookSignature } from '#server/adapters/payments/signatures';
import type { Tx } from '#server/db/client';
import { payments, webhookEvents } from '#server/db/schema';
import { sha256 } from '#server/lib/crypto';
import { AppError, badRequest } from '#server/lib/errors';
import { applyProviderPlan } from '../plans/apply-plan-change';
import { applyProviderRefund } from '../refunds/apply-refund';
import { fromUnix } from '../subscriptions/period';
import { lockSubscription, recordFailedPayment, recordSuccessfulPayment, type PaymentEffects } from './record-payment';
import { afterPaymentCommit } from '../refunds/automatic-refunds';
import { applyTransition } from '../subscriptions/apply-transition';
import { entitlementChanged } from '../subscriptions/entitlement-changed';
import { providerEvent } from '../subscriptions/lifecycle';

export type WebhookOutcome = 'processed' | 'duplicate';

/**
 * POST /webhooks/razorpay: the signature checked on the raw body; each event id stored once, in the transaction that
 * applies it, so a repeated delivery changes nothing and a failed one is retried by Razorpay.
 */
export async function handleWebhook(
  ctx: Pick<AppContext, 'db' | 'config' | 'payments'>,
  rawBody: Buffer,
  signature: string | undefined,
  eventIdHeader: string | undefined,
): Promise<WebhookOutcome> {
  const gateway = ctx.payments;
  if (!gateway.webhookSecret) throw new AppError('SERVICE_UNAVAILABLE', 'WEBHOOKS_NOT_CONFIGURED');
  if (!signature || !isValidWebhookSignature(gateway.webhookSecret, rawBody, signature)) throw badRequest('INVALID_SIGNATURE');
  let raw: unknown;
  try {
    raw = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw badRequest('INVALID_WEBHOOK_BODY');
  }
  // Signed, yet not an event we can read ([1,2], null, no payload): refused before anything is stored.
  const parsed = parseWebhookBody(raw);
  if (!parsed.ok) throw badRequest('INVALID_WEBHOOK_BODY', { message: `The webhook body is not a Razorpay event (${parsed.problem.slice(0, 200)})` });
  const body = parsed.body;
  const eventId = eventIdHeader?.slice(0, 100) || `body_${sha256(rawBody.toString('utf8'))}`;

  // Provider lookups happen before the transaction: no network call while rows are locked.
  const failedSubscriptionId = body.event === 'payment.failed' ? await subscriptionOfFailedPayment(gateway, body.payload.payment?.entity) : null;

  const effects: PaymentEffects = { cancellations: false, refunds: [] };
  const outcome = await ctx.db.transaction(async (tx): Promise<WebhookOutcome> => {
    const inserted = await tx.insert(webhookEvents).values({ id: eventId, event: body.event, payload: body }).onConflictDoNothing().returning({ id: webhookEvents.id });
    if (inserted.length === 0) return 'duplicate';
    await apply(tx, ctx, body, failedSubscriptionId, effects);
    await tx.update(webhookEvents).set({ processedAt: new Date() }).where(eq(webhookEvents.id, eventId));
    return 'processed';
  });
  // A payment that replaced a subscription queued its cancellation at Razorpay, one that bought nothing its refund
  // (decision 110): both tried at once, retried by their jobs.
  await afterPaymentCommit(ctx, effects);
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
    // Then the status Razorpay reports, as the lifecycle moves it (deliveries come in any order: a stale one moves nothing).
    const event = providerEvent(subEntity.status, at, { start: fromUnix(subEntity.current_start), end: fromUnix(subEntity.current_end) }, body.event);
    const locked = (await lockSubscription(tx, { id: sub.id }))!;
    if (event) await applyTransition(tx, locked, event, { config: ctx.config });
    else if (locked.userId) await entitlementChanged(tx, locked.userId);
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
