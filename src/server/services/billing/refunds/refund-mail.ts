import type { Config } from '#server/config';
import type { DbOrTx } from '#server/db/client';
import type { PaymentRow, RefundRow, UserRow } from '#server/db/schema';
import { formatMoney } from '#shared/money';
import { documentFileName } from '#shared/payment-document';
import { refundMail } from '../../mail/templates/refund';
import { loadMailTexts, mailLocale } from '../../mail/texts';
import { queueDocumentMail } from '../tax-documents/document-outbox';
import { paidPaise } from '../payments/paid';

/** The file name of a credit note (its number has slashes: CN/26-27/000001). */
export const creditNoteFilename = (number: string) => documentFileName('credit-note', number);

/**
 * Queues the refund mail in the transaction that recorded the refund, to the account's own address, in its language;
 * the credit note is drawn and attached after the commit (document-outbox.ts, decision 160).
 */
export async function enqueueRefundMail(
  tx: DbOrTx,
  config: Config,
  input: {
    refund: RefundRow;
    payment: PaymentRow;
    planName: string;
    account: Pick<UserRow, 'email' | 'firstName' | 'timezone'> & Partial<Pick<UserRow, 'language'>>;
    full: boolean;
    accessEnded: boolean;
    notApplied?: boolean;
  },
): Promise<void> {
  const { refund, payment, account } = input;
  if (!refund.creditNoteNumber) return;
  const locale = mailLocale(account.language);
  await loadMailTexts(locale);
  const mail = refundMail(
    {
      firstName: account.firstName,
      amount: formatMoney(refund.amountPaise, refund.currency, locale),
      paymentAmount: formatMoney(paidPaise(payment), payment.currency, locale),
      planName: input.planName,
      creditNoteNumber: refund.creditNoteNumber,
      paymentId: payment.razorpayPaymentId,
      full: input.full,
      accessEnded: input.accessEnded,
      notApplied: input.notApplied ?? false,
      billingUrl: `${config.publicUrl}/billing`,
    },
    locale,
  );
  await queueDocumentMail(
    tx,
    { kind: 'credit_note', paymentId: payment.id, refundId: refund.id },
    { kind: 'refund', to: account.email, ...mail, fileName: creditNoteFilename(refund.creditNoteNumber) },
  );
}
