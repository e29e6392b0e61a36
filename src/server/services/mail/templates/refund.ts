import { site } from '../../../../shared/site';
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
  billingUrl: string;
};

/** A refund of (part of) a payment, in the layout of every mail; the credit note goes with it as a PDF. */
export const refundMail = (input: RefundMailInput) => {
  const what = input.full ? `your payment of ${input.paymentAmount}` : `${input.amount} of your payment of ${input.paymentAmount}`;
  const access = input.accessEnded
    ? `As the payment was refunded in full, your ${input.planName} plan has ended and will not renew.`
    : 'Your plan and access are unchanged.';
  return renderMail(`Your ${site.productName} refund of ${input.amount}`, {
    preheader: `Credit note ${input.creditNoteNumber}: ${input.amount} refunded for ${input.planName}.`,
    heading: 'We have refunded your payment',
    paragraphs: [
      `Hi ${input.firstName || 'there'}, we have refunded ${what} for ${input.planName}. Banks usually show the money back on the card or account you paid with within 5 to 7 working days.`,
      access,
    ],
    details: [
      ['Credit note', input.creditNoteNumber],
      ['Refunded', input.amount],
      ['Payment id', input.paymentId],
      ['Plan', input.planName],
    ],
    action: { label: 'Open Payment History', url: input.billingUrl },
    footnote: `Your credit note is attached as a PDF, and you can download it again from Billing > Payment History. Questions? Write to ${site.supportEmail}.`,
  });
};
