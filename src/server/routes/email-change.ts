import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailChange } from '../../shared/endpoints/email-change';
import { AppError } from '../lib/errors';
import { ok } from '../lib/http';
import { authOf } from '../plugins/auth';
import { requestMeta } from '../services/auth/place';
import { confirmEmailChange, requestEmailChange, undoEmailChange } from '../services/auth/email-change';
import { withStepUp } from '../services/auth/two-factor';
import { route } from './route';

/** Changing the account's e-mail address (issue 36, decision 194): the request behind step-up, and the two mailed links. */
export const emailChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  await route(app, emailChange.request, async (request) => {
    const { user, session } = authOf(request);
    const { newEmail } = request.body;
    // The list of throw-away mail domains, as at sign-up (loaded with its first use).
    const { isDisposableEmail } = await import('../services/auth/disposable');
    if (isDisposableEmail(newEmail)) throw new AppError('VALIDATION_ERROR', 'DISPOSABLE_EMAIL');
    await withStepUp(app.ctx.db, session.id, () => requestEmailChange(app.ctx, user, newEmail, requestMeta(request, app.ctx.config.TRUSTED_CDN)));
    return ok(null);
  });

  await route(app, emailChange.confirm, async (request) => ok(await confirmEmailChange(app.ctx, request.body.token, requestMeta(request, app.ctx.config.TRUSTED_CDN))));

  await route(app, emailChange.undo, async (request) => ok(await undoEmailChange(app.ctx, request.body.token, requestMeta(request, app.ctx.config.TRUSTED_CDN))));
};
