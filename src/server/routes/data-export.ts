import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataExport } from '../../shared/endpoints/data-export';
import { AppError } from '../lib/errors';
import { authOf } from '../plugins/auth';
import { requestMeta } from '../services/auth/place';
import { AUTH_LIMITS } from '../services/auth/rate-limits';
import { withStepUp } from '../services/auth/two-factor';
import { exportAccountData } from '../services/users/data-export';
import { route } from './route';

/**
 * The account's data as a file (issue 36, decision 199): behind step-up, counted per account only once the step-up
 * held, recorded in the security log and told by mail before the file leaves (services/users/data-export.ts).
 */
export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  await route(app, dataExport.download, async (request, reply) => {
    const { user, session } = authOf(request);
    const { fileName, data } = await withStepUp(app.ctx.db, session.id, async () => {
      try {
        await app.ctx.limiter.consume(AUTH_LIMITS.dataExportAccount, user.id);
      } catch (err) {
        if (err instanceof AppError && err.error === 'TOO_MANY_REQUESTS') reply.header('retry-after', String(err.extra?.retryAfterSeconds ?? 60));
        throw err;
      }
      return exportAccountData(app.ctx, user.id, requestMeta(request, app.ctx.config.TRUSTED_CDN));
    });
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(JSON.stringify(data, null, 2)));
  });
};
