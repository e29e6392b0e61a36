import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { DataNeed } from '../../client/ssr/page-data';
import type { InitialData, ServerRender } from '../../client/ssr/initial-data';
import { API_PREFIX, SSR_DATA_ELEMENT_ID, SSR_RENDERED_AT_KEY } from '../../shared/constants';
import { renderPostHtml } from '../services/blog/render-post';
import { INTERNAL_READ_HEADER, INTERNAL_READ_MARK } from './internal-read';

/** How long a rendered page is reused while its data stays the same, and how much the renderer keeps. */
const RENDER_CACHE_TTL_MS = 60_000;
const RENDER_CACHE_MAX_BYTES = 16 * 1024 * 1024;

/** What `vite build --ssr src/client/entry-server.tsx` exports. */
type EntryServer = {
  render: (url: string, server: ServerRender) => Promise<string>;
  dataNeeds: (pathname: string, search: URLSearchParams) => DataNeed[] | null;
};

/** A rendered page: the markup for <div id="root"> and the data script that goes beside it. */
export type RenderedPage = { markup: string; dataScript: string };

/** JSON that can sit inside a <script> element: nothing in it can close the element or start markup. */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** The server bundle of the client, or null when the build has none (the pages then render in the browser). */
export async function loadEntryServer(clientDir: string): Promise<EntryServer | null> {
  const file = path.join(clientDir, '..', 'ssr', 'entry-server.js');
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as EntryServer;
}

/**
 * Renders the public pages on the server. The data comes from the site's own API through `app.inject`, so the
 * page holds exactly what the browser would have fetched; a failed read leaves that part to the browser (it
 * shows its loading state and fetches), and a failed render leaves the whole page to the browser.
 */
export function createPageRenderer(app: FastifyInstance, entry: EntryServer) {
  const { publicUrl } = app.ctx.config;
  const origin = new URL(publicUrl).origin;
  const postHtml = (html: string) => renderPostHtml(html, origin);

  async function load(need: DataNeed): Promise<[string, unknown] | null> {
    const res = await app.inject({ method: 'GET', url: `${API_PREFIX}${need.path}`, headers: { [INTERNAL_READ_HEADER]: INTERNAL_READ_MARK } });
    if (res.statusCode !== 200) return null;
    const body = res.json<{ success?: boolean; data?: unknown }>();
    if (!body.success) return null;
    return [need.key, need.pick ? need.pick(body.data) : body.data];
  }

  // Rendered pages by address and data: the markup depends on nothing else (pages render signed out), so a page
  // whose data has not changed is not rendered again. Entries also age out, because the offer countdown's first
  // second comes from the render's clock.
  const rendered = new Map<string, { page: RenderedPage; at: number; bytes: number }>();
  let cachedBytes = 0;
  const forget = (key: string) => {
    const entry = rendered.get(key);
    if (!entry) return;
    rendered.delete(key);
    cachedBytes -= entry.bytes;
  };
  const remember = (key: string, page: RenderedPage) => {
    const bytes = key.length + page.markup.length + page.dataScript.length;
    if (bytes > RENDER_CACHE_MAX_BYTES / 8) return;
    // Two requests that missed at once both render: the second replaces the first.
    forget(key);
    rendered.set(key, { page, at: Date.now(), bytes });
    cachedBytes += bytes;
    for (const oldest of rendered.keys()) {
      if (cachedBytes <= RENDER_CACHE_MAX_BYTES) break;
      forget(oldest);
    }
  };
  const recall = (key: string) => {
    const hit = rendered.get(key);
    if (!hit) return null;
    if (Date.now() - hit.at < RENDER_CACHE_TTL_MS) return hit.page;
    forget(key);
    return null;
  };

  return async function renderPage(url: string): Promise<RenderedPage | null> {
    const { pathname, searchParams } = new URL(url, 'http://site.invalid');
    const needs = entry.dataNeeds(pathname, searchParams);
    if (!needs) return null;
    try {
      const data: InitialData = Object.fromEntries((await Promise.all(needs.map(load))).filter((e) => e !== null));
      const key = `${url}\n${JSON.stringify(data)}`;
      const hit = recall(key);
      if (hit) return hit;
      // Screens that show time (the offer countdown) start from the render's clock, in the browser too.
      data[SSR_RENDERED_AT_KEY] = Date.now();
      const markup = await entry.render(url, { data, postHtml });
      const page = { markup, dataScript: `<script type="application/json" id="${SSR_DATA_ELEMENT_ID}">${scriptSafeJson(data)}</script>` };
      remember(key, page);
      return page;
    } catch (err) {
      app.log.error({ err, url }, 'server render failed; the page renders in the browser');
      return null;
    }
  };
}
