import type { RefundDto } from '#shared/schemas/responses/refunds';
import type { RefundRow } from '#server/db/schema';

export const toRefundDto = (r: RefundRow): RefundDto => ({
  _id: r.id,
  paymentId: r.paymentId,
  amount: r.amountPaise,
  currency: r.currency,
  reason: r.reason,
  status: r.status,
  source: r.source,
  razorpayRefundId: r.razorpayRefundId,
  creditNoteNumber: r.creditNoteNumber,
  createdAt: r.createdAt.toISOString(),
  processedAt: r.processedAt?.toISOString() ?? null,
});
