import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { userTimeZone } from '../../../shared/dates';
import { payments, subscriptions, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { mailLocale } from '../mail/texts';
import { renderReceiptPdf } from './receipt-pdf';
import { MSG } from '../../../shared/messages';

/** The PDF receipt of one of the user's successful payments, in the user's language. */
export async function receiptFor(ctx: AppContext, userId: string, paymentId: string): Promise<{ filename: string; pdf: Buffer }> {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!UUID.test(paymentId)) throw notFound(MSG.receiptNotFound);
  const [row] = await ctx.db
    .select({ p: payments, planName: subscriptions.planName, timezone: users.timezone, language: users.language })
    .from(payments)
    .leftJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .leftJoin(users, eq(users.id, payments.userId))
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)));
  if (!row || !row.p.receiptNumber) throw notFound(MSG.receiptNotFound);
  const pdf = await renderReceiptPdf({ payment: row.p, planName: row.planName ?? row.p.description, seller: ctx.config, timeZone: userTimeZone(row.timezone), locale: mailLocale(row.language) });
  return { filename: `receipt-${row.p.receiptNumber}.pdf`, pdf };
}
