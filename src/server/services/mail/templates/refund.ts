import type { Locale } from '#shared/i18n/locales';
import { REFUND_PAID_WITHIN_BUSINESS_DAYS } from '#shared/constants';
import { site } from '#shared/site';
import { greeting, mailText } from '../texts';
import { renderMail } from './layout';

export type RefundMailInput = {
  firstName: string;
  /** Formatted with its currency (₹149.50). */
  amount: string;
  /** What the payment was, formatted (₹299.00). */
  paymentAmount: string;
  planName: string;
  creditNoteNumber: string;
  paymentId: string;
  /** The whole payment came back. */
  full: boolean;
  /** A full refund of the current period or the lifetime plan: access ended now (decision 082). */
  accessEnded: boolean;
  /** The payment bought nothing and was refunded by itself (decision 110). */
  notApplied?: boolean;
  billingUrl: string;
};

/** A refund of (part of) a payment, in the layout of every mail; the credit note goes with it as a PDF. */
export const refundMail = (input: RefundMailInput, locale: Locale = 'en') => {
  const t = mailText(locale);
  const product = site.productName;
  const plan = input.planName;
  const values = { greeting: greeting(t, input.firstName), amount: input.amount, paymentAmount: input.paymentAmount, plan };
  return renderMail(
    t('refundSubject', { product, amount: input.amount }),
    {
      preheader: t('refundPreheader', { number: input.creditNoteNumber, amount: input.amount, plan }),
      heading: t('refundHeading'),
      paragraphs: [
        `${input.full ? t('refundIntroFull', values) : t('refundIntroPart', values)} ${t('refundPaidWithin', { days: REFUND_PAID_WITHIN_BUSINESS_DAYS })}`,
        input.notApplied ? t('refundNotApplied') : input.accessEnded ? t('refundEnded', { plan }) : t('refundUnchanged'),
      ],
      details: [
        [t('creditNote'), input.creditNoteNumber],
        [t('refunded'), input.amount],
        [t('paymentId'), input.paymentId],
        [t('plan'), plan],
      ],
      action: { label: t('openPaymentHistory'), url: input.billingUrl },
      footnote: `${t('refundFootnote')} ${t('questions', { email: site.supportEmail })}`,
    },
    locale,
  );
};
