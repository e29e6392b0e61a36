import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../shared/messages';
import { blogListQuerySchema, slugParamSchema } from '../../shared/schemas/blog';
import { notFound } from '../lib/errors';
import { ok } from '../lib/http';
import { findPublishedPost } from '../services/blog/get-published';
import { listPublishedPosts } from '../services/blog/list-published';
import { toBlogPost } from '../services/blog/to-dto';

/** The public blog: published posts only, 6 a page, newest first. */
export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/blog/posts', { schema: { querystring: blogListQuerySchema, tags: ['blog'] } }, async (request) => {
    return ok(await listPublishedPosts(app.ctx.db, request.query.page));
  });

  app.get('/blog/posts/:slug', { schema: { params: slugParamSchema, tags: ['blog'] } }, async (request) => {
    const row = await findPublishedPost(app.ctx.db, request.params.slug);
    if (!row) throw notFound(MSG.blogNotFound);
    return ok({ post: toBlogPost(row) });
  });
};
