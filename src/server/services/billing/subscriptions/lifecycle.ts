import { CHARGEABLE_SUBSCRIPTION_STATUSES, FINISHED_SUBSCRIPTION_STATUSES, LIVE_SUBSCRIPTION_STATUSES, statusIn, type SubscriptionStatus } from '#shared/constants';
import type { ProviderCancellationReason } from '#shared/schemas/billing';
import type { PlanRow, SubscriptionRow } from '#server/db/schema';
import type { NotAppliedReason } from '../refunds/automatic-refunds';
import { CREDIT_LAPSED_REASON } from '../plans/plan-change-credit';
import { grantsAccess } from './entitlement-rules';

/**
 * The subscription lifecycle (decision 160): what happens to a subscription when something happens to it, decided in
 * one pure function. `transition(subscription, event)` answers the subscription as it is after the event (`next`) and
 * what must follow (`effects`); the callers (checkout verification and webhooks through recordSuccessfulPayment, the
 * webhook's status events, cancellations, refunds, the expiry job) read the row under its lock, write what changed and
 * carry out the effects in the same transaction. No database, no network, no clock: every time is in the event.
 */

/** The columns of a subscription the lifecycle reads and moves. */
export type LifecycleSubscription = Pick<
  SubscriptionRow,
  | 'id'
  | 'userId'
  | 'kind'
  | 'status'
  | 'planId'
  | 'planCode'
  | 'planName'
  | 'amountPaise'
  | 'currency'
  | 'interval'
  | 'razorpaySubscriptionId'
  | 'currentStart'
  | 'currentEnd'
  | 'cancelAtPeriodEnd'
  | 'cancelledAt'
  | 'cancellationReason'
  | 'endReason'
  | 'endReasonAt'
  | 'providerEventAt'
  | 'renewalNotice'
  | 'renewalFailedAt'
  | 'scheduledPlanId'
  | 'scheduledChangeAt'
  | 'replacesId'
  | 'replacedById'
>;

/** The period an event names: Razorpay's cycle, or the one a payment bought. */
type Period = { start: Date | null; end: Date | null };

export type SubscriptionEvent =
  /** Razorpay: the mandate was given, nothing charged yet (subscription.authenticated). */
  | { type: 'authenticated'; at: Date; period: Period }
  /** Razorpay: the subscription is active (subscription.activated, or active again after a retry or a card change). */
  | { type: 'activated'; at: Date; period: Period }
  /** Razorpay: a renewal charge failed and will be retried (status pending); `notify` when the event is subscription.pending itself. */
  | { type: 'renewal_failed'; at: Date; period: Period; notify: boolean }
  /** Razorpay stopped retrying the renewal (status halted); `notify` when the event is subscription.halted itself. */
  | { type: 'halted'; at: Date; period: Period; notify: boolean }
  /** Razorpay cancelled it (our cancellation taking effect, or the customer revoked the mandate). */
  | { type: 'cancelled_at_provider'; at: Date; period: Period }
  /** Razorpay charged every cycle (status completed). */
  | { type: 'completed'; at: Date; period: Period }
  /** Razorpay says it expired. */
  | { type: 'expired_at_provider'; at: Date; period: Period }
  /**
   * A successful payment was recorded (the first one or a renewal): it starts or extends the plan, unless it bought
   * nothing: the account is gone, the checkout was replaced, another paid plan holds the account (`heldBy`), or the
   * plan-change credit it was priced with lapsed (`creditStands` false).
   */
  | { type: 'paid'; at: Date; paidAt: Date; period: Period; heldBy: string | null; creditStands: boolean }
  /** Another purchase of the account started a plan: this one makes way (decision 085). */
  | { type: 'replaced'; at: Date; paidAt: Date; by: { id: string; planName: string } }
  /** The customer (or an admin for them) turned autopay off: access runs to the end of the period. */
  | { type: 'cancelled_at_period_end'; at: Date; reason: string | null; byAdmin: boolean }
  /** An admin ended it now: access ends at once (decision 081). */
  | { type: 'cancelled_now'; at: Date; reason: string | null }
  /** The payment that bought the current period was refunded in full: access ends now (decision 082). */
  | { type: 'refunded'; at: Date }
  /** The period ran out here (the expiry job). */
  | { type: 'expired'; at: Date }
  /** Razorpay moved it to another plan (a scheduled change took effect, or one made in Razorpay's dashboard). */
  | { type: 'plan_changed'; at: Date; plan: Pick<PlanRow, 'id' | 'code' | 'name' | 'amountPaise' | 'currency' | 'interval'> };

export type SubscriptionEffect =
  /** The account's access may have changed: entitlementChanged(userId). */
  | { type: 'entitlement_changed'; userId: string }
  /** Cancel it at Razorpay (queued in the transaction; `now`: also tried right after commit). */
  | { type: 'cancel_at_provider'; reason: ProviderCancellationReason; now: boolean }
  /** The payment bought nothing: refunded by itself (decision 110). */
  | { type: 'refund_payment'; reason: NotAppliedReason }
  /** Other subscriptions of the account that make way for this one: each gets the 'replaced' event. */
  | { type: 'replace_others' }
  /** The receipt of the payment (its document drawn after commit) and its mail. */
  | { type: 'receipt' }
  /** The failed renewal is told to the customer, once per state (decision 085). */
  | { type: 'renewal_failure_mail'; state: 'pending' | 'halted' };

export type Transition<S extends LifecycleSubscription> = { next: S; effects: SubscriptionEffect[] };

/** Statuses of a subscription that still charges or retries a charge: holding one is holding a paid plan. */
const CHARGING = LIVE_SUBSCRIPTION_STATUSES;

/** The status Razorpay's event sets, by event type. */
const PROVIDER_STATUS = {
  authenticated: 'authenticated',
  activated: 'active',
  renewal_failed: 'pending',
  halted: 'halted',
  cancelled_at_provider: 'cancelled',
  completed: 'completed',
  expired_at_provider: 'expired',
} as const satisfies Record<string, SubscriptionStatus>;
type ProviderEvent = Extract<SubscriptionEvent, { type: keyof typeof PROVIDER_STATUS }>;

/** Razorpay's subscription status as an event of the lifecycle; null for one that moves nothing ('created', or a status we do not know). */
export function providerEvent(status: string, at: Date, period: Period, eventName: string): ProviderEvent | null {
  const type = (Object.keys(PROVIDER_STATUS) as ProviderEvent['type'][]).find((t) => PROVIDER_STATUS[t] === status);
  if (!type) return null;
  if (type === 'renewal_failed' || type === 'halted') return { type, at, period, notify: eventName === `subscription.${status}` };
  return { type, at, period };
}

const cancel = (sub: LifecycleSubscription, reason: ProviderCancellationReason, now: boolean): SubscriptionEffect[] =>
  sub.kind === 'subscription' && sub.razorpaySubscriptionId ? [{ type: 'cancel_at_provider', reason, now }] : [];
const entitlement = (sub: LifecycleSubscription): SubscriptionEffect[] => (sub.userId ? [{ type: 'entitlement_changed', userId: sub.userId }] : []);

/** What happens to `sub` when `event` happens. Pure: the same subscription and event always give the same answer. */
export function transition<S extends LifecycleSubscription>(sub: S, event: SubscriptionEvent): Transition<S> {
  const same: Transition<S> = { next: sub, effects: [] };
  switch (event.type) {
    case 'authenticated':
    case 'activated':
    case 'renewal_failed':
    case 'halted':
    case 'cancelled_at_provider':
    case 'completed':
    case 'expired_at_provider':
      return providerStatus(sub, event);
    case 'paid':
      return paid(sub, event);
    case 'replaced': {
      if (sub.replacedById) return same;
      const next: S = {
        ...sub,
        status: sub.status === 'completed' ? 'completed' : 'cancelled',
        replacedById: event.by.id,
        cancelledAt: sub.cancelledAt ?? event.at,
        cancellationReason: sub.cancellationReason ?? `Replaced by ${event.by.planName}`,
        // Not churn: the customer stays, on the plan that replaced this one (decision 122).
        endReason: 'replaced',
        endReasonAt: event.at,
        currentEnd: sub.currentEnd && sub.currentEnd > event.paidAt ? event.paidAt : sub.currentEnd,
        renewalNotice: null,
        scheduledPlanId: null,
        scheduledChangeAt: null,
      };
      return { next, effects: statusIn(FINISHED_SUBSCRIPTION_STATUSES, sub.status) ? [] : cancel(sub, 'replaced', true) };
    }
    case 'cancelled_at_period_end':
      return {
        next: {
          ...sub,
          cancelAtPeriodEnd: true,
          cancelledAt: sub.cancelledAt ?? event.at,
          cancellationReason: event.reason,
          endReason: event.byAdmin ? 'admin_ended' : 'customer_cancelled',
          endReasonAt: event.at,
        },
        effects: entitlement(sub),
      };
    case 'cancelled_now':
      // Ended now, the plan has no period end left to cancel at: it reads as ended everywhere, not as 'Cancelling'.
      return {
        next: {
          ...sub,
          status: 'cancelled',
          cancelAtPeriodEnd: false,
          cancelledAt: sub.cancelledAt ?? event.at,
          cancellationReason: event.reason,
          endReason: 'admin_ended',
          endReasonAt: event.at,
          scheduledPlanId: null,
          scheduledChangeAt: null,
          currentEnd: !sub.currentEnd || sub.currentEnd > event.at ? event.at : sub.currentEnd,
        },
        effects: entitlement(sub),
      };
    case 'refunded':
      return {
        next: {
          ...sub,
          status: 'cancelled',
          cancelledAt: sub.cancelledAt ?? event.at,
          cancellationReason: 'refunded',
          endReason: 'refunded',
          endReasonAt: event.at,
          cancelAtPeriodEnd: false,
          currentEnd: event.at,
        },
        // Razorpay must never charge it again; one it already ended needs no call.
        effects: [...(statusIn([...FINISHED_SUBSCRIPTION_STATUSES, 'expired'], sub.status) ? [] : cancel(sub, 'refunded', true)), ...entitlement(sub)],
      };
    case 'expired': {
      // A recurring plan that runs out without a reason recorded ran out because its renewal was not paid: churn by
      // failed payment (decision 122); a complimentary period simply ended.
      const reason = sub.kind === 'complimentary' ? 'complimentary_ended' : sub.kind === 'subscription' ? 'payment_failed' : null;
      return { next: { ...sub, status: 'expired', endReason: sub.endReason ?? reason, endReasonAt: sub.endReasonAt ?? event.at }, effects: entitlement(sub) };
    }
    case 'plan_changed': {
      // Only a recurring subscription of an account changes plan; the plan it is on already changes nothing.
      if (sub.kind !== 'subscription' || !sub.userId || event.plan.id === sub.planId) return same;
      const { plan } = event;
      return {
        next: {
          ...sub,
          planId: plan.id,
          planCode: plan.code,
          planName: plan.name,
          amountPaise: plan.amountPaise,
          currency: plan.currency,
          interval: plan.interval,
          scheduledPlanId: null,
          scheduledChangeAt: null,
        },
        effects: entitlement(sub),
      };
    }
  }
}

/**
 * Razorpay's status events. The status moves as the event says unless a later event was already applied (deliveries
 * come in any order); it never goes back to 'created' (or from later states to 'authenticated'); a finished
 * subscription (cancelled, completed) stays finished; halted or expired becomes active only through a recorded charge
 * (Razorpay activates a halted subscription after a card change without charging its unpaid invoice, decision 085);
 * one replaced by another purchase, or whose account was deleted, only ever ends. The period moves only at the first
 * activation: afterwards only a recorded payment moves it (decision 085).
 */
function providerStatus<S extends LifecycleSubscription>(sub: S, event: ProviderEvent): Transition<S> {
  const wanted = PROVIDER_STATUS[event.type];
  const stale = sub.providerEventAt !== null && event.at < sub.providerEventAt;
  const ends = statusIn(FINISHED_SUBSCRIPTION_STATUSES, wanted);
  const refused =
    (wanted === 'authenticated' && sub.status !== 'created') ||
    (statusIn(FINISHED_SUBSCRIPTION_STATUSES, sub.status) && !ends) ||
    sub.status === 'expired' ||
    (sub.status === 'halted' && wanted === 'active') ||
    ((sub.replacedById !== null || sub.userId === null) && !ends);
  let next: S = { ...sub };
  if (!stale && !refused) {
    next = { ...next, status: wanted, providerEventAt: event.at };
    // Back to active (a retry went through, or the card was changed): the failed renewal is over.
    if (wanted === 'active') next = { ...next, renewalNotice: null, renewalFailedAt: null };
    if (wanted === 'cancelled' && !sub.cancelledAt) next.cancelledAt = event.at;
    // Cancelled at Razorpay without a reason of ours (the customer revoked the mandate): the customer's cancellation.
    if (wanted === 'cancelled' && !sub.endReason) next = { ...next, endReason: 'customer_cancelled', endReasonAt: event.at };
  }
  const end = event.period.end;
  const firstActivation = sub.status === 'created' || sub.status === 'authenticated';
  if (firstActivation && sub.userId && !sub.replacedById && end !== null && (!sub.currentEnd || end > sub.currentEnd)) {
    next = { ...next, currentStart: event.period.start ?? sub.currentStart, currentEnd: end };
  }
  const effects: SubscriptionEffect[] = [...entitlement(sub)];
  // A failed renewal is remembered and told once per state; a repeated, late or out-of-order event for a state already
  // told changes nothing, and a subscription that was replaced, has ended or whose account is gone is not told about.
  if ((event.type === 'renewal_failed' || event.type === 'halted') && event.notify && !stale) {
    const state = event.type === 'halted' ? 'halted' : 'pending';
    const told = next.renewalNotice === state || (next.renewalNotice === 'halted' && state === 'pending');
    if (next.userId && !next.replacedById && next.kind === 'subscription' && !statusIn(FINISHED_SUBSCRIPTION_STATUSES, next.status) && !told) {
      next = { ...next, renewalNotice: state, renewalFailedAt: next.renewalFailedAt ?? event.at };
      effects.push({ type: 'renewal_failure_mail', state });
    }
  }
  return { next, effects };
}

/**
 * A recorded successful payment. Exactly one of: nothing starts (the account is gone, the checkout was replaced,
 * another paid plan holds the account, the plan-change credit lapsed: the payment is refunded by itself, decision 110),
 * or the plan starts or extends by the period paid, after the account's other plans made way.
 */
function paid<S extends LifecycleSubscription>(sub: S, event: Extract<SubscriptionEvent, { type: 'paid' }>): Transition<S> {
  const { at, paidAt } = event;
  const collapsed = { currentStart: paidAt, currentEnd: paidAt };
  // The account was deleted: nothing starts, Razorpay is asked (again) to stop charging.
  if (!sub.userId) return { next: sub, effects: [...cancel(sub, 'charged_after_deletion', false), { type: 'refund_payment', reason: 'account_deleted' }] };
  // A subscription already replaced by another purchase, or a checkout a newer one replaced, never starts again.
  if (sub.replacedById) {
    const next: S = sub.status === 'created' ? { ...sub, status: 'cancelled', cancelledAt: sub.cancelledAt ?? at, ...collapsed } : sub;
    return { next, effects: [...cancel(sub, 'replaced', true), { type: 'refund_payment', reason: 'checkout_replaced' }] };
  }
  // One paid plan at a time: another one still charging holds the account, and this purchase is a second paid plan.
  if (event.heldBy) {
    return {
      next: {
        ...sub,
        status: 'cancelled',
        replacedById: event.heldBy,
        cancelledAt: at,
        cancellationReason: 'Paid while another plan was active (duplicate purchase)',
        endReason: 'not_started',
        endReasonAt: at,
        ...collapsed,
      },
      effects: [{ type: 'refund_payment', reason: 'duplicate_purchase' }, ...cancel(sub, 'duplicate_purchase', true), ...entitlement(sub)],
    };
  }
  if (!event.creditStands) {
    return {
      next: { ...sub, status: 'cancelled', cancelledAt: at, cancellationReason: CREDIT_LAPSED_REASON, endReason: 'not_started', endReasonAt: at, ...collapsed },
      effects: [{ type: 'refund_payment', reason: 'credit_lapsed' }, ...entitlement(sub)],
    };
  }
  const { start, end } = event.period;
  const extendsPeriod = end === null || !sub.currentEnd || end > sub.currentEnd;
  return {
    next: {
      ...sub,
      status: statusIn(CHARGEABLE_SUBSCRIPTION_STATUSES, sub.status) ? 'active' : sub.status,
      ...(extendsPeriod ? { currentStart: start, currentEnd: end } : {}),
      renewalNotice: null,
      renewalFailedAt: null,
    },
    effects: [{ type: 'replace_others' }, ...entitlement(sub), { type: 'receipt' }],
  };
}

/**
 * Whether `other`, another subscription of the account, holds a paid plan that `purchase` would be a second of at
 * `paidAt`: it gives access, still charges (or is the lifetime plan), is not a complimentary period and is not the one
 * the purchase replaces.
 */
export function holdsPaidPlan(other: LifecycleSubscription, purchase: Pick<LifecycleSubscription, 'replacesId'>, paidAt: Date): boolean {
  return (
    !other.replacedById &&
    other.id !== purchase.replacesId &&
    grantsAccess(other, paidAt) &&
    other.kind !== 'complimentary' &&
    (other.kind === 'order' || statusIn(CHARGING, other.status))
  );
}

/**
 * Whether `other` makes way for `purchase` when it starts: the one it replaces, any that gives access, and any that
 * Razorpay could still charge although it gives no access here (a renewal that never came, so the row expired while
 * Razorpay may still retry), so that a late retry cannot become a second plan.
 */
export function makesWayFor(other: LifecycleSubscription, purchase: Pick<LifecycleSubscription, 'replacesId'>, paidAt: Date): boolean {
  if (other.replacedById) return false;
  if (other.id === purchase.replacesId) return true;
  if (other.status === 'completed') return false;
  return grantsAccess(other, paidAt) || (other.kind === 'subscription' && (statusIn([...CHARGING, 'halted'], other.status) || (other.status === 'expired' && !other.cancelledAt)));
}

/** The columns `next` changed from `sub`, to write (times compared by their instant). */
export function changesOf<S extends LifecycleSubscription>(sub: S, next: S): Partial<S> {
  const changes: Partial<S> = {};
  for (const key of Object.keys(next) as (keyof S)[]) {
    const a = sub[key];
    const b = next[key];
    const same = a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;
    if (!same) changes[key] = b;
  }
  return changes;
}
