import type { Locale } from '#shared/i18n/locales';
import type { PaymentDocument } from '#shared/payment-document';
import { site } from '#shared/site';
import { greeting, mailText } from '../texts';
import { renderMail } from './layout';

export type ReceiptMailInput = {
  firstName: string;
  /** Formatted with its currency in the mail's language (₹299.00). */
  amount: string;
  planName: string;
  /** The last day of access, already written as a date in the mail's language; null for a plan without end (lifetime). */
  accessUntil: string | null;
  /** The payment's document (shared/payment-document.ts): the mail names the tax invoice when there is one. */
  document: Pick<PaymentDocument, 'kind' | 'number'>;
  paymentId: string;
  /** Billing > Payment History, where every receipt downloads again. */
  billingUrl: string;
};

/** The receipt (or tax invoice) of a payment, in the layout of every mail; the PDF goes with it as an attachment. */
export const receiptMail = (input: ReceiptMailInput, locale: Locale = 'en') => {
  const t = mailText(locale);
  const product = site.productName;
  const { number } = input.document;
  const invoice = input.document.kind === 'tax_invoice';
  const plan = input.planName;
  const hi = greeting(t, input.firstName);
  return renderMail(
    invoice ? t('invoiceSubject', { product, number }) : t('receiptSubject', { product, number }),
    {
      preheader: invoice ? t('invoicePreheader', { number, amount: input.amount, plan }) : t('receiptPreheader', { number, amount: input.amount, plan }),
      heading: t('receiptHeading'),
      paragraphs: [
        input.accessUntil
          ? t('receiptIntroUntil', { greeting: hi, amount: input.amount, plan, date: input.accessUntil })
          : t('receiptIntroNoEnd', { greeting: hi, amount: input.amount, plan }),
      ],
      details: [
        [invoice ? t('invoiceNumber') : t('receiptNumber'), number],
        [t('paymentId'), input.paymentId],
        [t('plan'), plan],
        [t('amountPaid'), input.amount],
        [t('accessUntil'), input.accessUntil ?? t('noEndDate')],
      ],
      action: { label: t('openPaymentHistory'), url: input.billingUrl },
      footnote: `${invoice ? t('invoiceFootnote') : t('receiptFootnote')} ${t('questions', { email: site.supportEmail })}`,
    },
    locale,
  );
};
