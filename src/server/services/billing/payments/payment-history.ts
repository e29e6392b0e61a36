import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Pagination } from '#shared/api';
import type { PaymentDto } from '#shared/schemas/billing';
import type { DbOrTx } from '#server/db/client';
import { payments, refunds, subscriptions, type PaymentRow, type RefundRow } from '#server/db/schema';
import { paginate } from '#server/lib/pagination';
import { paidPaise } from './paid';

const STATUS: Record<string, PaymentDto['status']> = { captured: 'captured', authorized: 'authenticated', authenticated: 'authenticated', failed: 'failed' };

/** A payment as the history shows it, with its refunds (decision 082): failed refunds are left out and count for nothing. */
export const toPaymentDto = (p: PaymentRow, planName: string | null, own: RefundRow[] = []): PaymentDto => {
  const standing = own.filter((r) => r.status !== 'failed');
  const refunded = standing.reduce((sum, r) => sum + r.amountPaise, 0);
  return {
    ...basePaymentDto(p, planName),
    invoiceNumber: p.invoiceNumber,
    refunded,
    refundStatus: refunded <= 0 ? 'none' : refunded >= paidPaise(p) ? 'full' : 'partial',
    refunds: standing.map((r) => ({ _id: r.id, amount: r.amountPaise, status: r.status, creditNoteNumber: r.creditNoteNumber, createdAt: r.createdAt.toISOString() })),
  };
};

/** The refunds of some payments, by payment id, oldest first. */
export async function refundsOf(db: DbOrTx, paymentIds: string[]): Promise<Map<string, RefundRow[]>> {
  const byPayment = new Map<string, RefundRow[]>();
  if (!paymentIds.length) return byPayment;
  const rows = await db.select().from(refunds).where(inArray(refunds.paymentId, paymentIds)).orderBy(asc(refunds.createdAt));
  for (const r of rows) byPayment.set(r.paymentId, [...(byPayment.get(r.paymentId) ?? []), r]);
  return byPayment;
}

const basePaymentDto = (p: PaymentRow, planName: string | null) => ({
  _id: p.id,
  paymentDate: p.paidAt.toISOString(),
  subscriptionId: p.subscriptionId ? { _id: p.subscriptionId, planName: planName ?? '' } : null,
  description: p.description,
  currency: p.currency,
  amountPaid: p.amountPaidPaise,
  amount: p.amountPaise,
  status: STATUS[p.status] ?? 'other',
  method: p.method,
  errorDescription: p.errorDescription,
  receiptNumber: p.receiptNumber,
});

/** GET /payments: the user's payments, newest first, a page at a time. */
export async function paymentHistory(db: DbOrTx, userId: string, page: number, limit: number): Promise<{ payments: PaymentDto[]; pagination: Pagination }> {
  const [{ total }] = await db.select({ total: count() }).from(payments).where(eq(payments.userId, userId));
  const { offset, ...pagination } = paginate(page, total, limit);
  const rows = await db
    .select({ p: payments, planName: subscriptions.planName })
    .from(payments)
    .leftJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.paidAt), desc(payments.createdAt))
    .limit(limit)
    .offset(offset);
  const own = await refundsOf(
    db,
    rows.map((r) => r.p.id),
  );
  return { payments: rows.map((r) => toPaymentDto(r.p, r.planName, own.get(r.p.id))), pagination };
}
