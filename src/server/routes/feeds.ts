import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildRobots, buildRss, buildSitemap } from '../services/blog/feeds';

const CACHE = 'public, max-age=300';

/** rss.xml, sitemap.xml and robots.txt at the site root, generated from the database. */
export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { publicUrl } = app.ctx.config;
  app.get('/rss.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', CACHE).type('application/rss+xml; charset=utf-8').send(await buildRss(app.ctx.db, publicUrl)),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', CACHE).type('application/xml; charset=utf-8').send(await buildSitemap(app.ctx.db, publicUrl)),
  );
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', CACHE).type('text/plain; charset=utf-8').send(buildRobots(publicUrl)),
  );
};
