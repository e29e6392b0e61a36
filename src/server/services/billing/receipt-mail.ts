import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { PaymentRow, UserRow } from '../../db/schema';
import { longDate, userTimeZone } from '../../../shared/dates';
import { formatMoney } from '../../../shared/money';
import { enqueueMail, pdfAttachment } from '../mail/outbox';
import { receiptMail } from '../mail/templates/receipt';
import { loadMailTexts, mailLocale } from '../mail/texts';
import { renderReceiptPdf } from './receipt-pdf';
import { paidPaise } from './paid';

/**
 * Queues the receipt e-mail (the layout of every mail, templates/receipt.ts), with the PDF attached, in the transaction
 * that recorded the payment. It goes to the account's own (verified) address and greets the account holder; the billing
 * name and e-mail typed at checkout are only printed on the PDF. Mail and PDF are in the account's language.
 */
export async function enqueueReceiptMail(tx: DbOrTx, config: Config, payment: PaymentRow, planName: string, account: Pick<UserRow, 'email' | 'firstName' | 'timezone'> & Partial<Pick<UserRow, 'language'>>): Promise<void> {
  if (!payment.receiptNumber) return;
  const timeZone = userTimeZone(account.timezone);
  const locale = mailLocale(account.language);
  await loadMailTexts(locale);
  const pdf = await renderReceiptPdf({ payment, planName, seller: config, timeZone, locale });
  const amount = formatMoney(paidPaise(payment), payment.currency, locale);
  const mail = receiptMail({
    firstName: account.firstName,
    amount,
    planName,
    accessUntil: payment.periodEnd ? longDate(payment.periodEnd, timeZone, locale) : null,
    receiptNumber: payment.receiptNumber,
    paymentId: payment.razorpayPaymentId,
    billingUrl: `${config.publicUrl}/billing`,
  }, locale);
  await enqueueMail(tx, {
    kind: 'receipt',
    to: account.email,
    ...mail,
    attachments: [pdfAttachment(`receipt-${payment.receiptNumber}.pdf`, pdf)],
  });
}
