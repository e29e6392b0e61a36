import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../lib/http';
import { requireAdmin } from '../plugins/auth';
import { listProviderCancellations } from '../services/billing/provider-cancellations';
import { BEARER, envelope, replies } from '../../shared/schemas/responses/envelope';
import { providerCancellationsSchema } from '../../shared/schemas/responses/billing';

/** What admins must watch in billing: subscriptions of deleted accounts not yet cancelled at Razorpay (decision 063). */
export const adminBillingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/billing/provider-cancellations', { schema: { tags: ['admin'], security: BEARER, response: replies({ 200: envelope(providerCancellationsSchema) }) }, preValidation: requireAdmin }, async () =>
    ok(await listProviderCancellations(app.ctx.db)),
  );
};
