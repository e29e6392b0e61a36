import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { payments } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { receiptFor } from '../billing/tax-documents/receipt-download';

/** GET /admin/payments/{id}/receipt: the customer's own receipt of one payment, the same PDF they download. */
export async function adminPaymentReceipt(ctx: AppContext, paymentId: string): Promise<{ filename: string; pdf: Buffer }> {
  const [payment] = await ctx.db.select({ userId: payments.userId }).from(payments).where(eq(payments.id, paymentId));
  if (!payment?.userId) throw notFound('RECEIPT_NOT_FOUND');
  return receiptFor(ctx, payment.userId, paymentId);
}
