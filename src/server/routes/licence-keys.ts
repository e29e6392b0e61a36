import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** How long the public key set may be kept: a day, and a week more while it is fetched again (decision 183). */
const CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

/**
 * GET /.well-known/jwks.json: the public keys that verify desktop licence leases (current, next, previous), as a JWK
 * Set (RFC 7517). Kept long: a key is published as `next` at least a day before it signs (docs/operations.md).
 */
export const licenceKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const body = JSON.stringify(app.ctx.licenceKeys.jwks);
  app.get('/.well-known/jwks.json', { schema: { hide: true } }, async (_request, reply) => reply.header('cache-control', CACHE).type('application/json; charset=utf-8').send(body));
};
