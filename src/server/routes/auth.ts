import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auth } from '../../shared/endpoints/auth';
import { MSG } from '../../shared/messages';
import { ok, requestAddress } from '../lib/http';
import { route } from './route';
import { NO_COMPRESS_HOOKS } from '../lib/compression';
import { authOf } from '../plugins/auth';
import { login } from '../services/auth/login';
import { requestMeta } from '../services/auth/place';
import { toPublicUser } from '../services/auth/public-user';
import { AUTH_LIMITS } from '../services/auth/rate-limits';
import { revokeSession, rotateRefreshToken } from '../services/auth/sessions';

/** Sign-in, sign-out, the current user and token refresh. Sign-up, verification and reset are in auth-account.ts. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  await route(app, auth.login, async (request) => {
    const meta = requestMeta(request, app.ctx.config.TRUSTED_CDN);
    // The account's and the sign-in proof's limits are counted inside login(), before the password is checked.
    const result = await login(app.ctx, request.body, meta);
    // route() counted the attempt against the address's ceiling (never given back) and its limit (login-ip): only
    // failures count against the limits, so a successful sign-in gives that hit back.
    await app.ctx.limiter.refund(AUTH_LIMITS.loginIp, requestAddress(request));
    return ok(result, MSG.loginSuccess);
  });

  await route(app, auth.logout, async (request) => {
    await revokeSession(app.ctx.db, authOf(request).session.id, 'logout');
    return ok(null, MSG.logoutSuccess);
  });

  await route(
    app,
    auth.me,
    async (request) => {
      const { user, role } = authOf(request);
      return ok({ user: toPublicUser(user, role) });
    },
    NO_COMPRESS_HOOKS,
  );

  await route(app, auth.refresh, async (request) => {
    const { session, user, refreshToken } = await rotateRefreshToken(app.ctx.db, request.body.refreshToken);
    const token = await app.ctx.accessTokens.sign({ sub: user.id, sid: session.id, tv: user.tokenVersion });
    return ok({ token, refreshToken });
  });
};
