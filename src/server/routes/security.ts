import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { security } from '../../shared/endpoints/security';
import { ok } from '../lib/http';
import { authOf } from '../plugins/auth';
import { requestMeta } from '../services/auth/place';
import { listSecurityEvents, recordSecurityEvent } from '../services/auth/security-log';
import { revokeOtherSessions } from '../services/auth/sessions';
import { withStepUp } from '../services/auth/two-factor';
import { route } from './route';

/** The Security page (issue 36): the account's own security log; signing out everywhere (behind step-up). */
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
};
