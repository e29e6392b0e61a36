import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminCancelBody, customerSearchQuery, extendTrialBody, grantComplimentaryBody, optionalReasonBody, reasonOnlyBody } from '../../shared/schemas/admin';
import { uuidParam } from '../../shared/schemas/fields';
import { customerActionSchema, customerDetailSchema, customerSearchSchema, type CustomerAction } from '../../shared/schemas/responses/admin-customers';
import { BEARER, envelope, fileReply, replies } from '../../shared/schemas/responses/envelope';
import { ok } from '../lib/http';
import { authOf, requireAdmin } from '../plugins/auth';
import { actorOf } from '../services/admin/audit';
import { customerDetail } from '../services/admin/customer-detail';
import { adminEndSessions } from '../services/admin/end-sessions';
import { adminExtendTrial } from '../services/admin/extend-trial';
import { adminGrantComplimentary } from '../services/admin/grant-complimentary';
import { customerRow } from '../services/admin/lock-customer';
import { adminPaymentReceipt } from '../services/admin/payment-receipt';
import { adminResendVerification } from '../services/admin/resend-verification';
import { searchCustomers } from '../services/admin/search-customers';
import { cancelSubscription } from '../services/billing/cancel-subscription';

const subscriptionParams = z.object({ id: z.uuid('Invalid id'), subscriptionId: z.uuid('Invalid id') });

/**
 * The admin's customers: search, one customer's page, and the actions on their account. Every call is checked
 * for the admin role; every action is written to the audit log with the admin and the reason (decision 080).
 */
export const adminCustomerRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const action = { tags, security: BEARER, params: uuidParam, response: replies({ 200: envelope(customerActionSchema) }) };
  /** The customer after the action, and the action's row of the audit log. */
  const answer = async (userId: string, auditId: string | null): Promise<CustomerAction> => {
    const customer = await customerDetail(app.ctx.db, userId);
    return { customer, audit: customer.audit.find((e) => e.id === auditId) ?? customer.audit[0] };
  };

  app.get('/admin/users', { schema: { querystring: customerSearchQuery, tags, security: BEARER, response: replies({ 200: envelope(customerSearchSchema) }) }, preValidation: requireAdmin }, async (request) =>
    ok(await searchCustomers(app.ctx.db, request.query)),
  );

  app.get('/admin/users/:id', { schema: { params: uuidParam, tags, security: BEARER, response: replies({ 200: envelope(customerDetailSchema) }) }, preValidation: requireAdmin }, async (request) =>
    ok(await customerDetail(app.ctx.db, request.params.id)),
  );

  app.post('/admin/users/:id/resend-verification', { schema: { ...action, body: optionalReasonBody }, preValidation: requireAdmin }, async (request) => {
    const auditId = await adminResendVerification(app.ctx, actorOf(authOf(request)), request.params.id, request.body.reason);
    return ok(await answer(request.params.id, auditId), 'Verification e-mail sent');
  });

  app.post('/admin/users/:id/end-sessions', { schema: { ...action, body: reasonOnlyBody }, preValidation: requireAdmin }, async (request) => {
    const auditId = await adminEndSessions(app.ctx, actorOf(authOf(request)), request.params.id, request.body.reason);
    return ok(await answer(request.params.id, auditId), 'Every session of this customer was ended');
  });

  app.post('/admin/users/:id/extend-trial', { schema: { ...action, body: extendTrialBody }, preValidation: requireAdmin }, async (request) => {
    const auditId = await adminExtendTrial(app.ctx, actorOf(authOf(request)), request.params.id, request.body.days, request.body.reason);
    return ok(await answer(request.params.id, auditId), `Trial extended by ${request.body.days} ${request.body.days === 1 ? 'day' : 'days'}`);
  });

  app.post('/admin/users/:id/complimentary', { schema: { ...action, body: grantComplimentaryBody }, preValidation: requireAdmin }, async (request) => {
    const auditId = await adminGrantComplimentary(app.ctx, actorOf(authOf(request)), request.params.id, request.body);
    return ok(await answer(request.params.id, auditId), `Complimentary period of ${request.body.days} ${request.body.days === 1 ? 'day' : 'days'} granted`);
  });

  app.post(
    '/admin/users/:id/subscriptions/:subscriptionId/cancel',
    { schema: { ...action, params: subscriptionParams, body: adminCancelBody }, preValidation: requireAdmin },
    async (request) => {
      const { id, subscriptionId } = request.params;
      const user = await customerRow(app.ctx, id);
      const result = await cancelSubscription(app.ctx, user, subscriptionId, {}, { admin: actorOf(authOf(request)), ...request.body });
      return ok(await answer(id, null), result.message);
    },
  );

  app.get(
    '/admin/payments/:id/receipt',
    { schema: { params: uuidParam, tags, security: BEARER, response: replies({ 200: fileReply('application/pdf', "The customer's receipt (PDF), as an attachment.") }) }, preValidation: requireAdmin },
    async (request, reply) => {
      const { filename, pdf } = await adminPaymentReceipt(app.ctx, request.params.id);
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(pdf);
    },
  );
};
