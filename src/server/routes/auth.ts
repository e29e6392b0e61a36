import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginSchema, logoutSchema, refreshSchema } from '../../shared/schemas/auth';
import { MSG } from '../../shared/messages';
import { clientMeta, ok, requestAddress } from '../lib/http';
import { authOf, requireUser } from '../plugins/auth';
import { login } from '../services/auth/login';
import { placeOf } from '../services/auth/place';
import { toPublicUser } from '../services/auth/public-user';
import { AUTH_LIMITS } from '../services/auth/rate-limits';
import { revokeSession, rotateRefreshToken } from '../services/auth/sessions';
import { BEARER, envelope, noData, replies } from '../../shared/schemas/responses/envelope';
import { userData } from '../../shared/schemas/responses/account';
import { loginResultSchema, tokenPairSchema } from '../../shared/schemas/responses/auth';
import { SMALL_ANSWERS } from '../lib/stored-answer';

/** Sign-in, sign-out, the current user and token refresh. Sign-up, verification and reset are in auth-account.ts. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/login',
    {
      schema: { body: loginSchema, tags: ['auth'], response: replies({ 200: envelope(loginResultSchema) }) },
      // Every attempt counts against the address's ceiling (never given back), failures against its limit.
      preValidation: async (request) => {
        await app.ctx.limiter.consume(AUTH_LIMITS.loginIpAll, requestAddress(request));
        await app.ctx.limiter.consume(AUTH_LIMITS.loginIp, requestAddress(request));
      },
    },
    async (request) => {
      const meta = { ...clientMeta(request), place: placeOf(request, app.ctx.config.TRUSTED_CDN) };
      // The account's and the device's limits are counted inside login(), before the password is checked.
      const result = await login(app.ctx, request.body, meta);
      // Only failures count against the limits (the ceiling aside): a successful sign-in gives its hit back.
      await app.ctx.limiter.refund(AUTH_LIMITS.loginIp, requestAddress(request));
      return ok(result, MSG.loginSuccess);
    },
  );

  app.post('/auth/logout', { schema: { body: logoutSchema, tags: ['auth'], security: BEARER, response: replies({ 200: noData }) }, preValidation: requireUser }, async (request) => {
    await revokeSession(app.ctx.db, authOf(request).session.id, 'logout');
    return ok(null, MSG.logoutSuccess);
  });

  app.get('/auth/me', { ...SMALL_ANSWERS, schema: { tags: ['auth'], security: BEARER, response: replies({ 200: envelope(userData) }) }, preValidation: requireUser }, async (request) => {
    const { user, role } = authOf(request);
    return ok({ user: toPublicUser(user, role) });
  });

  app.post('/auth/refresh', { schema: { body: refreshSchema, tags: ['auth'], response: replies({ 200: envelope(tokenPairSchema) }) } }, async (request) => {
    const { session, user, refreshToken } = await rotateRefreshToken(app.ctx.db, request.body.refreshToken);
    const token = await app.ctx.accessTokens.sign({ sub: user.id, sid: session.id, tv: user.tokenVersion });
    return ok({ token, refreshToken });
  });
};
