import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminCustomers } from '../../shared/endpoints/admin';
import type { CustomerAction } from '../../shared/schemas/responses/admin-customers';
import { ok } from '../lib/http';
import { route } from './route';
import { authOf } from '../plugins/auth';
import { actorOf } from '../services/admin/audit';
import { customerDetail } from '../services/admin/customer-detail';
import { adminEndSessions } from '../services/admin/end-sessions';
import { adminExtendTrial } from '../services/admin/extend-trial';
import { adminGrantComplimentary } from '../services/admin/grant-complimentary';
import { customerRow } from '../services/admin/lock-customer';
import { adminPaymentReceipt } from '../services/admin/payment-receipt';
import { adminResendVerification } from '../services/admin/resend-verification';
import { adminResetTwoFactor } from '../services/admin/reset-two-factor';
import { searchCustomers } from '../services/admin/search-customers';
import { withStepUp } from '../services/auth/two-factor';
import { cancelSubscription } from '../services/billing/subscriptions/cancel-subscription';
import { adminListDevices, adminRemoveDevice } from '../services/licence/devices';

/**
 * The admin's customers: search, one customer's page, and the actions on their account. Every call is checked
 * for the admin role; every action is written to the audit log with the admin and the reason (decision 080).
 */
export const adminCustomerRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The customer after the action, and the action's row of the audit log. */
  const answer = async (userId: string, auditId: string | null): Promise<CustomerAction> => {
    const customer = await customerDetail(app.ctx.db, userId);
    return { customer, audit: customer.audit.find((e) => e.id === auditId) ?? customer.audit[0] };
  };

  await route(app, adminCustomers.search, async (request) => ok(await searchCustomers(app.ctx.db, request.query)));

  await route(app, adminCustomers.detail, async (request) => ok(await customerDetail(app.ctx.db, request.params.id)));

  await route(app, adminCustomers.resendVerification, async (request) => {
    const auditId = await adminResendVerification(app.ctx, actorOf(authOf(request)), request.params.id, request.body.reason);
    return ok(await answer(request.params.id, auditId), 'Verification e-mail sent');
  });

  await route(app, adminCustomers.endSessions, async (request) => {
    const auditId = await adminEndSessions(app.ctx, actorOf(authOf(request)), request.params.id, request.body.reason);
    return ok(await answer(request.params.id, auditId), 'Every session of this customer was ended');
  });

  // Behind the admin's own step-up (decision 201): the customer's authenticator and recovery codes go, never the password.
  await route(app, adminCustomers.resetTwoFactor, async (request) => {
    const auth = authOf(request);
    const auditId = await withStepUp(app.ctx.db, auth.session.id, () => adminResetTwoFactor(app.ctx, actorOf(auth), request.params.id, request.body.reason));
    return ok(await answer(request.params.id, auditId), 'Two-step verification was reset; the customer was told by email');
  });

  await route(app, adminCustomers.extendTrial, async (request) => {
    const auditId = await adminExtendTrial(app.ctx, actorOf(authOf(request)), request.params.id, request.body.days, request.body.reason);
    return ok(await answer(request.params.id, auditId), `Trial extended by ${request.body.days} ${request.body.days === 1 ? 'day' : 'days'}`);
  });

  await route(app, adminCustomers.grantComplimentary, async (request) => {
    const auditId = await adminGrantComplimentary(app.ctx, actorOf(authOf(request)), request.params.id, request.body);
    return ok(await answer(request.params.id, auditId), `Complimentary period of ${request.body.days} ${request.body.days === 1 ? 'day' : 'days'} granted`);
  });

  await route(app, adminCustomers.cancelSubscription, async (request) => {
    const { id, subscriptionId } = request.params;
    const user = await customerRow(app.ctx, id);
    const result = await cancelSubscription(app.ctx, user, subscriptionId, {}, { admin: actorOf(authOf(request)), ...request.body });
    return ok(await answer(id, null), result.message);
  });

  await route(app, adminCustomers.devices, async (request) => ok(await adminListDevices(app.ctx, request.params.id)));

  await route(app, adminCustomers.removeDevice, async (request) => {
    const { id, deviceId } = request.params;
    return ok(await adminRemoveDevice(app.ctx, actorOf(authOf(request)), id, deviceId, request.body.reason), 'Device removed');
  });

  await route(app, adminCustomers.receipt, async (request, reply) => {
    const { filename, pdf } = await adminPaymentReceipt(app.ctx, request.params.id);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(pdf);
  });
};
