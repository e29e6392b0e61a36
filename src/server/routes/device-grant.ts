import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceGrant } from '../../shared/endpoints/device-grant';
import { clientMeta, ok } from '../lib/http';
import { route } from './route';
import { authOf } from '../plugins/auth';
import { placeOf } from '../services/auth/place';
import { OAuthRefusal } from '../services/auth/device-grant/codes';
import { decideDeviceGrant, lookupDeviceGrant } from '../services/auth/device-grant/decide';
import { pollDeviceToken } from '../services/auth/device-grant/poll-token';
import { requestDeviceCode } from '../services/auth/device-grant/request-code';
import { AUTH_LIMITS } from '../services/auth/rate-limits';

/**
 * Sign-in through the system browser (RFC 8628, decision 185). The program's two endpoints speak OAuth on the wire:
 * form-encoded bodies (as RFC 8628 and RFC 6749 send them) or JSON, answers without the API's envelope, refusals as
 * 400 `{ error, error_description }`, and `Cache-Control: no-store` (RFC 6749 §5.1). The approval page's two are
 * ordinary signed-in calls.
 */
export const deviceGrantRoutes: FastifyPluginAsyncZod = async (app) => {
  // This scope only: a form body becomes the object of its fields (the last value of a repeated one).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const place = (request: FastifyRequest) => placeOf(request, app.ctx.config.TRUSTED_CDN);
  const oauth = async <T>(reply: FastifyReply, work: () => Promise<T>) => {
    void reply.header('cache-control', 'no-store');
    try {
      return await work();
    } catch (err) {
      if (!(err instanceof OAuthRefusal)) throw err;
      return reply.status(400).send({ error: err.error, error_description: err.description, ...(err.interval ? { interval: err.interval } : {}) });
    }
  };

  await route(app, deviceGrant.code, async (request, reply) =>
    oauth(reply, () => requestDeviceCode(app.ctx, request.body ?? {}, { ip: clientMeta(request).ip, place: place(request) })),
  );

  await route(app, deviceGrant.token, async (request, reply) =>
    oauth(reply, () => pollDeviceToken(app.ctx, request.body ?? {}, { ...clientMeta(request), place: place(request) })),
  );

  await route(app, deviceGrant.lookup, async (request) => ok(await lookupDeviceGrant(app.ctx, request.body.userCode, authOf(request))));

  // An approval's password (a session signed in long ago) is counted per account before it is checked, as the other
  // calls that ask for it (routes/auth-account.ts): a stolen access token cannot guess on.
  await route(app, deviceGrant.decide, async (request) => {
    const who = authOf(request);
    const { userCode, approve, password } = request.body;
    if (approve && password) await app.ctx.limiter.consume(AUTH_LIMITS.currentPasswordAccount, who.user.id);
    return ok(await decideDeviceGrant(app.ctx, userCode, approve, who, password));
  });
};
