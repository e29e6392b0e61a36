import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../shared/messages';
import { adminBlog } from '../../shared/endpoints/admin';
import { ok } from '../lib/http';
import { readPublicVersionAfterChanges } from './public-version-hook';
import { route } from './route';
import { deletePost } from '../services/blog/delete-post';
import { getPost } from '../services/blog/get-post';
import { listAllPosts } from '../services/blog/list-admin';
import { createPost, updatePost } from '../services/blog/save-post';
import { toBlogPost } from '../services/blog/to-dto';

/** Blog management: every call checks the admin role on the server (the declarations' admin guard). */
export const adminBlogRoutes: FastifyPluginAsyncZod = async (app) => {
  readPublicVersionAfterChanges(app);

  await route(app, adminBlog.posts, async (request) => {
    return ok(await listAllPosts(app.ctx, request.query.page, request.query.limit));
  });

  await route(app, adminBlog.post, async (request) => {
    return ok({ post: toBlogPost(await getPost(app.ctx.db, request.params.id)) });
  });

  await route(app, adminBlog.create, async (request, reply) => {
    const row = await createPost(app.ctx.db, request.body);
    reply.status(201);
    return ok({ post: toBlogPost(row) }, MSG.postCreated);
  });

  await route(app, adminBlog.update, async (request) => {
    const row = await updatePost(app.ctx.db, request.params.id, request.body);
    return ok({ post: toBlogPost(row) }, MSG.postUpdated);
  });

  // The form's preview shows exactly what saving would keep; raw admin HTML never reaches the browser's parser. The
  // sanitizer loads with the first preview or save, not at start.
  await route(app, adminBlog.preview, async (request) => {
    const { sanitizePostHtml } = await import('../services/blog/sanitize');
    return ok({ html: sanitizePostHtml(request.body.content) });
  });

  await route(app, adminBlog.remove, async (request) => {
    await deletePost(app.ctx.db, request.params.id);
    return ok(null, MSG.postDeleted);
  });
};
