import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../lib/http';
import { route } from './route';
import { authOf } from '../plugins/auth';
import { actorOf } from '../services/admin/audit';
import { creditNoteFor } from '../services/billing/tax-documents/credit-note-download';
import { toRefundDto } from '../services/billing/refunds/refund-dto';
import { refundPayment } from '../services/billing/refunds/refund-payment';
import { adminBilling } from '../../shared/endpoints/admin';
import { formatMoney } from '../../shared/money';

/** Refunds from the admin area (decision 082): full or partial, through Razorpay, with a credit note and a mail to the customer. */
export const adminRefundRoutes: FastifyPluginAsyncZod = async (app) => {
  await route(app, adminBilling.refund, async (request) => {
    const { refund, refundedPaise } = await refundPayment(app.ctx, actorOf(authOf(request)), request.params.id, { amountPaise: request.body.amount, reason: request.body.reason });
    const [payment] = [await app.ctx.db.query.payments.findFirst({ where: (p, { eq }) => eq(p.id, refund.paymentId) })];
    return ok(
      { refund: toRefundDto(refund), refunded: refundedPaise, amountPaid: payment?.amountPaidPaise ?? 0 },
      `Refunded ${formatMoney(refund.amountPaise, refund.currency)}; the customer gets the credit note by mail.`,
    );
  });

  await route(app, adminBilling.creditNote, async (request, reply) => {
    const { filename, pdf } = await creditNoteFor(app.ctx, null, request.params.id, request.params.refundId);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(pdf);
  });
};
