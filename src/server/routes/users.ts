import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../shared/endpoints/account';
import { MSG } from '../../shared/messages';
import { ok } from '../lib/http';
import { route } from './route';
import { authOf } from '../plugins/auth';
import { dashboard, recentUsage, recentUsageKey } from '../services/users/dashboard';
import { recordUsage } from '../services/users/record-usage';

/** The signed-in user's dashboard, and the usage reports of the desktop program. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  await route(app, users.dashboard, async (request) => {
    const { user, role } = authOf(request);
    // The recent usage is kept with the session check, under its bound (decision 091): each report is announced.
    return ok(dashboard(user, role, await app.ctx.readCache.keep(recentUsageKey(user.id), () => recentUsage(app.ctx.db, user.id))));
  });

  // Its limits per device (the session) and per account are applied by route() from the declaration, before the body
  // is validated, so hostile bodies count too (decision 106).
  await route(app, users.reportUsage, async (request, reply) => {
    const { user } = authOf(request);
    const recorded = await recordUsage(app.ctx.db, user, request.body);
    if (recorded.kind === 'single') return reply.status(201).send(ok({ usage: recorded.usage }, MSG.usageRecorded));
    return reply.status(201).send(ok(recorded.batch, MSG.usageRecorded));
  });
};
