import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../shared/messages';
import { blogListQuerySchema, slugParamSchema } from '../../shared/schemas/blog';
import { notFound } from '../lib/errors';
import { ok } from '../lib/http';
import { findPublishedPost } from '../services/blog/get-published';
import { listPublishedPosts } from '../services/blog/list-published';
import { cachedPublicRead } from '../services/blog/public-cache';
import { toBlogPost } from '../services/blog/to-dto';

const JSON_TYPE = 'application/json; charset=utf-8';

/** The public blog: published posts only, 6 a page, newest first. */
export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  // Both answers are kept in memory while blog_posts is unchanged (checked on every request: see public-cache.ts).
  app.get('/blog/posts', { schema: { querystring: blogListQuerySchema, tags: ['blog'] } }, async (request, reply) => {
    const body = await cachedPublicRead(app.ctx.db, `list:${request.query.page}`, async () => ok(await listPublishedPosts(app.ctx.db, request.query.page)));
    return reply.type(JSON_TYPE).send(body);
  });

  app.get('/blog/posts/:slug', { schema: { params: slugParamSchema, tags: ['blog'] } }, async (request, reply) => {
    const body = await cachedPublicRead(app.ctx.db, `post:${request.params.slug}`, async () => {
      const row = await findPublishedPost(app.ctx.db, request.params.slug);
      if (!row) throw notFound(MSG.blogNotFound);
      return ok({ post: toBlogPost(row) });
    });
    return reply.type(JSON_TYPE).send(body);
  });
};
