import type { SubscriptionDto } from '../../../shared/schemas/billing';
import type { SubscriptionRow } from '../../db/schema';

/** The subscription of spec §3 (amounts in paise). */
export const toSubscriptionDto = (s: SubscriptionRow): SubscriptionDto => ({
  _id: s.id,
  planName: s.planName,
  planCode: s.planCode,
  kind: s.kind,
  status: s.status,
  currentStart: s.currentStart?.toISOString() ?? null,
  currentEnd: s.currentEnd?.toISOString() ?? null,
  cancelAtPeriodEnd: s.cancelAtPeriodEnd,
  willCancelAtPeriodEnd: s.cancelAtPeriodEnd,
  cancelledAt: s.cancelledAt?.toISOString() ?? null,
  planAmount: s.amountPaise,
  planCurrency: s.currency,
  planInterval: s.interval,
  razorpaySubscriptionId: s.razorpaySubscriptionId,
  razorpayOrderId: s.razorpayOrderId,
});
