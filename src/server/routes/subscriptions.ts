import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cancelSubscriptionSchema, createSubscriptionSchema, idParam } from '../../shared/schemas/billing';
import { ok } from '../lib/http';
import { authOf, requireUser } from '../plugins/auth';
import { cancelSubscription } from '../services/billing/cancel-subscription';
import { currentSubscription } from '../services/billing/current-subscription';
import { listPlans, listPublicPlans } from '../services/billing/plans';
import { startCheckout } from '../services/billing/start-checkout';
import { BEARER, envelope, replies } from '../../shared/schemas/responses/envelope';
import { cancelReply, checkoutStartData, currentSubscriptionData, plansData } from '../../shared/schemas/responses/billing';

/** Plans, the current subscription, starting a purchase and cancelling autopay (spec §7). */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['subscriptions'];

  app.get('/subscriptions/plans/public', { schema: { tags, response: replies({ 200: envelope(plansData) }) } }, async () => ok({ plans: await listPublicPlans(app.ctx) }));

  app.get('/subscriptions/plans', { schema: { tags, security: BEARER, response: replies({ 200: envelope(plansData) }) }, preValidation: requireUser }, async () => ok({ plans: await listPlans(app.ctx.db) }));

  app.get('/subscriptions/current', { schema: { tags, security: BEARER, response: replies({ 200: envelope(currentSubscriptionData) }) }, preValidation: requireUser }, async (request) => {
    return ok({ subscription: await currentSubscription(app.ctx.db, authOf(request).user.id) });
  });

  app.post('/subscriptions', { schema: { body: createSubscriptionSchema, tags, security: BEARER, response: replies({ 200: envelope(checkoutStartData) }) }, preValidation: requireUser }, async (request) => {
    const result = await startCheckout(app.ctx, authOf(request).user, request.body);
    return ok(result);
  });

  app.patch('/subscriptions/:id/cancel', { schema: { params: idParam, body: cancelSubscriptionSchema, tags, security: BEARER, response: replies({ 200: cancelReply }) }, preValidation: requireUser }, async (request) => {
    const { subscription, alreadySetToCancel, message } = await cancelSubscription(app.ctx, authOf(request).user, request.params.id, request.body);
    return { ...ok({ subscription, alreadySetToCancel }, message), alreadySetToCancel };
  });
};
