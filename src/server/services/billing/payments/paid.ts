import type { PaymentRow } from '#server/db/schema';

/**
 * What a payment took from the customer: the captured amount, or the amount asked where the row does not carry the
 * captured one (a payment recorded before the capture said). Receipts, refunds and the payment history read it here.
 */
export const paidPaise = (payment: Pick<PaymentRow, 'amountPaidPaise' | 'amountPaise'>): number => payment.amountPaidPaise || payment.amountPaise;
