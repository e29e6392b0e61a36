import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import { authenticate, refuseClosedAccount, type Authenticated } from '../services/auth/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    auth: Authenticated | null;
  }
  interface FastifyContextConfig {
    /** A GET that may change a session, its user or role (the e-mail verification link): it forgets the kept checks as a write does. */
    changesAccounts?: boolean;
    /**
     * A write that changes no table the read cache reads (services/read-cache/registry.ts): the desktop program's
     * device activation and lease refresh write `devices` alone, so they forget nothing kept.
     */
    keepsReads?: boolean;
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
  if (!token) throw new AppError('UNAUTHORIZED', 'UNAUTHORIZED');
  const claims = await app.ctx.accessTokens.verify(token);
  if (claims === 'expired') {
    // An expired token of a deleted account: the program would refresh, find its session gone and only be signed out.
    const account = await app.ctx.accessTokens.expiredAccount(token);
    if (account) await refuseClosedAccount(app.ctx.db, account);
    throw new AppError('TOKEN_EXPIRED', 'TOKEN_EXPIRED');
  }
  if (claims === 'invalid') throw new AppError('TOKEN_INVALIDATED', 'TOKEN_INVALIDATED');
  return authenticate(app.ctx, claims);
}

/** preValidation hook (auth before input validation, so a visitor gets 401 rather than 400): the request needs a signed-in user. */
export const requireUser = async function (this: FastifyInstance, request: FastifyRequest) {
  request.auth = await resolve(this, request);
};

/**
 * preValidation hook (auth before input validation, so a visitor gets 401 rather than 400): the request needs a
 * signed-in admin (profiles.role = 'admin'), checked on every call, from a session that passed a second factor
 * (decision 193): an admin without two-step verification is sent to turn it on before any admin action.
 */
export const requireAdmin = async function (this: FastifyInstance, request: FastifyRequest) {
  request.auth = await resolve(this, request);
  if (request.auth.role !== 'admin') throw new AppError('FORBIDDEN', 'ADMIN_ONLY');
  if (!request.auth.session.secondFactorAt) throw new AppError('FORBIDDEN', 'ADMIN_TWO_FACTOR_REQUIRED');
};

/**
 * Every request starts signed out; requireUser and requireAdmin fill request.auth with the app's access tokens (app.ctx).
 * A route that may write (every method but GET and HEAD, and the GETs marked changesAccounts) forgets what this
 * instance keeps of the session checks (decision 091) before a successful answer leaves, so what a client did here (a
 * sign-out, a password change, a payment that changes the plan) is seen by its next request here at once, without
 * waiting for the notification that tells every instance of a change in the database:
 * - a signed-in customer's write can change only their own sessions, user and reads: those alone go, and the checks
 *   of everyone else stay (the desktop program's usage reports, for one, no longer empty the instance's memory);
 * - an admin's write (it may change another account) and a write without a signed-in user (a login that displaces a
 *   session, a token refresh, a webhook that changes a plan) forget everything kept.
 * A refused write (4xx, 5xx) forgets nothing: what it changed, if anything (a reused refresh token ends its session),
 * reaches this instance with the notification. So anonymous writes that anyone may send (an empty refresh, a bad
 * login) cannot empty the instance's checks. Reads carry no hook at all.
 */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  const forgetAfterWrite = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
    if (reply.statusCode < 400) {
      const auth = request.auth;
      if (auth && auth.role !== 'admin') app.ctx.readCache.forgetUser(auth.user.id);
      else app.ctx.readCache.forget();
    }
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    const reads = [route.method].flat().every((m) => m === 'GET' || m === 'HEAD');
    if ((reads && !route.config?.changesAccounts) || route.config?.keepsReads) return;
    route.onSend = [...[route.onSend ?? []].flat(), forgetAfterWrite];
  });
}

/** The signed-in user of a route guarded by requireUser or requireAdmin. */
export function authOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new AppError('UNAUTHORIZED', 'UNAUTHORIZED');
  return request.auth;
}
