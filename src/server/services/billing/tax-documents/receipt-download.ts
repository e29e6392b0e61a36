import { and, eq } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import { userTimeZone } from '#shared/dates';
import { payments, subscriptions, users } from '#server/db/schema';
import { notFound } from '#server/lib/errors';
import { mailLocale } from '../../mail/texts';
import { renderReceiptPdf } from './receipt-pdf';
import { paymentDocument } from '#shared/payment-document';

/** The PDF of one of the user's successful payments (its tax invoice, else its receipt), in the user's language. */
export async function receiptFor(ctx: Pick<AppContext, 'db' | 'config'>, userId: string, paymentId: string): Promise<{ filename: string; pdf: Buffer }> {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!UUID.test(paymentId)) throw notFound('RECEIPT_NOT_FOUND');
  const [row] = await ctx.db
    .select({ p: payments, planName: subscriptions.planName, timezone: users.timezone, language: users.language })
    .from(payments)
    .leftJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .leftJoin(users, eq(users.id, payments.userId))
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)));
  const document = row && paymentDocument(row.p);
  if (!row || !document) throw notFound('RECEIPT_NOT_FOUND');
  const pdf = await renderReceiptPdf({
    payment: row.p,
    planName: row.planName ?? row.p.description,
    seller: ctx.config,
    timeZone: userTimeZone(row.timezone),
    locale: mailLocale(row.language),
  });
  return { filename: document.fileName, pdf };
}
