import { z } from 'zod';
import { issue } from '../errors';
import { ADMIN_REASON_MAX } from '../admin-actions';

/**
 * POST /admin/payments/{id}/refund (decision 082): the amount in paise (all that is left of the payment when left out)
 * and why, which the audit log keeps and the credit note prints.
 */
export const refundPaymentSchema = z.object({
  amount: z
    .number({ error: 'The amount must be a whole number of paise' })
    .int('The amount must be a whole number of paise')
    .min(100, 'The smallest refund is ₹1 (100 paise)')
    .max(100_000_000, 'The amount is more than any payment')
    .optional(),
  reason: z
    .string({ error: issue('REASON_REQUIRED') })
    .trim()
    .min(1, issue('REASON_REQUIRED'))
    .max(ADMIN_REASON_MAX, issue('REASON_TOO_LONG')),
});
export type RefundPaymentInput = z.input<typeof refundPaymentSchema>;

export const refundParams = z.object({ id: z.string().min(1).max(100), refundId: z.string().min(1).max(100) });
