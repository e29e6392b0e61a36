import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { payments } from '../../shared/endpoints/billing';
import type { PaymentsConfigDto } from '../../shared/schemas/billing';
import { ok } from '../lib/http';
import { route } from './route';
import { authOf } from '../plugins/auth';
import { paymentHistory } from '../services/billing/payments/payment-history';
import { receiptFor } from '../services/billing/tax-documents/receipt-download';
import { creditNoteFor } from '../services/billing/tax-documents/credit-note-download';
import { verifyPayment } from '../services/billing/checkout/verify-payment';
import { NO_COMPRESS_HOOKS } from '../lib/compression';

/** Checkout configuration, payment verification, the payment history and receipts. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  await route(
    app,
    payments.config,
    async () => {
      const { keyId, checkoutScriptUrl, simulated } = app.ctx.payments;
      return ok<PaymentsConfigDto>({ keyId, checkoutScriptUrl, simulated });
    },
    NO_COMPRESS_HOOKS,
  );

  await route(app, payments.verify, async (request) => {
    const subscription = await verifyPayment(app.ctx, authOf(request).user, request.body);
    return ok({ subscription }, 'Payment verified successfully');
  });

  await route(app, payments.history, async (request) => {
    const { page, limit } = request.query;
    return ok(await paymentHistory(app.ctx.db, authOf(request).user.id, page, limit));
  });

  await route(app, payments.receipt, async (request, reply) => {
    const { filename, pdf } = await receiptFor(app.ctx, authOf(request).user.id, request.params.id);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(pdf);
  });

  await route(app, payments.creditNote, async (request, reply) => {
    const { filename, pdf } = await creditNoteFor(app.ctx, authOf(request).user.id, request.params.id, request.params.refundId);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(pdf);
  });
};
