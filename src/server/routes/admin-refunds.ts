import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../lib/http';
import { authOf, requireAdmin } from '../plugins/auth';
import { actorOf } from '../services/admin/audit';
import { creditNoteFor } from '../services/billing/credit-note-download';
import { toRefundDto } from '../services/billing/refund-dto';
import { refundPayment } from '../services/billing/refund-payment';
import { idParam } from '../../shared/schemas/billing';
import { refundParams, refundPaymentSchema } from '../../shared/schemas/refunds';
import { BEARER, envelope, fileReply, replies } from '../../shared/schemas/responses/envelope';
import { refundResultData } from '../../shared/schemas/responses/refunds';
import { formatMoney } from '../../shared/money';

/** Refunds from the admin area (decision 082): full or partial, through Razorpay, with a credit note and a mail to the customer. */
export const adminRefundRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.post(
    '/admin/payments/:id/refund',
    { schema: { params: idParam, body: refundPaymentSchema, tags, security: BEARER, response: replies({ 200: envelope(refundResultData) }) }, preValidation: requireAdmin },
    async (request) => {
      const { refund, refundedPaise } = await refundPayment(app.ctx, actorOf(authOf(request)), request.params.id, { amountPaise: request.body.amount, reason: request.body.reason });
      const [payment] = [await app.ctx.db.query.payments.findFirst({ where: (p, { eq }) => eq(p.id, refund.paymentId) })];
      return ok({ refund: toRefundDto(refund), refunded: refundedPaise, amountPaid: payment?.amountPaidPaise ?? 0 }, `Refunded ${formatMoney(refund.amountPaise, refund.currency)}; the customer gets the credit note by mail.`);
    },
  );

  app.get(
    '/admin/payments/:id/refunds/:refundId/credit-note',
    { schema: { params: refundParams, tags, security: BEARER, response: replies({ 200: fileReply('application/pdf', 'The credit note of a refund (PDF).') }) }, preValidation: requireAdmin },
    async (request, reply) => {
      const { filename, pdf } = await creditNoteFor(app.ctx, null, request.params.id, request.params.refundId);
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(pdf);
    },
  );
};
