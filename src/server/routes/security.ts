import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { security } from '../../shared/endpoints/security';
import { ok } from '../lib/http';
import { authOf } from '../plugins/auth';
import { requestMeta } from '../services/auth/place';
import { secureAccount } from '../services/auth/new-sign-in';
import { listSecurityEvents, recordSecurityEvent } from '../services/auth/security-log';
import { revokeOtherSessions } from '../services/auth/sessions';
import { withStepUp } from '../services/auth/two-factor';
import { route } from './route';

/**
 * The Security page (issue 36): the account's own security log; signing out everywhere (behind step-up). And the
 * "This wasn't me" of a new sign-in's mail (decision 200): public, the mailed token is the only key.
 */
export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  await route(app, security.log, async (request) => ok(await listSecurityEvents(app.ctx.db, authOf(request).user.id, request.query.before)));

  await route(app, security.signOutEverywhere, async (request) => {
    const { user, session } = authOf(request);
    await withStepUp(app.ctx.db, session.id, () =>
      app.ctx.db.transaction(async (tx) => {
        await revokeOtherSessions(tx, user.id, null, 'signed_out_everywhere');
        await recordSecurityEvent(tx, user.id, 'signed-out-everywhere', requestMeta(request, app.ctx.config.TRUSTED_CDN));
      }),
    );
    return ok(null);
  });

  await route(app, security.secureAccount, async (request) => ok(await secureAccount(app.ctx, request.body.token, requestMeta(request, app.ctx.config.TRUSTED_CDN))));
};
