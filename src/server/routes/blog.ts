import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../shared/messages';
import { blogListQuerySchema, slugParamSchema } from '../../shared/schemas/blog';
import { notFound } from '../lib/errors';
import { ok } from '../lib/http';
import { sendStored, STORED_ANSWERS } from '../lib/stored-answer';
import { findPublishedPost } from '../services/blog/get-published';
import { publishedPageBody } from '../services/blog/list-published';
import { cachedPublicRead } from '../services/blog/public-cache';
import { toBlogPost } from '../services/blog/to-dto';
import { envelope, orJsonText, replies } from '../../shared/schemas/responses/envelope';
import { blogListSchema, postData } from '../../shared/schemas/responses/blog';

/** The public blog: published posts only, 6 a page, newest first. */
export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  // Both answers are kept in memory, compressed and with an ETag, while blog_posts is unchanged (public-cache.ts).
  app.get('/blog/posts', { ...STORED_ANSWERS, schema: { querystring: blogListQuerySchema, tags: ['blog'], response: replies({ 200: orJsonText(envelope(blogListSchema)) }) } }, async (request, reply) => {
    return sendStored(request, reply, await publishedPageBody(app.ctx, request.query.page));
  });

  app.get('/blog/posts/:slug', { ...STORED_ANSWERS, schema: { params: slugParamSchema, tags: ['blog'], response: replies({ 200: orJsonText(envelope(postData)) }) } }, async (request, reply) => {
    const stored = await cachedPublicRead(app.ctx, `post:${request.params.slug}`, async () => {
      const row = await findPublishedPost(app.ctx, request.params.slug);
      if (!row) throw notFound(MSG.blogNotFound);
      return ok({ post: toBlogPost(row) });
    });
    return sendStored(request, reply, stored);
  });
};
