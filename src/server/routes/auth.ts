import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginSchema, logoutSchema, refreshSchema } from '../../shared/schemas/auth';
import { MSG } from '../../shared/messages';
import { clientMeta, ok } from '../lib/http';
import { authOf, requireUser } from '../plugins/auth';
import { login } from '../services/auth/login';
import { toPublicUser } from '../services/auth/public-user';
import { revokeSession, rotateRefreshToken } from '../services/auth/sessions';

/** Sign-in, sign-out, the current user and token refresh. Sign-up, verification and reset are in auth-account.ts. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/auth/login', { schema: { body: loginSchema, tags: ['auth'] } }, async (request) => {
    const result = await login(app.ctx, app.accessTokens, request.body, clientMeta(request));
    return ok(result, MSG.loginSuccess);
  });

  app.post('/auth/logout', { schema: { body: logoutSchema, tags: ['auth'] }, preHandler: requireUser }, async (request) => {
    await revokeSession(app.ctx.db, authOf(request).session.id, 'logout');
    return ok(null, 'Logged out successfully');
  });

  app.get('/auth/me', { schema: { tags: ['auth'] }, preHandler: requireUser }, async (request) => {
    const { user, role } = authOf(request);
    return ok({ user: toPublicUser(user, role) });
  });

  app.post('/auth/refresh', { schema: { body: refreshSchema, tags: ['auth'] } }, async (request) => {
    const { session, user, refreshToken } = await rotateRefreshToken(app.ctx.db, request.body.refreshToken);
    const token = await app.accessTokens.sign({ sub: user.id, sid: session.id, tv: user.tokenVersion });
    return ok({ token, refreshToken });
  });
};
