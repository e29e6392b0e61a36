import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '../../shared/messages';
import { AppError } from '../lib/errors';
import { authenticate, type Authenticated } from '../services/auth/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    auth: Authenticated | null;
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
  if (claims === 'expired') throw new AppError('TOKEN_EXPIRED', 'Your session has expired. Please refresh it or log in again.', 'TOKEN_EXPIRED');
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

/** Every request starts signed out; requireUser and requireAdmin fill request.auth with the app's access tokens (app.ctx). */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
}

/** The signed-in user of a route guarded by requireUser or requireAdmin. */
export function authOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new AppError('UNAUTHORIZED', MSG.unauthorized);
  return request.auth;
}
