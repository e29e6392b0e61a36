import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, paymentsQuerySchema, verifyPaymentSchema } from '../../shared/schemas/billing';
import type { PaymentsConfigDto } from '../../shared/schemas/billing';
import { ok } from '../lib/http';
import { authOf, requireUser } from '../plugins/auth';
import { paymentHistory } from '../services/billing/payment-history';
import { receiptFor } from '../services/billing/receipt-download';
import { creditNoteFor } from '../services/billing/credit-note-download';
import { refundParams } from '../../shared/schemas/refunds';
import { verifyPayment } from '../services/billing/verify-payment';
import { BEARER, envelope, fileReply, replies } from '../../shared/schemas/responses/envelope';
import { paymentsConfigSchema, paymentsPageData, subscriptionData } from '../../shared/schemas/responses/billing';
import { SMALL_ANSWERS } from '../lib/stored-answer';

/** Checkout configuration, payment verification, the payment history and receipts. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payments'];

  app.get('/payments/config', { ...SMALL_ANSWERS, schema: { tags, response: replies({ 200: envelope(paymentsConfigSchema) }) } }, async () => {
    const { keyId, checkoutScriptUrl, simulated } = app.ctx.payments;
    return ok<PaymentsConfigDto>({ keyId, checkoutScriptUrl, simulated });
  });

  app.post('/payments/verify', { schema: { body: verifyPaymentSchema, tags, security: BEARER, response: replies({ 200: envelope(subscriptionData) }) }, preValidation: requireUser }, async (request) => {
    const subscription = await verifyPayment(app.ctx, authOf(request).user, request.body);
    return ok({ subscription }, 'Payment verified successfully');
  });

  app.get('/payments', { schema: { querystring: paymentsQuerySchema, tags, security: BEARER, response: replies({ 200: envelope(paymentsPageData) }) }, preValidation: requireUser }, async (request) => {
    const { page, limit } = request.query;
    return ok(await paymentHistory(app.ctx.db, authOf(request).user.id, page, limit));
  });

  app.get('/payments/:id/receipt', { schema: { params: idParam, tags, security: BEARER, response: replies({ 200: fileReply('application/pdf', 'The receipt (PDF), as an attachment.') }) }, preValidation: requireUser }, async (request, reply) => {
    const { filename, pdf } = await receiptFor(app.ctx, authOf(request).user.id, request.params.id);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(pdf);
  });

  app.get('/payments/:id/refunds/:refundId/credit-note', { schema: { params: refundParams, tags, security: BEARER, response: replies({ 200: fileReply('application/pdf', 'The credit note of a refund (PDF), as an attachment.') }) }, preValidation: requireUser }, async (request, reply) => {
    const { filename, pdf } = await creditNoteFor(app.ctx, authOf(request).user.id, request.params.id, request.params.refundId);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(pdf);
  });
};
