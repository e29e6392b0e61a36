import type { Locale } from '#shared/i18n/locales';
import { site } from '#shared/site';
import { greeting, mailText } from '../texts';
import { renderMail } from './layout';

export type RenewalFailedMailInput = {
  firstName: string;
  /** pending: Razorpay retries the charge; halted: it stopped after the last retry. */
  state: 'pending' | 'halted';
  planName: string;
  /** Formatted with its currency (₹299.00). */
  amount: string;
  /** The end of the paid period, already written as a date with its zone; null when unknown. */
  paidUntil: string | null;
  /** Whether that end is still ahead. */
  accessContinues: boolean;
  /** The bank's words for the decline, when Razorpay gave them. */
  reason: string | null;
  billingUrl: string;
};

/**
 * A renewal charge that failed (decision 085): what happened, what the customer keeps, and how to fix it.
 * One mail when the renewal goes pending and one when Razorpay halts it, never more for the same state.
 */
export const renewalFailedMail = (input: RenewalFailedMailInput, locale: Locale = 'en') => {
  const t = mailText(locale);
  const product = site.productName;
  const { amount, planName: plan } = input;
  const hi = greeting(t, input.firstName);
  const keep = input.paidUntil ? (input.accessContinues ? t('renewKeep', { plan, date: input.paidUntil }) : t('renewEnded', { date: input.paidUntil })) : null;
  const why = input.reason ? t('renewBank', { reason: input.reason }) : null;
  const footnote = t('questions', { email: site.supportEmail });
  if (input.state === 'pending') {
    return renderMail(
      t('pendingSubject', { product }),
      {
        preheader: t('pendingPreheader', { amount, plan }),
        heading: t('pendingHeading'),
        paragraphs: [t('pendingIntro', { greeting: hi, amount, plan }), ...(why ? [why] : []), t('pendingRetry'), ...(keep ? [keep] : []), t('pendingLast')],
        details: [
          [t('plan'), plan],
          [t('amountDue'), amount],
          [t('status'), t('statusRetrying')],
        ],
        action: { label: t('openBilling'), url: input.billingUrl },
        footnote,
      },
      locale,
    );
  }
  return renderMail(
    t('haltedSubject', { product }),
    {
      preheader: t('haltedPreheader', { amount, plan, product }),
      heading: t('haltedHeading'),
      paragraphs: [t('haltedIntro', { greeting: hi, amount, plan }), ...(why ? [why] : []), ...(keep ? [keep] : []), t('haltedFix')],
      details: [
        [t('plan'), plan],
        [t('amountNotPaid'), amount],
        [t('status'), t('statusHalted')],
      ],
      action: { label: t('payAgain'), url: input.billingUrl },
      footnote,
    },
    locale,
  );
};
