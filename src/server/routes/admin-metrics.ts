import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { metricsQuery } from '../../shared/schemas/metrics';
import { ok } from '../lib/http';
import { requireAdmin } from '../plugins/auth';
import { readMetrics } from '../services/metrics/overview';
import { BEARER, envelope, replies } from '../../shared/schemas/responses/envelope';
import { adminMetricsSchema } from '../../shared/schemas/responses/metrics';

/** The admin overview: revenue, subscriptions, trials and the days of a period (decision 079). */
export const adminMetricsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/metrics',
    {
      schema: {
        querystring: metricsQuery,
        tags: ['admin'],
        summary: 'The business at a glance: MRR, subscriptions by plan, trials, and sign-ups, revenue, refunds, cancellations and downloads a day',
        security: BEARER,
        response: replies({ 200: envelope(adminMetricsSchema) }),
      },
      preValidation: requireAdmin,
    },
    async (request, reply) => {
      // Figures change with every payment, and they are the business's: kept by no browser or proxy.
      reply.header('cache-control', 'private, no-store');
      return ok(await readMetrics(app.ctx.db, request.query.days));
    },
  );
};
