import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../shared/constants';
import { trimChars } from '../../shared/text';
import { CLIENT_DIST_DIR, ROOT_DIR } from '../lib/paths';
import { fallbackHead } from '../seo/pages';
import { renderHead } from '../seo/head';
import { HEAD_PROVIDERS } from '../seo/providers';
import { createPageRenderer, loadEntryServer } from '../ssr/render-page';
import { createPreloads } from './client-preload';

const HEAD_MARK = '<!--app-head-->';
const ROOT_ELEMENT = '<div id="root"></div>';
const STYLESHEET = /<link rel="stylesheet"[^>]*>/g;

async function headFor(app: FastifyInstance, pathname: string): Promise<string> {
  for (const provider of HEAD_PROVIDERS) {
    const tags = await provider(pathname, app.ctx);
    if (tags) return renderHead(tags, app.ctx.config.publicUrl);
  }
  return renderHead(fallbackHead(pathname), app.ctx.config.publicUrl);
}

const isPageRequest = (request: FastifyRequest) =>
  request.method === 'GET' && !request.url.startsWith(`${API_PREFIX}/`) && !path.extname(request.url.split('?')[0]);

/**
 * Serves the React client. Built: hashed assets cached for a year, HTML never cached, with the page's <head>
 * filled in by the server and the public pages rendered by it (ssr/render-page.ts), so they paint before the
 * JavaScript has run. Development: Vite in middleware mode with hot reload, every page rendered in the browser.
 */
export async function registerClient(app: FastifyInstance): Promise<void> {
  const { config } = app.ctx;
  if (config.NODE_ENV === 'development') return registerViteDev(app);

  const indexPath = path.join(CLIENT_DIST_DIR, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn('The client is not built (dist/client/index.html missing): run `npm run build`. Only the API is served.');
    return;
  }
  // The page is the template cut once at the head mark and at the root element: each request joins a few strings.
  const template = readFileSync(indexPath, 'utf8');
  if (!template.includes(HEAD_MARK) || !template.includes(ROOT_ELEMENT)) throw new Error(`${indexPath} lacks ${HEAD_MARK} or ${ROOT_ELEMENT}: it is not this project's build`);
  const [before, rest = ''] = template.split(HEAD_MARK);
  const [scripts, after = ''] = rest.split(ROOT_ELEMENT);
  // The stylesheet first: it alone holds back the first paint of a page the server rendered.
  const styles = (scripts.match(STYLESHEET) ?? []).join('\n    ');
  const middle = scripts.replace(STYLESHEET, '').replace(/\n\s*\n/g, '\n');
  const preloads = createPreloads(CLIENT_DIST_DIR);
  const entry = await loadEntryServer(CLIENT_DIST_DIR);
  if (!entry) app.log.warn('The build has no server bundle (ssr/entry-server.js): public pages render in the browser only.');
  const renderPage = entry ? createPageRenderer(app, entry) : async () => null;
  await app.register(fastifyStatic, {
    root: CLIENT_DIST_DIR,
    wildcard: false,
    index: false,
    // scripts/build.mjs writes .br and .gz beside each hashed asset: sent as they are, never compressed per request.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      else res.header('cache-control', 'public, max-age=3600');
    },
  });
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = trimChars(decodeURIComponent(request.url.split('?')[0]), '/', 'end') || '/';
    const [head, page] = await Promise.all([headFor(app, pathname), renderPage(request.url)]);
    // A rendered page paints before any script runs: its chunks are fetched by the entry once it has painted.
    const root = page ? `<div id="root" data-ssr="true" data-chunks="${preloads.chunks(pathname).join(' ')}">${page.markup}</div>${page.dataScript}` : ROOT_ELEMENT;
    const code = page ? middle : `${preloads.tags(pathname)}\n    ${middle}`;
    const pageStyles = preloads.styles(pathname);
    const html = `${before}${styles}${pageStyles && `\n    ${pageStyles}`}\n    ${head}\n    ${code}${root}${after}`;
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };
  app.get('/', sendPage);
  app.get('/*', async (request, reply) => {
    const file = request.url.split('?')[0];
    if (!isPageRequest(request)) {
      const rel = decodeURIComponent(file).replace(/^\/+/, '');
      // Dot folders (Vite's .vite/manifest.json) are the build's own, not the site's.
      if (rel && !rel.includes('..') && !rel.startsWith('.') && existsSync(path.join(CLIENT_DIST_DIR, rel))) return reply.sendFile(rel);
      return reply.callNotFound();
    }
    return sendPage(request, reply);
  });
}

async function registerViteDev(app: FastifyInstance): Promise<void> {
  const [{ createServer }, middie] = await Promise.all([import('vite'), import('@fastify/middie')]);
  const vite = await createServer({ root: ROOT_DIR, configFile: path.join(ROOT_DIR, 'vite.config.ts'), server: { middlewareMode: true, hmr: { port: 24678 } }, appType: 'custom' });
  app.ctx.onClose(() => vite.close());
  await app.register(middie.default);
  app.use((req, res, next) => {
    if (req.url?.startsWith(`${API_PREFIX}/`)) return next();
    return vite.middlewares(req, res, next);
  });
  app.get('/*', async (request, reply) => {
    if (!isPageRequest(request)) return reply.callNotFound();
    const pathname = request.url.split('?')[0];
    const raw = readFileSync(path.join(ROOT_DIR, 'index.html'), 'utf8');
    const html = (await vite.transformIndexHtml(request.url, raw)).replace(HEAD_MARK, await headFor(app, pathname));
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
