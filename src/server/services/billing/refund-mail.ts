import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { PaymentRow, RefundRow, UserRow } from '../../db/schema';
import { userTimeZone } from '../../../shared/dates';
import { formatMoney } from '../../../shared/money';
import { enqueueMail, pdfAttachment } from '../mail/outbox';
import { refundMail } from '../mail/templates/refund';
import { loadMailTexts, mailLocale } from '../mail/texts';
import { renderCreditNotePdf } from './receipt-pdf';
import { paidPaise } from './paid';

/** The file name of a credit note (its number has slashes: CN/26-27/000001). */
export const creditNoteFilename = (number: string) => `credit-note-${number.replace(/\//g, '-')}.pdf`;

/** Queues the refund mail with the credit note attached, in the transaction that recorded the refund; to the account's own address, in its language. */
export async function enqueueRefundMail(
  tx: DbOrTx,
  config: Config,
  input: { refund: RefundRow; payment: PaymentRow; planName: string; account: Pick<UserRow, 'email' | 'firstName' | 'timezone'> & Partial<Pick<UserRow, 'language'>>; full: boolean; accessEnded: boolean },
): Promise<void> {
  const { refund, payment, account } = input;
  if (!refund.creditNoteNumber) return;
  const locale = mailLocale(account.language);
  await loadMailTexts(locale);
  const pdf = await renderCreditNotePdf({ refund, payment, planName: input.planName, seller: config, timeZone: userTimeZone(account.timezone), locale });
  const mail = refundMail({
    firstName: account.firstName,
    amount: formatMoney(refund.amountPaise, refund.currency, locale),
    paymentAmount: formatMoney(paidPaise(payment), payment.currency, locale),
    planName: input.planName,
    creditNoteNumber: refund.creditNoteNumber,
    paymentId: payment.razorpayPaymentId,
    full: input.full,
    accessEnded: input.accessEnded,
    billingUrl: `${config.publicUrl}/billing`,
  }, locale);
  await enqueueMail(tx, {
    kind: 'refund',
    to: account.email,
    ...mail,
    attachments: [pdfAttachment(creditNoteFilename(refund.creditNoteNumber), pdf)],
  });
}
