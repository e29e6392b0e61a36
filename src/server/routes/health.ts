import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../lib/http';
import { envelope, replies } from '../../shared/schemas/responses/envelope';
import { healthSchema, healthUnavailable, liveSchema } from '../../shared/schemas/responses/health';
import { SMALL_ANSWERS } from '../lib/stored-answer';

/** Liveness and readiness for load balancers: the database must answer. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const check = async () => {
    const started = performance.now();
    try {
      await app.ctx.database.ping();
      return { ok: true, latencyMs: Math.round(performance.now() - started) };
    } catch {
      return { ok: false, latencyMs: Math.round(performance.now() - started) };
    }
  };
  app.get('/health', { ...SMALL_ANSWERS, schema: { tags: ['health'], response: replies({ 200: envelope(healthSchema), 503: healthUnavailable }) } }, async (_request, reply) => {
    if (app.ctx.draining) return reply.status(503).send({ success: false, error: 'SERVICE_UNAVAILABLE', message: 'This instance is shutting down.' });
    const database = await check();
    const body = { status: database.ok ? 'ok' : 'degraded', database: { kind: app.ctx.database.kind, ...database }, uptimeSeconds: Math.round(process.uptime()) };
    if (!database.ok) return reply.status(503).send({ success: false, error: 'SERVICE_UNAVAILABLE', message: 'The database is not answering.', data: body });
    return ok(body);
  });
  app.get('/health/live', { ...SMALL_ANSWERS, schema: { tags: ['health'], response: replies({ 200: envelope(liveSchema) }) } }, async () => ok({ status: 'ok' }));
};
