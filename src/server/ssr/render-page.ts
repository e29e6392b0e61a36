import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { InitialData, ServerRender } from '../../client/ssr/initial-data';
import { SSR_DATA_ELEMENT_ID, SSR_RENDERED_AT_KEY } from '../../shared/constants';
import { createCache, type Cache } from '../lib/cache';
import type { StoredAnswer } from '../lib/stored-answer';
import { scriptSafeJson } from '../lib/html';

/** How long a rendered page is reused while its data stays the same, and how much the renderer keeps. */
const RENDER_CACHE_TTL_MS = 60_000;
const RENDER_CACHE_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Rendered pages by address and data (made once by composition.ts): the markup depends on nothing else (pages render
 * signed out), so a page whose data has not changed is not rendered again. Entries also age out, because the offer
 * countdown's first second comes from the render's clock. A page over an eighth of the budget is not kept.
 */
export const createRenderedPageCache = (): Cache<RenderedPage> =>
  createCache<RenderedPage>({
    maxBytes: RENDER_CACHE_MAX_BYTES,
    maxEntryBytes: RENDER_CACHE_MAX_BYTES / 8,
    sizeOf: (page, key) => key.length + page.markup.length + page.dataScript.length,
    ttlMs: RENDER_CACHE_TTL_MS,
  });

/** How long a whole public page is sent again as it was kept (its blog data is checked by version, not by age). */
export const PUBLIC_PAGE_TTL_MS = 10_000;

/**
 * Whole public pages as sent (ssr/page-server.ts), by the version of blog_posts and what the page reads: the HTML,
 * its ETag and its compressed forms. They are kept 10 s at most, which bounds what the version does not cover (the
 * landing's plans, themselves kept 30 s; the offer countdown's clock). A page's body counts twice, for its
 * compressed forms made later.
 */
export const createPublicPageCache = (): Cache<StoredAnswer> =>
  createCache<StoredAnswer>({
    maxBytes: RENDER_CACHE_MAX_BYTES,
    maxEntryBytes: RENDER_CACHE_MAX_BYTES / 8,
    sizeOf: (page, key) => key.length + 2 * page.body.length,
    ttlMs: PUBLIC_PAGE_TTL_MS,
  });

/** What `vite build --ssr src/client/entry-server.tsx` exports. */
type EntryServer = { render: (url: string, server: ServerRender) => Promise<string> };

/** A rendered page: the markup for <div id="root"> and the data script that goes beside it. */
export type RenderedPage = { markup: string; dataScript: string };

/** The server bundle of the client, or null when the build has none (the pages then render in the browser). */
export async function loadEntryServer(clientDir: string): Promise<EntryServer | null> {
  const file = path.join(clientDir, '..', 'ssr', 'entry-server.js');
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as EntryServer;
}

/**
 * Renders the public pages on the server, with the answers of the page's reads (ssr/read-page.ts: the same answers
 * its head is made of). A failed read leaves that part to the browser (it shows its loading state and fetches), and
 * a failed render leaves the whole page to the browser. `keep: false` (a post not found, a read that failed): the
 * markup is not kept, so addresses a visitor makes up do not push the real pages out.
 */
export function createPageRenderer(app: FastifyInstance, entry: EntryServer) {
  const { publicUrl } = app.ctx.config;
  const origin = new URL(publicUrl).origin;

  const rendered = app.ctx.caches.renderedPages;

  return async function renderPage(url: string, read: InitialData, keep = true): Promise<RenderedPage | null> {
    try {
      const key = `${url}\n${JSON.stringify(read)}`;
      const hit = rendered.get(key);
      if (hit) return hit;
      // Screens that show time (the offer countdown) start from the render's clock, in the browser too.
      const data: InitialData = { ...read, [SSR_RENDERED_AT_KEY]: Date.now() };
      // A post's body is cleaned again as it is shown; the sanitizer loads with the first render, not at start.
      const { renderPostHtml } = await import('../services/blog/sanitize');
      const markup = await entry.render(url, { data, postHtml: (html) => renderPostHtml(html, origin) });
      const page = { markup, dataScript: `<script type="application/json" id="${SSR_DATA_ELEMENT_ID}">${scriptSafeJson(data)}</script>` };
      // Two requests that missed at once both render: the second replaces the first.
      if (keep) rendered.set(key, page);
      return page;
    } catch (err) {
      app.log.error({ err, url }, 'server render failed; the page renders in the browser');
      return null;
    }
  };
}
