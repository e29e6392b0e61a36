import { bigint, boolean, integer, json, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TaxDocument } from './refunds';
import { SUBSCRIPTION_STATUSES, type EndReason } from '#shared/constants';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const plans = pgTable('plans', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  amountPaise: integer('amount_paise').notNull(),
  currency: text('currency').notNull().default('INR'),
  interval: text('interval', { enum: ['week', 'month', 'year', 'lifetime'] }).notNull(),
  description: text('description').notNull().default(''),
  features: json('features').$type<Record<string, boolean>>().notNull().default({}),
  popular: boolean('popular').notNull().default(false),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  /** How many devices of the desktop program the plan allows at once (0190, decision 184). */
  deviceLimit: integer('device_limit').notNull().default(1),
  razorpayPlanId: text('razorpay_plan_id'),
  /** The Razorpay key id razorpayPlanId belongs to (0020). */
  razorpayPlanKeyId: text('razorpay_plan_key_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export type BillingDetails = {
  firstName: string;
  lastName: string;
  email: string;
  company?: string | null;
  country: string;
  address: string;
  city: string;
  zipCode: string;
  phone?: string | null;
  /** India: the GST state code of the buyer's state (place of supply); a business buyer's GSTIN (decision 083). */
  state?: string | null;
  gstin?: string | null;
};

export const subscriptions = pgTable('subscriptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  planId: uuid('plan_id')
    .notNull()
    .references(() => plans.id),
  planCode: text('plan_code').notNull(),
  planName: text('plan_name').notNull(),
  /** order: the lifetime plan, paid once; complimentary: a period an admin granted, no payment (0121, decision 081). */
  kind: text('kind', { enum: ['subscription', 'order', 'complimentary'] }).notNull(),
  status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('created'),
  razorpaySubscriptionId: text('razorpay_subscription_id').unique(),
  razorpayOrderId: text('razorpay_order_id').unique(),
  currentStart: ts('current_start'),
  currentEnd: ts('current_end'),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  cancelledAt: ts('cancelled_at'),
  cancellationReason: text('cancellation_reason'),
  amountPaise: integer('amount_paise').notNull(),
  currency: text('currency').notNull().default('INR'),
  interval: text('interval').notNull(),
  billing: jsonb('billing').$type<BillingDetails | null>(),
  /** Provider time of the last status event applied (0020): older events delivered late are ignored. */
  providerEventAt: ts('provider_event_at'),
  /** The failed-renewal state last mailed about ('pending' | 'halted') and when the failures began (0140, decision 085). */
  renewalNotice: text('renewal_notice', { enum: ['pending', 'halted'] }),
  renewalFailedAt: ts('renewal_failed_at'),
  /** A plan change scheduled at Razorpay for the end of the cycle (0140, decision 086). */
  scheduledPlanId: uuid('scheduled_plan_id').references(() => plans.id),
  scheduledChangeAt: ts('scheduled_change_at'),
  /** One paid plan at a time: the subscription this purchase replaces, the one that replaced this, the credit given (0140). */
  replacesId: uuid('replaces_id'),
  replacedById: uuid('replaced_by_id'),
  creditPaise: integer('credit_paise').notNull().default(0),
  /** Why it ended or was set to end, and when that was decided (0164, decision 122): the overview counts churn by it. */
  endReason: text('end_reason').$type<EndReason>(),
  endReasonAt: ts('end_reason_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const payments = pgTable('payments', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
  razorpayPaymentId: text('razorpay_payment_id').notNull().unique(),
  razorpayOrderId: text('razorpay_order_id'),
  razorpayInvoiceId: text('razorpay_invoice_id'),
  amountPaise: integer('amount_paise').notNull(),
  amountPaidPaise: integer('amount_paid_paise').notNull().default(0),
  currency: text('currency').notNull().default('INR'),
  status: text('status').notNull(),
  description: text('description').notNull().default(''),
  method: text('method'),
  errorDescription: text('error_description'),
  receiptNumber: bigint('receipt_number', { mode: 'number' }).unique(),
  /** The GST tax invoice's number and what it said, while the seller is registered (0130, decision 083). */
  invoiceNumber: text('invoice_number').unique(),
  taxDocument: jsonb('tax_document').$type<TaxDocument | null>(),
  buyerName: text('buyer_name'),
  buyerEmail: text('buyer_email'),
  billing: jsonb('billing').$type<BillingDetails | null>(),
  periodStart: ts('period_start'),
  periodEnd: ts('period_end'),
  /** Why a successful payment started no plan (0163, decision 110); null when it applied. Its refund is held by itself. */
  notApplied: text('not_applied', { enum: ['checkout_replaced', 'duplicate_purchase', 'credit_lapsed', 'account_deleted'] }),
  paidAt: ts('paid_at').notNull().defaultNow(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  event: text('event').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
  processedAt: ts('processed_at'),
});

/**
 * A subscription of a deleted account still to be cancelled at Razorpay (0080, decision 063): tried at once after the
 * deletion, then by a periodic job with backoff until Razorpay accepts; the row goes when it did.
 */
export const providerCancellations = pgTable('provider_cancellations', {
  id: uuid('id').primaryKey().defaultRandom(),
  subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
  razorpaySubscriptionId: text('razorpay_subscription_id').notNull().unique(),
  reason: text('reason').notNull(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
  lockedUntil: ts('locked_until'),
  lastError: text('last_error'),
  lastAttemptAt: ts('last_attempt_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** The Razorpay simulator's entities and pending webhooks (0020); used only while payments are embedded. */
export const razorpaySimEntities = pgTable('razorpay_sim_entities', {
  id: text('id').primaryKey(),
  entity: text('entity').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const razorpaySimWebhooks = pgTable('razorpay_sim_webhooks', {
  id: text('id').primaryKey(),
  event: text('event').notNull(),
  body: text('body').notNull(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
  deliveredAt: ts('delivered_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export type PlanRow = typeof plans.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
