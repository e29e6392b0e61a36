import { site } from '../../../../shared/site';
import { renderMail } from './layout';

export type ReceiptMailInput = {
  firstName: string;
  /** Formatted with its currency (₹299.00). */
  amount: string;
  planName: string;
  /** The last day of access, already written as a date; null for a plan without end (lifetime). */
  accessUntil: string | null;
  receiptNumber: string | number;
  paymentId: string;
  /** Billing > Payment History, where every receipt downloads again. */
  billingUrl: string;
};

/** The receipt of a payment, in the layout of every mail; the PDF goes with it as an attachment. */
export const receiptMail = (input: ReceiptMailInput) => {
  const until = input.accessUntil ? `Your access runs until ${input.accessUntil}.` : 'Your access has no end date.';
  return renderMail(`Your ${site.productName} receipt #${input.receiptNumber}`, {
    preheader: `Receipt #${input.receiptNumber}: ${input.amount} for ${input.planName}.`,
    heading: 'Thank you for your payment',
    paragraphs: [`Hi ${input.firstName || 'there'}, thank you for your payment of ${input.amount} for ${input.planName}. ${until}`],
    details: [
      ['Receipt number', String(input.receiptNumber)],
      ['Payment id', input.paymentId],
      ['Plan', input.planName],
      ['Amount paid', input.amount],
      ['Access until', input.accessUntil ?? 'No end date'],
    ],
    action: { label: 'Open Payment History', url: input.billingUrl },
    footnote: `Your receipt is attached as a PDF, and you can download it again any time from Billing > Payment History. Questions? Write to ${site.supportEmail}.`,
  });
};
