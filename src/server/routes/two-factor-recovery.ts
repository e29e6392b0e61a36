import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { twoFactorRecovery } from '../../shared/endpoints/two-factor-recovery';
import { ok } from '../lib/http';
import { authOf } from '../plugins/auth';
import { requestMeta } from '../services/auth/place';
import { cancelRecoveryByLink, cancelRecoveryFromSession, completeRecovery, recoveryStatus, requestRecovery } from '../services/auth/two-factor-recovery';
import { route } from './route';

/**
 * Recovering two-step verification by e-mail (decision 201): asked for from the second step with its challenge, shown to
 * every signed-in session of the account, cancelled or finished by the mailed links.
 */
export const twoFactorRecoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const meta = (request: Parameters<typeof requestMeta>[0]) => requestMeta(request, app.ctx.config.TRUSTED_CDN);

  await route(app, twoFactorRecovery.request, async (request) => ok(await requestRecovery(app.ctx, request.body.challenge, meta(request))));

  await route(app, twoFactorRecovery.status, async (request) => ok(await recoveryStatus(app.ctx.db, authOf(request).user.id)));

  await route(app, twoFactorRecovery.cancelFromSession, async (request) => ok(await cancelRecoveryFromSession(app.ctx.db, authOf(request).user.id, meta(request))));

  await route(app, twoFactorRecovery.cancel, async (request) => {
    await cancelRecoveryByLink(app.ctx, request.body.token, meta(request));
    return ok(null);
  });

  await route(app, twoFactorRecovery.complete, async (request) => {
    await completeRecovery(app.ctx, request.body.token, meta(request));
    return ok(null);
  });
};
