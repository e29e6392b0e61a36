import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { health } from '../../shared/endpoints/site';
import { envelopeOf } from '../lib/errors';
import { ok } from '../lib/http';
import { route } from './route';
import { NO_COMPRESS_HOOKS } from '../lib/compression';

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
  await route(
    app,
    health.ready,
    async (_request, reply) => {
      if (app.ctx.draining) return reply.status(503).send(envelopeOf('SERVICE_UNAVAILABLE', 'SHUTTING_DOWN'));
      const database = await check();
      const body = { status: database.ok ? 'ok' : 'degraded', database: { kind: app.ctx.database.kind, ...database }, uptimeSeconds: Math.round(process.uptime()) };
      if (!database.ok) return reply.status(503).send({ ...envelopeOf('SERVICE_UNAVAILABLE', 'DATABASE_UNAVAILABLE'), data: body });
      return ok(body);
    },
    NO_COMPRESS_HOOKS,
  );
  await route(app, health.live, async () => ok({ status: 'ok' }), NO_COMPRESS_HOOKS);
};
