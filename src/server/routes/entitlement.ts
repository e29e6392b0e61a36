import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { entitlement } from '../../shared/endpoints/billing';
import { ok } from '../lib/http';
import { route } from './route';
import { NO_COMPRESS_HOOKS } from '../lib/compression';
import { authOf } from '../plugins/auth';
import { entitlementFrom, entitlementSubscriptions } from '../services/billing/subscriptions/entitlement';

/** For the desktop program (bearer token of a desktop or web session): which plan, valid until when. */
export const entitlementRoutes: FastifyPluginAsyncZod = async (app) => {
  await route(
    app,
    entitlement.read,
    async (request) => {
      // The subscriptions are kept with the session check, under its bound (decision 091): every change is announced.
      const { user } = authOf(request);
      const subs = await app.ctx.readCache.keep(`subscriptions:${user.id}`, () => entitlementSubscriptions(app.ctx.db, user.id));
      return ok({ entitlement: entitlementFrom(user, subs) });
    },
    NO_COMPRESS_HOOKS,
  );
};
