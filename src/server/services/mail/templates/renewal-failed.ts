import { site } from '../../../../shared/site';
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
export const renewalFailedMail = (input: RenewalFailedMailInput) => {
  const hi = `Hi ${input.firstName || 'there'},`;
  const keep = input.paidUntil
    ? input.accessContinues
      ? `You keep full access to ${input.planName} until ${input.paidUntil}, the end of the period you paid for.`
      : `The period you paid for ended on ${input.paidUntil}.`
    : null;
  const why = input.reason ? `Your bank said: “${input.reason}”` : null;
  if (input.state === 'pending') {
    return renderMail(`Your ${site.productName} renewal payment didn't go through`, {
      preheader: `We could not charge ${input.amount} for ${input.planName}. Razorpay will try your card again.`,
      heading: "Your renewal payment didn't go through",
      paragraphs: [
        `${hi} we tried to charge ${input.amount} to renew ${input.planName}, and the payment was declined.`,
        ...(why ? [why] : []),
        `Razorpay will try the same card again over the next few days. To fix it, make sure the card can pay (enough balance or limit, not expired, recurring and online payments turned on with your bank), or open Billing and choose Update card: the due payment is charged to the new card at once.`,
        ...(keep ? [keep] : []),
        `If every retry fails, autopay stops and you can pay again from Billing with any card.`,
      ],
      details: [
        ['Plan', input.planName],
        ['Amount due', input.amount],
        ['Status', 'Payment retrying'],
      ],
      action: { label: 'Open Billing', url: input.billingUrl },
      footnote: `Questions? Write to ${site.supportEmail}.`,
    });
  }
  return renderMail(`Action needed: your ${site.productName} autopay has stopped`, {
    preheader: `Every retry of ${input.amount} for ${input.planName} failed. Pay again from Billing to keep using ${site.productName}.`,
    heading: 'Your autopay has stopped',
    paragraphs: [
      `${hi} Razorpay tried to charge ${input.amount} for ${input.planName} several times, and every attempt was declined, so autopay has stopped and you will not be charged again for this subscription.`,
      ...(why ? [why] : []),
      ...(keep ? [keep] : []),
      `To fix it, open Billing and choose Pay again: pay for a plan with a working card, and it starts at once. The stopped subscription is closed, with no further charge.`,
    ],
    details: [
      ['Plan', input.planName],
      ['Amount not paid', input.amount],
      ['Status', 'Renewal failed, autopay stopped'],
    ],
    action: { label: 'Pay again', url: input.billingUrl },
    footnote: `Questions? Write to ${site.supportEmail}.`,
  });
};
