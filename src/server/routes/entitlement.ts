import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../lib/http';
import { authOf, requireUser } from '../plugins/auth';
import { entitlementOf } from '../services/billing/entitlement';

/** For the desktop program (bearer token of a desktop or web session): which plan, valid until when. */
export const entitlementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/entitlement', { schema: { tags: ['desktop'] }, preValidation: requireUser }, async (request) => {
    return ok({ entitlement: await entitlementOf(app.ctx.db, authOf(request).user) });
  });
};
