import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../shared/messages';
import { usageSchema } from '../../shared/schemas/account';
import { ok } from '../lib/http';
import { authOf, requireUser } from '../plugins/auth';
import { dashboard, recentUsage, recentUsageKey } from '../services/users/dashboard';
import { recordUsage } from '../services/users/record-usage';
import { BEARER, envelope, replies } from '../../shared/schemas/responses/envelope';
import { dashboardData, usageData } from '../../shared/schemas/responses/account';

/** The signed-in user's dashboard, and the usage reports of the desktop program. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/users/dashboard', { schema: { tags: ['users'], security: BEARER, response: replies({ 200: envelope(dashboardData) }) }, preValidation: requireUser }, async (request) => {
    const { user, role } = authOf(request);
    // The recent usage is kept with the session check, under its bound (decision 091): each report is announced.
    return ok(dashboard(user, role, await app.ctx.sessionChecks.keep(recentUsageKey(user.id), () => recentUsage(app.ctx.db, user.id))));
  });

  app.post('/usage', { schema: { body: usageSchema, tags: ['users'], security: BEARER, response: replies({ 201: envelope(usageData) }) }, preValidation: requireUser }, async (request, reply) => {
    const { user } = authOf(request);
    const item = await recordUsage(app.ctx.db, user.id, request.body);
    return reply.status(201).send(ok({ usage: item }, MSG.usageRecorded));
  });
};
