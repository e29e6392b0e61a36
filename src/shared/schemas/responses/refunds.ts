import { z } from 'zod';
import { isoTime } from './envelope';

const paise = (what: string) => z.number().int().describe(`${what}, in paise (integer; 100 paise = ₹1)`);

/** One refund of a payment (decision 082). */
export const refundSchema = z
  .object({
    _id: z.string(),
    paymentId: z.string(),
    amount: paise('What was refunded'),
    currency: z.string(),
    reason: z.string(),
    status: z.enum(['created', 'processed', 'failed']).describe('created: Razorpay took it; processed: the money left; failed: nothing was refunded.'),
    source: z
      .enum(['admin', 'razorpay', 'system'])
      .describe("admin: asked for in the admin area; razorpay: made in Razorpay's dashboard; system: made automatically, the payment having bought nothing (decision 110)."),
    razorpayRefundId: z.string().nullable(),
    creditNoteNumber: z.string().nullable(),
    createdAt: isoTime,
    processedAt: isoTime.nullable(),
  })
  .meta({ id: 'Refund' });
export type RefundDto = z.infer<typeof refundSchema>;

/** POST /admin/payments/{id}/refund: the refund and what is now refunded of the payment. */
export const refundResultData = z.object({ refund: refundSchema, refunded: paise('All that is refunded of the payment now'), amountPaid: paise('What the payment captured') });
export type RefundResultData = z.infer<typeof refundResultData>;
