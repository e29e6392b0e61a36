import type { SubscriptionRow } from '#server/db/schema';
import { grantsAccess } from '../subscriptions/entitlement-rules';

/**
 * How old the credit of a plan-change order may be when it is paid (decision 086, amended 2026-11-26). Razorpay orders
 * do not expire, so the credit priced into an order (the unused part of the replaced period when the order was made)
 * is checked again when the payment lands: it may be at most the unused part one hour before the payment. Checkout
 * opens the moment the order is made, so an honest payment starts within minutes; an order kept for later is paid
 * with at most one hour of the replaced plan used twice (well under ₹1 at our prices). A tolerance rather than an
 * age limit on the order: it bounds what matters, the money, also when a renewal between order and payment paid for
 * a new period whose unused part covers the credit again.
 */
export const CREDIT_GRACE_MS = 60 * 60_000;

/** The cancellation reason of a plan-change order paid after its credit lapsed: recorded, not applied, refunded by itself (decision 110). */
export const CREDIT_LAPSED_REASON = 'Paid after the credit it was priced with had lapsed (not applied: refunded automatically)';

/**
 * The unused part of the paid period, in paise: what is left of the period, as a share of its price (decision 086).
 * Only for a subscription in order (active, renewals paid) whose period is still running.
 */
export function unusedCredit(sub: Pick<SubscriptionRow, 'status' | 'currentStart' | 'currentEnd' | 'amountPaise' | 'renewalNotice'>, now = new Date()): number {
  if (sub.status !== 'active' || sub.renewalNotice || !sub.currentStart || !sub.currentEnd || sub.currentEnd <= now) return 0;
  const total = sub.currentEnd.getTime() - sub.currentStart.getTime();
  if (total <= 0) return 0;
  const left = Math.min(total, sub.currentEnd.getTime() - now.getTime());
  return Math.floor((sub.amountPaise * left) / total);
}

/**
 * Whether the credit a plan-change order was priced with still stands when it is paid at `paidAt`: the replaced
 * subscription (read under its lock) still gives access, was not replaced or refunded (a refund ends it: cancelled,
 * so no unused part), and its unused part then, with CREDIT_GRACE_MS of tolerance, is at least the credit.
 */
export function creditStands(replaced: SubscriptionRow | undefined, creditPaise: number, paidAt: Date): boolean {
  if (creditPaise <= 0) return true;
  if (!replaced || replaced.replacedById || !grantsAccess(replaced, paidAt)) return false;
  return creditPaise <= unusedCredit(replaced, new Date(paidAt.getTime() - CREDIT_GRACE_MS));
}
