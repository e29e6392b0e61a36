import { and, eq } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import { userTimeZone } from '#shared/dates';
import { payments, refunds, subscriptions, users } from '#server/db/schema';
import { notFound } from '#server/lib/errors';
import { mailLocale } from '../../mail/texts';
import { renderCreditNotePdf } from './receipt-pdf';
import { creditNoteFilename } from '../refunds/refund-mail';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The credit note (PDF) of a refund of a payment: the customer's own (userId), or any for an admin (userId null); in the customer's language. */
export async function creditNoteFor(
  ctx: Pick<AppContext, 'db' | 'config'>,
  userId: string | null,
  paymentId: string,
  refundId: string,
): Promise<{ filename: string; pdf: Buffer }> {
  if (!UUID.test(paymentId) || !UUID.test(refundId)) throw notFound('CREDIT_NOTE_NOT_FOUND');
  const [row] = await ctx.db
    .select({ r: refunds, p: payments, planName: subscriptions.planName, timezone: users.timezone, language: users.language })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .leftJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .leftJoin(users, eq(users.id, payments.userId))
    .where(and(eq(refunds.id, refundId), eq(payments.id, paymentId), ...(userId ? [eq(payments.userId, userId)] : [])));
  if (!row || !row.r.creditNoteNumber || row.r.status === 'failed') throw notFound('CREDIT_NOTE_NOT_FOUND');
  const pdf = await renderCreditNotePdf({
    refund: row.r,
    payment: row.p,
    planName: row.planName ?? row.p.description,
    seller: ctx.config,
    timeZone: userTimeZone(row.timezone),
    locale: mailLocale(row.language),
  });
  return { filename: creditNoteFilename(row.r.creditNoteNumber), pdf };
}
