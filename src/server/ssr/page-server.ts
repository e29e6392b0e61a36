import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InitialData } from '../../client/ssr/initial-data';
import { DEFAULT_LOCALE, localeFromCookie } from '../../shared/i18n/locales';
import { NotKept, notKept } from '../lib/cache';
import { CLIENT_DIST_DIR } from '../lib/paths';
import { sendStored, storeAnswer } from '../lib/stored-answer';
import { keptUnderBlogVersion } from '../services/blog/public-cache';
import { createAddressReader, isPageRequest, keyOf, languageRedirect } from './address';
import { registerDevPageServer } from './dev-server';
import { createPageMaker, type Made } from './make-page';
import { createPreloads } from './preload';
import { createPageRenderer, loadEntryServer, type RenderedPage } from './render-page';
import { readTemplate } from './template';

const HTML_TYPE = 'text/html; charset=utf-8';
/** The brand images at the site's root (scripts/brand-images.mjs): the link preview and the icons. */
const SHOWN_ELSEWHERE = /^(og-image\.png|favicon\.(ico|svg)|apple-touch-icon\.png|icon-\d+\.png)$/;
/** What the first-visit rule reads (decision 090): a cache in between keeps one answer per language and choice. */
const LANGUAGE_VARY = 'accept-language, cookie';

/**
 * The page server: the React client, built. Hashed assets cached for a year, HTML never cached, with the page's <head>
 * filled in by the server and the public pages rendered by it (render-page.ts), so they paint before the JavaScript
 * has run. In development, Vite in middleware mode with hot reload, every page rendered in the browser (dev-server.ts).
 * Steps: cut the template once, start loading the server render, serve the hashed assets and the site's root files,
 * then answer every page address (`sendPage`).
 */
export async function registerPageServer(app: FastifyInstance, clientDir = CLIENT_DIST_DIR): Promise<void> {
  if (app.ctx.config.NODE_ENV === 'development') return registerDevPageServer(app);
  const template = readTemplate(clientDir);
  if (!template) {
    app.log.warn('The client is not built (dist/client/index.html missing): run `npm run build`. Only the API is served.');
    return;
  }
  const render = startServerRender(app, clientDir);
  await registerAssets(app, clientDir);
  await registerRootFiles(app, clientDir);
  const makePage = createPageMaker({ app, template, preloads: createPreloads(clientDir), render, keyOf });
  const sendPage = createPageSender(app, makePage);
  app.get('/', sendPage);
  app.get('/*', async (request, reply) => {
    if (isPageRequest(request)) return sendPage(request, reply);
    return sendRootFile(request, reply, clientDir);
  });
}

/**
 * The server bundle (React's server renderer and the screens, some 200 ms to load) loads while the app starts and
 * listens: the API answers meanwhile, and a page asked for before it is there waits for it. Without it (none in the
 * build, or it failed to load), public pages render in the browser only.
 */
function startServerRender(app: FastifyInstance, clientDir: string): (url: string, data: InitialData, keep: boolean) => Promise<RenderedPage | null> {
  const rendering = loadEntryServer(clientDir).then(
    (entry) => {
      if (!entry) app.log.warn('The build has no server bundle (ssr/entry-server.js): public pages render in the browser only.');
      return entry ? createPageRenderer(app, entry) : null;
    },
    (err: unknown) => {
      app.log.error({ err }, 'the server bundle failed to load: public pages render in the browser only');
      return null;
    },
  );
  return async (url, data, keep) => (await rendering)?.(url, data, keep) ?? null;
}

/**
 * The hashed assets (a few hundred files with their .br and .gz) are one route, `/assets/*`, looked up when asked for:
 * a route per file made the start register some six hundred routes. A name not there is a 404, never a page.
 */
async function registerAssets(app: FastifyInstance, clientDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: path.join(clientDir, 'assets'),
    prefix: '/assets/',
    index: false,
    decorateReply: false,
    // scripts/build.mjs writes .br and .gz beside each hashed asset: sent as they are, never compressed per request.
    preCompressed: true,
    setHeaders: (res) => res.header('cache-control', 'public, max-age=31536000, immutable'),
  });
}

/**
 * The files of the site's root (favicon, icons, link preview, web manifest) are answered by `/*` through
 * `reply.sendFile` (sendRootFile), which this registration gives the replies: it serves no route of its own. They keep
 * their names, so they are kept an hour only: a new brand image reaches every visitor the same day.
 */
async function registerRootFiles(app: FastifyInstance, clientDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: clientDir,
    serve: false,
    index: false,
    preCompressed: true,
    setHeaders: (res, filePath) => {
      res.header('cache-control', 'public, max-age=3600');
      // The type every browser and link-preview crawler knows for icons (send would name the registered one).
      if (filePath.endsWith('.ico')) res.header('content-type', 'image/x-icon');
      // The link preview and the icons are made to be shown by other sites (a chat's preview card, a search
      // result): they may be embedded anywhere, while every other response stays same-origin.
      if (path.dirname(filePath) === clientDir && SHOWN_ELSEWHERE.test(path.basename(filePath))) res.header('cross-origin-resource-policy', 'cross-origin');
    },
  });
}

/** A file of the site's root, or a 404. Dot folders (Vite's .vite/manifest.json) are the build's own, not the site's. */
function sendRootFile(request: FastifyRequest, reply: FastifyReply, clientDir: string) {
  const rel = decodeURIComponent(request.url.split('?')[0]).replace(/^\/+/, '');
  if (rel && !rel.includes('..') && !rel.startsWith('.') && existsSync(path.join(clientDir, rel))) return reply.sendFile(rel);
  return reply.callNotFound();
}

/** A page made for this request alone: its redirect, or its HTML, never cached by the browser. */
const sendMade = (reply: FastifyReply, made: Made) =>
  'redirect' in made ? reply.redirect(made.redirect) : reply.code(made.status).header('cache-control', 'no-cache').type(HTML_TYPE).send(made.html);

/** Answers a page address: a redirect (another case, another language), a kept public page, or one made for it. */
function createPageSender(app: FastifyInstance, makePage: ReturnType<typeof createPageMaker>) {
  const { publicPages } = app.ctx.caches;
  const addressOf = createAddressReader();
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { pathname, search, at, key, recased } = addressOf(request.url);
    // One address per page: a case variant of it (/Privacy-Policy) is sent to the page's own, for good (301), its
    // query kept; the same page was answered at every spelling (the router matches whatever the case).
    if (recased) return reply.redirect(`${recased}${search.size > 0 ? `?${search.toString()}` : ''}`, 301);
    if (key?.startsWith(`${DEFAULT_LOCALE}:`)) {
      reply.header('vary', LANGUAGE_VARY);
      const target = languageRedirect(request, at, search);
      if (target) return reply.header('cache-control', 'private, no-cache').redirect(encodeURI(target), 302);
    }
    if (!key) {
      // A page drawn in the browser is headed in the remembered language (the signed-in user's): no English title first.
      if (at && !at.page.public) reply.header('vary', 'cookie');
      return sendMade(reply, await makePage(request.url, pathname, search, localeFromCookie(request.headers.cookie)));
    }
    // A public page answered in full a moment ago, with the blog unchanged since, is sent again as it was kept:
    // compressed, with its ETag (304 when the browser holds it), no read and no render (decision 077). Requests
    // that miss together share one making of the page; one that is not kept (not found, a read failed) is sent
    // to each of them as made.
    const stored = await keptUnderBlogVersion(app.ctx, publicPages, key, async () => {
      const made = await makePage(request.url, pathname, search, null, key);
      return 'redirect' in made || made.status !== 200 || !made.rendered ? notKept(made) : storeAnswer(made.html, HTML_TYPE);
    });
    if (stored instanceof NotKept) return sendMade(reply, stored.value);
    return sendStored(request, reply.header('cache-control', 'no-cache'), stored);
  };
}
