import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../shared/constants';
import { trimChars } from '../../shared/text';
import { CLIENT_DIST_DIR, ROOT_DIR } from '../lib/paths';
import { renderHead } from '../seo/head';
import { publicPageKey, readPage, type PageRequest } from '../ssr/read-page';
import { sendStored, storeAnswer } from '../lib/stored-answer';
import { createCache, NotKept, notKept } from '../lib/cache';
import { createPageRenderer, loadEntryServer } from '../ssr/render-page';
import { keptUnderBlogVersion } from '../services/blog/public-cache';
import type { InitialData } from '../../client/ssr/initial-data';
import { createPreloads } from './client-preload';
import { ADOPT_SCRIPT } from '../ssr/adopt-script';
import { DEFAULT_LOCALE, LOCALES, localeFromCookie, localizedPath, negotiateLocale, type Locale } from '../../shared/i18n/locales';
import { pageAt, type PageAt } from '../../shared/pages';

const HEAD_MARK = '<!--app-head-->';
const HTML_TYPE = 'text/html; charset=utf-8';
const ROOT_ELEMENT = '<div id="root"></div>';
const STYLESHEET = /<link rel="stylesheet"[^>]*>/g;
/** The app's entry in the page template (Vite's build writes it in the head, the source template in the body). */
const ENTRY_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>\s*/g;
/** The brand images at the site's root (scripts/brand-images.mjs): the link preview and the icons. */
const SHOWN_ELSEWHERE = /^(og-image\.png|favicon\.(ico|svg)|apple-touch-icon\.png|icon-\d+\.png)$/;

/**
 * A page as made for a request: its status and HTML, or a redirect: of a path that is no page (to /), or of an address
 * that asked for another page than the one answered (a list's page past the end: to the last page).
 */
type Made = { status: number; html: string; rendered: boolean } | { redirect: string };

/** What the first-visit rule reads (decision 090): a cache in between keeps one answer per language and choice. */
const LANGUAGE_VARY = 'accept-language, cookie';

/**
 * Where a visitor is sent on arriving at the English address of a public page (decision 090): to the same page in
 * the language they chose before (the `lang` cookie), or, with no choice remembered, the one their browser asks
 * for first among ours. Null: the page is shown as asked. Only the English addresses are redirected, so every
 * other address answers the same to everyone and a crawler (which names no language) is never sent anywhere.
 */
function languageRedirect(request: FastifyRequest, at: PageAt | null, search: URLSearchParams): string | null {
  if (!at?.page.public || at.locale !== DEFAULT_LOCALE) return null;
  const wanted = localeFromCookie(request.headers.cookie) ?? negotiateLocale(request.headers['accept-language']);
  if (!wanted || wanted === DEFAULT_LOCALE) return null;
  const query = search.size > 0 ? `?${search.toString()}` : '';
  return `${localizedPath(wanted, at.path)}${query}`;
}

/** A page's address read: its path and query, the page there, and the key it is kept by (null: not a public page). */
type Address = { pathname: string; search: URLSearchParams; at: PageAt | null; key: string | null };

/** The page a request asks for: its path (decoded, without a trailing slash) and its query. */
function pageAddress(url: string): { path: string; search: URLSearchParams } {
  const mark = url.indexOf('?');
  const path = trimChars(decodeURIComponent(mark < 0 ? url : url.slice(0, mark)), '/', 'end') || '/';
  return { path, search: new URLSearchParams(mark < 0 ? '' : url.slice(mark + 1)) };
}

/**
 * The page a request asks for, read once for its body and its head (ssr/read-page.ts); null for a path that is no
 * page of the site, which the spec sends to / ("any other path: redirect to /"). A redirect, so that a browser without
 * scripts and a crawler arrive there too, rather than a 200 showing the home page at a dead address.
 */
async function pageFor(app: FastifyInstance, request: FastifyRequest): Promise<PageRequest | null> {
  const { path: pathname, search } = pageAddress(request.url);
  return readPage(app, pathname, search, localeFromCookie(request.headers.cookie));
}

const isPageRequest = (request: FastifyRequest) =>
  request.method === 'GET' && !request.url.startsWith(`${API_PREFIX}/`) && !path.extname(request.url.split('?')[0]);

/**
 * Serves the React client. Built: hashed assets cached for a year, HTML never cached, with the page's <head>
 * filled in by the server and the public pages rendered by it (ssr/render-page.ts), so they paint before the
 * JavaScript has run. Development: Vite in middleware mode with hot reload, every page rendered in the browser.
 */
export async function registerClient(app: FastifyInstance, clientDir = CLIENT_DIST_DIR): Promise<void> {
  const { config } = app.ctx;
  if (config.NODE_ENV === 'development') return registerViteDev(app);

  const indexPath = path.join(clientDir, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn('The client is not built (dist/client/index.html missing): run `npm run build`. Only the API is served.');
    return;
  }
  // The page is the template cut once at the head mark and at the root element: each request joins a few strings.
  const template = readFileSync(indexPath, 'utf8');
  if (!template.includes(HEAD_MARK) || !template.includes(ROOT_ELEMENT)) throw new Error(`${indexPath} lacks ${HEAD_MARK} or ${ROOT_ELEMENT}: it is not this project's build`);
  const [beforeHead, rest = ''] = template.split(HEAD_MARK);
  // The document's language is the page's (the template says en).
  const before = Object.fromEntries(LOCALES.map((l) => [l, beforeHead.replace(/<html lang="[a-z]+"/, `<html lang="${l}"`)])) as Record<Locale, string>;
  const [scripts, after = ''] = rest.split(ROOT_ELEMENT);
  // The stylesheet first: it alone holds back the first paint of a page the server rendered.
  const styles = (scripts.match(STYLESHEET) ?? []).join('\n    ');
  const middle = scripts.replace(STYLESHEET, '').replace(/\n\s*\n/g, '\n');
  // A rendered page asks for the app's entry once it has painted (ssr/adopt-script.ts): none of the app's scripts
  // or preloads is in its markup.
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!entry) throw new Error(`${indexPath} names no entry script`);
  const [renderedMiddle, renderedAfter] = [middle, after].map((part) => part.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, ''));
  const preloads = createPreloads(clientDir);
  // The server bundle (React's server renderer and the screens, some 200 ms to load) loads while the app starts and
  // listens: the API answers meanwhile, and a page asked for before it is there waits for it.
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
  const renderPage = async (url: string, data: InitialData, keep: boolean) => (await rendering)?.(url, data, keep) ?? null;
  // The hashed assets (a few hundred files with their .br and .gz) are one route, `/assets/*`, looked up when asked
  // for: a route per file made the start register some six hundred routes. A name not there is a 404, never a page.
  await app.register(fastifyStatic, {
    root: path.join(clientDir, 'assets'),
    prefix: '/assets/',
    index: false,
    decorateReply: false,
    // scripts/build.mjs writes .br and .gz beside each hashed asset: sent as they are, never compressed per request.
    preCompressed: true,
    setHeaders: (res) => res.header('cache-control', 'public, max-age=31536000, immutable'),
  });
  // The files of the site's root (favicon, icons, link preview, web manifest) are answered by `/*` below through
  // `reply.sendFile`, which this registration gives the replies: it serves no route of its own. They keep their names,
  // so they are kept an hour only: a new brand image reaches every visitor the same day.
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
  const { publicPages } = app.ctx.caches;
  const makePage = async (url: string, pathname: string, search: URLSearchParams, remembered: Locale | null = null, key: string | null = null): Promise<Made> => {
    const found = await readPage(app, pathname, search, remembered);
    if (!found) return { redirect: '/' };
    const { at, data, head } = found;
    // A page to be kept (`key`: public, found, its reads answered) is what everyone asking for its key is sent, so it
    // is rendered at its canonical address (the head's: the declared path and only the query the page reads), never at
    // the request's, whose query would be in its links. One that answers another page than its address asked for (a
    // list's page past the end, clamped to the last) is kept under neither: the visitor is sent to the page answered
    // (302, not 301: the last page moves as posts are published), and nothing is rendered.
    const keep = key !== null && !head.status;
    if (keep && keyOf(head.path) !== key) return { redirect: head.path };
    // The public pages are rendered with the answers their head was made of: one read of each.
    const page = at.page.public ? await renderPage(keep ? head.path : url, data, keep) : null;
    const preload = preloads(at.page, at.locale);
    // A rendered page paints before any script runs: its chunks are fetched by the entry once it has painted.
    // A public page names its text catalogs' chunks, in its language, for the browser to load straight.
    const texts = at.page.public && preload.texts ? ` data-texts="${preload.texts}"` : '';
    const root = page
      ? `<div id="root" data-ssr="true" data-entry="${entry}" data-chunks="${preload.chunks.join(' ')}"${texts}>${page.markup}</div>${page.dataScript}<script>${ADOPT_SCRIPT}</script>`
      : texts ? `<div id="root"${texts}></div>` : ROOT_ELEMENT;
    const code = page ? renderedMiddle : `${preload.tags}\n    ${middle}`;
    const html = `${before[head.lang]}${styles}${preload.styles && `\n    ${preload.styles}`}\n    ${renderHead(head, config.publicUrl)}\n    ${code}${root}${page ? renderedAfter : after}`;
    return { status: head.status ?? 200, html, rendered: page !== null };
  };
  const sendMade = (reply: FastifyReply, made: Made) =>
    'redirect' in made ? reply.redirect(made.redirect) : reply.code(made.status).header('cache-control', 'no-cache').type(HTML_TYPE).send(made.html);
  // What a public page's address is read as (its page and the key it is kept by) depends on the address alone and was
  // worked out again for every request (the key names the page's reads: ~5 % of a kept page's answer, bench/README.md,
  // session 8). Kept per address, and bounded: a visitor may ask for any number of addresses.
  const publicAddresses = createCache<Address>({ maxEntries: 1_000 });
  const keyOf = (address: string) => {
    const { path: pathname, search } = pageAddress(address);
    return publicPageKey(pageAt(pathname, search));
  };
  const addressOf = (url: string): Address => {
    const known = publicAddresses.get(url);
    if (known) return known;
    const { path: pathname, search } = pageAddress(url);
    const at = pageAt(pathname, search);
    const address = { pathname, search, at, key: publicPageKey(at) };
    if (address.key) publicAddresses.set(url, address);
    return address;
  };
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const { pathname, search, at, key } = addressOf(request.url);
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
  app.get('/', sendPage);
  app.get('/*', async (request, reply) => {
    const file = request.url.split('?')[0];
    if (!isPageRequest(request)) {
      const rel = decodeURIComponent(file).replace(/^\/+/, '');
      // Dot folders (Vite's .vite/manifest.json) are the build's own, not the site's.
      if (rel && !rel.includes('..') && !rel.startsWith('.') && existsSync(path.join(clientDir, rel))) return reply.sendFile(rel);
      return reply.callNotFound();
    }
    return sendPage(request, reply);
  });
}

async function registerViteDev(app: FastifyInstance): Promise<void> {
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
    const found = await pageFor(app, request);
    if (!found) return reply.redirect('/');
    const html = (await vite.transformIndexHtml(request.url, raw)).replace(HEAD_MARK, renderHead(found.head, app.ctx.config.publicUrl));
    return reply.code(found.head.status ?? 200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
