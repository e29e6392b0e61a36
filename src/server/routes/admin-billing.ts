import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../lib/http';
import { route } from './route';
import { listProviderCancellations } from '../services/billing/subscriptions/provider-cancellations';
import { adminBilling } from '../../shared/endpoints/admin';

/** What admins must watch in billing: subscriptions of deleted accounts not yet cancelled at Razorpay (decision 063). */
export const adminBillingRoutes: FastifyPluginAsyncZod = async (app) => {
  await route(app, adminBilling.providerCancellations, async () => ok(await listProviderCancellations(app.ctx.db)));
};
