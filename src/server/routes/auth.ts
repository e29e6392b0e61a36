import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginSchema, logoutSchema, refreshSchema } from '../../shared/schemas/auth';
import { MSG } from '../../shared/messages';
import { clientMeta, ok } from '../lib/http';
import { authOf, requireUser } from '../plugins/auth';
import { authDeps } from '../services/auth/deps';
import { login } from '../services/auth/login';
import { placeOf } from '../services/auth/place';
import { toPublicUser } from '../services/auth/public-user';
import { AUTH_LIMITS } from '../services/auth/rate-limits';
import { revokeSession, rotateRefreshToken } from '../services/auth/sessions';

/** Sign-in, sign-out, the current user and token refresh. Sign-up, verification and reset are in auth-account.ts. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/login',
    {
      schema: { body: loginSchema, tags: ['auth'] },
      preValidation: async (request) => authDeps(app.ctx).limiter.consume(AUTH_LIMITS.loginIp, request.ip),
    },
    async (request) => {
      const meta = { ...clientMeta(request), place: placeOf(request, app.ctx.config.TRUSTED_CDN) };
      // The account's and the device's limits are counted inside login(), before the password is checked.
      const result = await login(app.ctx, app.accessTokens, request.body, meta);
      // Only failures count against the limits: a successful sign-in gives its hit back.
      await authDeps(app.ctx).limiter.refund(AUTH_LIMITS.loginIp, request.ip);
      return ok(result, MSG.loginSuccess);
    },
  );

  app.post('/auth/logout', { schema: { body: logoutSchema, tags: ['auth'] }, preValidation: requireUser }, async (request) => {
    await revokeSession(app.ctx.db, authOf(request).session.id, 'logout');
    return ok(null, MSG.logoutSuccess);
  });

  app.get('/auth/me', { schema: { tags: ['auth'] }, preValidation: requireUser }, async (request) => {
    const { user, role } = authOf(request);
    return ok({ user: toPublicUser(user, role) });
  });

  app.post('/auth/refresh', { schema: { body: refreshSchema, tags: ['auth'] } }, async (request) => {
    const { session, user, refreshToken } = await rotateRefreshToken(app.ctx.db, request.body.refreshToken);
    const token = await app.accessTokens.sign({ sub: user.id, sid: session.id, tv: user.tokenVersion });
    return ok({ token, refreshToken });
  });
};
