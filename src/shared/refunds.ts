import { formatMoney } from './money';
import type { PaymentDto } from './schemas/responses/billing';

type Refundable = Pick<PaymentDto, 'status' | 'amountPaid' | 'refunded' | 'refundStatus' | 'currency'>;

/** What can still be refunded of a payment, in paise: what it captured less its refunds that did not fail (decision 082). */
export const refundableOf = (p: Refundable) => (p.status === 'captured' ? Math.max(0, p.amountPaid - p.refunded) : 0);

/** How a refunded payment reads to the customer and the admin: 'Refunded', 'Partially refunded (₹149.50)'; null when none. */
export function refundLabel(p: Refundable): string | null {
  if (p.refundStatus === 'full') return 'Refunded';
  if (p.refundStatus === 'partial') return `Partially refunded (${formatMoney(p.refunded, p.currency)})`;
  return null;
}
