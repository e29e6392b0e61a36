import { count, desc, eq } from 'drizzle-orm';
import type { Pagination } from '../../../shared/api';
import type { PaymentDto } from '../../../shared/schemas/billing';
import type { DbOrTx } from '../../db/client';
import { payments, subscriptions, type PaymentRow } from '../../db/schema';
import { paginate } from '../../lib/pagination';

const STATUS: Record<string, PaymentDto['status']> = { captured: 'captured', authorized: 'authenticated', authenticated: 'authenticated', failed: 'failed' };

const toPaymentDto = (p: PaymentRow, planName: string | null): PaymentDto => ({
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
  return { payments: rows.map((r) => toPaymentDto(r.p, r.planName)), pagination };
}
