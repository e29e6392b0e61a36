import { and, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { LIVE_SUBSCRIPTION_STATUSES } from '#shared/constants';
import type { BillingForm, CheckoutDto, CreateSubscriptionInput, SubscriptionDto } from '#shared/schemas/billing';
import { createSubscriptionSchema } from '#shared/schemas/billing';
import { site } from '#shared/site';
import type { AppContext } from '#server/context';
import type { PaymentGateway } from '#server/adapters/payments/gateway';
import { plans, subscriptions, type PlanRow, type SubscriptionRow, type UserRow } from '#server/db/schema';
import { AppError, conflict, notFound } from '#server/lib/errors';
import { RECURRING_CYCLES } from '../subscriptions/period';
import { findActivePlan } from '../plans/plans';
import { toSubscriptionDto } from '../subscriptions/subscription-dto';

const note = (v: string | undefined | null) => (v ?? '').slice(0, 256);

/** Why an unpaid checkout closed: the same account opened another (decision 110). A payment made in it all the same is refunded. */
export const CHECKOUT_REPLACED_REASON = 'Replaced by a newer checkout before it was paid';

/** Whether the user has a subscription that is live and not past its end ('You already have an active subscription.'). */
export async function hasLiveSubscription(ctx: Pick<AppContext, 'db'>, userId: string, now = new Date()): Promise<boolean> {
  const rows = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES]),
        or(isNull(subscriptions.currentEnd), gt(subscriptions.currentEnd, now)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * POST /subscriptions: a Razorpay Subscription for a recurring plan (its Razorpay plan made on first use), or an Order
 * for the lifetime plan, and our row in status 'created' until the payment is verified.
 */
export async function startCheckout(
  ctx: Pick<AppContext, 'db' | 'payments'>,
  user: UserRow,
  raw: CreateSubscriptionInput,
): Promise<{ subscription: SubscriptionDto; checkout: CheckoutDto }> {
  const gateway = ctx.payments;
  const input = createSubscriptionSchema.parse(raw);
  const plan = await findActivePlan(ctx.db, input.planId);
  if (!plan || (input.planName && input.planName !== plan.code)) throw notFound('PLAN_UNAVAILABLE');
  if (await hasLiveSubscription(ctx, user.id)) throw conflict('ALREADY_SUBSCRIBED');

  const billing = keptBilling(input.billing);
  const notes: Record<string, string> = {
    user_id: user.id,
    plan_code: plan.code,
    email: note(billing?.email ?? user.email),
    address: note(billing?.address),
    city: note(billing?.city),
    country: note(billing?.country),
    zipCode: note(billing?.zipCode),
  };

  let razorpaySubscriptionId: string | null = null;
  let razorpayOrderId: string | null = null;
  if (plan.interval === 'lifetime') {
    const order = await gateway.createOrder({ amountPaise: plan.amountPaise, currency: plan.currency, receipt: orderReceipt(plan), notes });
    razorpayOrderId = order.id;
  } else {
    const providerPlanId = await ensureProviderPlan(ctx, gateway, plan);
    // The spec's (R-7.3) client sends totalCount 1; autopay runs until cancelled, so the cycle count is the server's (decision 020).
    const created = await gateway.createSubscription({ planId: providerPlanId, totalCount: RECURRING_CYCLES[plan.interval], notes });
    razorpaySubscriptionId = created.id;
  }

  return recordCheckout(ctx, gateway, {
    userId: user.id,
    plan,
    razorpaySubscriptionId,
    razorpayOrderId,
    amountPaise: plan.amountPaise,
    billing,
    description: plan.name,
  });
}

/** The billing form as kept with the subscription: optional fields left empty are null. */
export function keptBilling(form: BillingForm | undefined): SubscriptionRow['billing'] {
  return form ? { ...form, company: form.company || null, state: form.state || null, gstin: form.gstin || null } : null;
}

/** The receipt field of a Razorpay order: the plan code and the time, within Razorpay's 40 characters. */
export const orderReceipt = (plan: PlanRow) => `${plan.code}-${Date.now().toString(36)}`.slice(0, 40);

/**
 * Our row of a checkout opened at Razorpay (a Subscription, or an Order for the lifetime plan), in status 'created'
 * until the payment is verified, and what the browser's checkout needs. A plan change to lifetime names the
 * subscription it replaces and the credit taken off its price.
 *
 * One open checkout per account (decision 110): the new one replaces any the account opened before and has not paid
 * (replaced_by_id), so at most one purchase can start a plan. Razorpay cannot be stopped from taking a payment in the
 * old window (an order cannot be cancelled, a created subscription neither), so a payment that still arrives there
 * starts nothing and is refunded by itself (record-payment.ts, automatic-refunds.ts). Checkouts of one account are
 * made one after the other (a transaction lock on the account), so two opened at the same moment leave one open.
 */
export async function recordCheckout(
  ctx: Pick<AppContext, 'db'>,
  gateway: PaymentGateway,
  input: {
    userId: string;
    plan: PlanRow;
    razorpaySubscriptionId: string | null;
    razorpayOrderId: string | null;
    amountPaise: number;
    billing: SubscriptionRow['billing'];
    description: string;
    replaces?: { id: string; creditPaise: number };
  },
): Promise<{ subscription: SubscriptionDto; checkout: CheckoutDto }> {
  const { plan } = input;
  const row = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`checkout:${input.userId}`}))`);
    const [made] = await tx
      .insert(subscriptions)
      .values({
        userId: input.userId,
        planId: plan.id,
        planCode: plan.code,
        planName: plan.name,
        kind: input.razorpaySubscriptionId ? 'subscription' : 'order',
        status: 'created',
        razorpaySubscriptionId: input.razorpaySubscriptionId,
        razorpayOrderId: input.razorpayOrderId,
        amountPaise: input.amountPaise,
        currency: plan.currency,
        interval: plan.interval,
        billing: input.billing,
        replacesId: input.replaces?.id ?? null,
        creditPaise: input.replaces?.creditPaise ?? 0,
      })
      .returning();
    const now = new Date();
    await tx
      .update(subscriptions)
      .set({ replacedById: made!.id, cancelledAt: now, cancellationReason: CHECKOUT_REPLACED_REASON, updatedAt: now })
      .where(and(eq(subscriptions.userId, input.userId), eq(subscriptions.status, 'created'), isNull(subscriptions.replacedById), ne(subscriptions.id, made!.id)));
    return made!;
  });
  return {
    subscription: toSubscriptionDto(row),
    checkout: {
      key: gateway.keyId,
      subscriptionId: input.razorpaySubscriptionId,
      orderId: input.razorpayOrderId,
      amount: input.amountPaise,
      currency: plan.currency,
      name: site.productName,
      description: input.description,
    },
  };
}

/** The Razorpay plan of a recurring plan, created on first use and kept; two first uses at once keep the first id. */
export async function ensureProviderPlan(ctx: Pick<AppContext, 'db'>, gateway: PaymentGateway, plan: typeof plans.$inferSelect): Promise<string> {
  if (plan.razorpayPlanId && plan.razorpayPlanKeyId === gateway.keyId) return plan.razorpayPlanId;
  if (plan.interval === 'lifetime') throw new AppError('INTERNAL_ERROR', 'INTERNAL_ERROR');
  const created = await gateway.createPlan({
    code: plan.code,
    name: plan.name,
    description: plan.description,
    amountPaise: plan.amountPaise,
    currency: plan.currency,
    interval: plan.interval,
  });
  const stale = or(isNull(plans.razorpayPlanId), isNull(plans.razorpayPlanKeyId), ne(plans.razorpayPlanKeyId, gateway.keyId));
  await ctx.db
    .update(plans)
    .set({ razorpayPlanId: created.id, razorpayPlanKeyId: gateway.keyId })
    .where(and(eq(plans.id, plan.id), stale));
  const [kept] = await ctx.db.select({ id: plans.razorpayPlanId }).from(plans).where(eq(plans.id, plan.id));
  return kept.id ?? created.id;
}
