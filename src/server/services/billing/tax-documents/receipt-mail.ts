import type { Config } from '#server/config';
import type { DbOrTx } from '#server/db/client';
import type { PaymentRow, UserRow } from '#server/db/schema';
import { longDate, userTimeZone } from '#shared/dates';
import { formatMoney } from '#shared/money';
import { paymentDocument } from '#shared/payment-document';
import { receiptMail } from '../../mail/templates/receipt';
import { loadMailTexts, mailLocale } from '../../mail/texts';
import { queueDocumentMail } from './document-outbox';
import { paidPaise } from '../payments/paid';

/**
 * Queues the receipt e-mail (the layout of every mail, templates/receipt.ts) in the transaction that recorded the
 * payment; its PDF is drawn and attached after the commit (document-outbox.ts, decision 160). It goes to the account's own (verified) address and greets the account holder; the billing
 * name and e-mail typed at checkout are only printed on the PDF. Mail and PDF are in the account's language.
 */
export async function enqueueReceiptMail(
  tx: DbOrTx,
  config: Config,
  payment: PaymentRow,
  planName: string,
  account: Pick<UserRow, 'email' | 'firstName' | 'timezone'> & Partial<Pick<UserRow, 'language'>>,
): Promise<void> {
  const document = paymentDocument(payment);
  if (!document) return;
  const timeZone = userTimeZone(account.timezone);
  const locale = mailLocale(account.language);
  await loadMailTexts(locale);
  const amount = formatMoney(paidPaise(payment), payment.currency, locale);
  const mail = receiptMail(
    {
      firstName: account.firstName,
      amount,
      planName,
      accessUntil: payment.periodEnd ? longDate(payment.periodEnd, timeZone, locale) : null,
      document,
      paymentId: payment.razorpayPaymentId,
      billingUrl: `${config.publicUrl}/billing`,
    },
    locale,
  );
  await queueDocumentMail(tx, { kind: 'receipt', paymentId: payment.id }, { kind: 'receipt', to: account.email, ...mail, fileName: document.fileName });
}
