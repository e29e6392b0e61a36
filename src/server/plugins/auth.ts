import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '../../shared/messages';
import { AppError } from '../lib/errors';
import { authenticate, type Authenticated } from '../services/auth/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    auth: Authenticated | null;
  }
  interface FastifyContextConfig {
    /** A GET that may change a session, its user or role (the e-mail verification link): it forgets the kept checks as a write does. */
    changesAccounts?: boolean;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : null;
}

async function resolve(app: FastifyInstance, request: FastifyRequest): Promise<Authenticated> {
  const token = bearer(request);
  if (!token) throw new AppError('UNAUTHORIZED', MSG.unauthorized);
  const claims = await app.ctx.accessTokens.verify(token);
  if (claims === 'expired') throw new AppError('TOKEN_EXPIRED', MSG.sessionExpired, 'TOKEN_EXPIRED');
  if (claims === 'invalid') throw new AppError('TOKEN_INVALIDATED', MSG.sessionInvalidated, 'TOKEN_INVALIDATED');
  return authenticate(app.ctx, claims);
}

/** preValidation hook (auth before input validation, so a visitor gets 401 rather than 400): the request needs a signed-in user. */
export const requireUser = async function (this: FastifyInstance, request: FastifyRequest) {
  request.auth = await resolve(this, request);
};

/** preValidation hook (auth before input validation, so a visitor gets 401 rather than 400): the request needs a signed-in admin (profiles.role = 'admin'), checked on every call. */
export const requireAdmin = async function (this: FastifyInstance, request: FastifyRequest) {
  request.auth = await resolve(this, request);
  if (request.auth.role !== 'admin') throw new AppError('FORBIDDEN', MSG.accessDenied);
};

/**
 * Every request starts signed out; requireUser and requireAdmin fill request.auth with the app's access tokens (app.ctx).
 * What may have been written by a request (every method but GET and HEAD, and the GETs marked changesAccounts) is
 * forgotten of the session checks this instance keeps (decision 091) before its answer leaves, so what a client did
 * here (a sign-out, a password change, a payment that changes the plan) is seen by its next request here at once,
 * without waiting for the notification that tells the other instances:
 * - a signed-in customer's write can change only their own sessions, user and reads: those alone go, and the checks
 *   of everyone else stay (the desktop program's usage reports, for one, no longer empty the instance's memory);
 * - an admin's write (it may change another account) and a write without a signed-in user (a login that displaces a
 *   session, a token refresh, a webhook that changes a plan) forget everything kept.
 */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  app.addHook('onSend', (request, _reply, payload, done) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || request.routeOptions.config?.changesAccounts) {
      const auth = request.auth;
      if (auth && auth.role !== 'admin') app.ctx.sessionChecks.forgetUser(auth.user.id);
      else app.ctx.sessionChecks.forget();
    }
    done(null, payload);
  });
}

/** The signed-in user of a route guarded by requireUser or requireAdmin. */
export function authOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new AppError('UNAUTHORIZED', MSG.unauthorized);
  return request.auth;
}
