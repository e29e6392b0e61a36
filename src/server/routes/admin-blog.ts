import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../shared/messages';
import { adminBlogListQuerySchema, blogPostInputSchema, previewSchema } from '../../shared/schemas/blog';
import { uuidParam } from '../../shared/schemas/fields';
import { ok } from '../lib/http';
import { requireAdmin } from '../plugins/auth';
import { deletePost } from '../services/blog/delete-post';
import { getPost } from '../services/blog/get-post';
import { listAllPosts } from '../services/blog/list-admin';
import { createPost, updatePost } from '../services/blog/save-post';
import { toBlogPost } from '../services/blog/to-dto';
import { BEARER, envelope, noData, replies } from '../../shared/schemas/responses/envelope';
import { adminBlogListSchema, postData, previewData } from '../../shared/schemas/responses/blog';

/** Blog management: every call checks the admin role on the server. */
export const adminBlogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', requireAdmin);
  // After a change of posts, this instance reads the new version of blog_posts before it answers, so the admin's
  // next public read here shows the change (other instances are told by PostgreSQL: public-version.ts).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && reply.statusCode < 400) await app.ctx.blogVersion.refresh();
    return payload;
  });
  const tags = ['admin'];
  const security = BEARER;

  app.get('/admin/blog/posts', { schema: { querystring: adminBlogListQuerySchema, tags, security, response: replies({ 200: envelope(adminBlogListSchema) }) } }, async (request) => {
    return ok(await listAllPosts(app.ctx, request.query.page, request.query.limit));
  });

  app.get('/admin/blog/posts/:id', { schema: { params: uuidParam, tags, security, response: replies({ 200: envelope(postData) }) } }, async (request) => {
    return ok({ post: toBlogPost(await getPost(app.ctx.db, request.params.id)) });
  });

  app.post('/admin/blog/posts', { schema: { body: blogPostInputSchema, tags, security, response: replies({ 201: envelope(postData) }) } }, async (request, reply) => {
    const row = await createPost(app.ctx.db, request.body);
    reply.status(201);
    return ok({ post: toBlogPost(row) }, MSG.postCreated);
  });

  app.put('/admin/blog/posts/:id', { schema: { params: uuidParam, body: blogPostInputSchema, tags, security, response: replies({ 200: envelope(postData) }) } }, async (request) => {
    const row = await updatePost(app.ctx.db, request.params.id, request.body);
    return ok({ post: toBlogPost(row) }, MSG.postUpdated);
  });

  // The form's preview shows exactly what saving would keep; raw admin HTML never reaches the browser's parser. The
  // sanitizer loads with the first preview or save, not at start.
  app.post('/admin/blog/preview', { schema: { body: previewSchema, tags, security, response: replies({ 200: envelope(previewData) }) } }, async (request) => {
    const { sanitizePostHtml } = await import('../services/blog/sanitize');
    return ok({ html: sanitizePostHtml(request.body.content) });
  });

  app.delete('/admin/blog/posts/:id', { schema: { params: uuidParam, tags, security, response: replies({ 200: noData }) } }, async (request) => {
    await deletePost(app.ctx.db, request.params.id);
    return ok(null, MSG.postDeleted);
  });
};
