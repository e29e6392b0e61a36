import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../shared/constants';
import { localeFromCookie } from '../../shared/i18n/locales';
import { ROOT_DIR } from '../lib/paths';
import { renderHead } from '../seo/head';
import { isPageRequest, pageAddress } from './address';
import { readPage } from './read-page';
import { HEAD_MARK } from './template';

/**
 * The page server in development: Vite in middleware mode with hot reload, every page rendered in the browser, its
 * head written by the server. A path that is no page is sent to /, as the spec says ("any other path: redirect to /"):
 * a redirect, so that a browser without scripts and a crawler arrive there too.
 */
export async function registerDevPageServer(app: FastifyInstance): Promise<void> {
  const [{ createServer }, middie] = await Promise.all([import('vite'), import('@fastify/middie')]);
  const vite = await createServer({ root: ROOT_DIR, configFile: path.join(ROOT_DIR, 'vite.config.ts'), server: { middlewareMode: true, hmr: { port: 24678 } }, appType: 'custom' });
  app.addHook('onClose', () => vite.close());
  await app.register(middie.default);
  app.use((req, res, next) => {
    if (req.url?.startsWith(`${API_PREFIX}/`)) return next();
    return vite.middlewares(req, res, next);
  });
  app.get('/*', async (request, reply) => {
    if (!isPageRequest(request)) return reply.callNotFound();
    const raw = readFileSync(path.join(ROOT_DIR, 'index.html'), 'utf8');
    const { path: pathname, search } = pageAddress(request.url);
    const found = await readPage(app, pathname, search, localeFromCookie(request.headers.cookie));
    if (!found) return reply.redirect('/');
    const html = (await vite.transformIndexHtml(request.url, raw)).replace(HEAD_MARK, renderHead(found.head, app.ctx.config.publicUrl));
    return reply
      .code(found.head.status ?? 200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  });
}
