import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../lib/http';
import { authOf, requireUser } from '../plugins/auth';
import { entitlementFrom, entitlementSubscriptions } from '../services/billing/entitlement';
import { BEARER, envelope, replies } from '../../shared/schemas/responses/envelope';
import { entitlementData } from '../../shared/schemas/responses/billing';
import { SMALL_ANSWERS } from '../lib/stored-answer';

/** For the desktop program (bearer token of a desktop or web session): which plan, valid until when. */
export const entitlementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/entitlement', { ...SMALL_ANSWERS, schema: { tags: ['desktop'], security: BEARER, response: replies({ 200: envelope(entitlementData) }) }, preValidation: requireUser }, async (request) => {
    // The subscriptions are kept with the session check, under its bound (decision 091): every change is announced.
    const { user } = authOf(request);
    const subs = await app.ctx.sessionChecks.keep(`subscriptions:${user.id}`, () => entitlementSubscriptions(app.ctx.db, user.id));
    return ok({ entitlement: entitlementFrom(user, subs) });
  });
};
