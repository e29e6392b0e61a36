import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminReports } from '../../shared/endpoints/admin';
import { ok } from '../lib/http';
import { route } from './route';
import { readMetrics } from '../services/metrics/overview';

/** The admin overview: revenue, subscriptions, trials and the days of a period (decision 079). */
export const adminMetricsRoutes: FastifyPluginAsyncZod = async (app) => {
  await route(app, adminReports.metrics, async (request, reply) => {
    // Figures change with every payment, and they are the business's: kept by no browser or proxy.
    reply.header('cache-control', 'private, no-store');
    return ok(await readMetrics(app.ctx.db, request.query.days));
  });
};
