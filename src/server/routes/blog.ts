import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { blog } from '../../shared/endpoints/site';
import { notFound } from '../lib/errors';
import { ok } from '../lib/http';
import { NO_COMPRESS_HOOKS } from '../lib/compression';
import { sendStored } from '../lib/stored-answer';
import { findPublishedPost } from '../services/blog/get-published';
import { publishedPageBody } from '../services/blog/list-published';
import { cachedPublicRead } from '../services/blog/public-cache';
import { toBlogPost } from '../services/blog/to-dto';
import { route } from './route';

/** The public blog: published posts only, 6 a page, newest first. */
export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  // Both answers are kept in memory, compressed and with an ETag, while blog_posts is unchanged (public-cache.ts).
  await route(app, blog.posts, async (request, reply) => sendStored(request, reply, await publishedPageBody(app.ctx, request.query.page)), NO_COMPRESS_HOOKS);

  await route(
    app,
    blog.post,
    async (request, reply) => {
      const stored = await cachedPublicRead(app.ctx, `post:${request.params.slug}`, async () => {
        const row = await findPublishedPost(app.ctx, request.params.slug);
        if (!row) throw notFound('BLOG_POST_NOT_FOUND');
        return ok({ post: toBlogPost(row) });
      });
      return sendStored(request, reply, stored);
    },
    NO_COMPRESS_HOOKS,
  );
};
