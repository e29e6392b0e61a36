import type { FastifyInstance } from 'fastify';

/**
 * After a change of what the public answers are made of (posts, releases), the instance that made it reads the new
 * public version before it answers, so the next public read here shows the change; other instances are told by
 * PostgreSQL (services/blog/public-version.ts, migrations 0100 and 0230).
 */
export function readPublicVersionAfterChanges(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && reply.statusCode < 400) await app.ctx.blogVersion.refresh();
    return payload;
  });
}
