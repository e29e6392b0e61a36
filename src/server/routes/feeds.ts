import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createCache } from '../lib/cache';
import { sendStored, storeAnswer, type StoredAnswer } from '../lib/stored-answer';
import { buildRobots, buildRss, buildSitemap, RSS_PATH } from '../services/blog/feeds';
import { keptUnderBlogVersion } from '../services/blog/public-cache';

const CACHE = 'public, max-age=300';

/** rss.xml, sitemap.xml and robots.txt at the site root, generated from the database. */
export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { publicUrl } = app.ctx.config;
  // The feed and the sitemap are made of blog_posts alone: each is made once per version of it, as the other public
  // reads (decision 077), and sent as kept (compressed once, with its ETag). Two entries: one of each, never more.
  const kept = createCache<StoredAnswer>({ maxEntries: 2 });
  const feed = (name: string, type: string, build: () => Promise<string>) => async (request: FastifyRequest, reply: FastifyReply) => {
    const stored = await keptUnderBlogVersion(app.ctx, kept, name, async () => storeAnswer(await build(), type));
    return sendStored(request, reply.header('cache-control', CACHE), stored);
  };
  app.get(
    RSS_PATH,
    { schema: { hide: true } },
    feed('rss', 'application/rss+xml; charset=utf-8', () => buildRss(app.ctx.db, publicUrl)),
  );
  app.get(
    '/sitemap.xml',
    { schema: { hide: true } },
    feed('sitemap', 'application/xml; charset=utf-8', () => buildSitemap(app.ctx.db, publicUrl)),
  );
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', CACHE).type('text/plain; charset=utf-8').send(buildRobots(publicUrl)),
  );
};
