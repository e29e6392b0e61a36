import type { FastifyInstance } from 'fastify';
import type { InitialData } from '../../client/ssr/initial-data';
import type { Locale } from '../../shared/i18n/locales';
import type { Page } from '../../shared/pages';
import { renderHead } from '../seo/head';
import { HYDRATE_SCRIPT } from './hydrate-script';
import type { PagePreloads } from './preload';
import { readPage, type PageRequest } from './read-page';
import type { RenderedPage } from './render-page';
import { ROOT_ELEMENT, type PageTemplate } from './template';

/**
 * A page as made for a request: its status and HTML, or a redirect: of a path that is no page (to /), or of an address
 * that asked for another page than the one answered (a list's page past the end: to the last page).
 */
export type Made = { status: number; html: string; rendered: boolean } | { redirect: string };

/** What making a page needs besides its address: the template, the page's chunks, the server render (null: none). */
export type PageMaking = {
  app: FastifyInstance;
  template: PageTemplate;
  preloads: (page: Page, locale: Locale) => PagePreloads;
  render: (url: string, data: InitialData, keep: boolean) => Promise<RenderedPage | null>;
  /** The key a public page is kept by at an address (null: not a public page). */
  keyOf: (address: string) => string | null;
};

/**
 * The HTML of a page: the template's strings joined around its head and its root element. A rendered page paints
 * before any script runs: its chunks are fetched by the entry once it has painted; a public page names its text
 * catalogs' chunks, in its language, for the browser to load straight.
 */
export function pageHtml({ template, preloads }: Pick<PageMaking, 'template' | 'preloads'>, found: PageRequest, rendered: RenderedPage | null, publicUrl: string): string {
  const { at, head } = found;
  const preload = preloads(at.page, at.locale);
  const texts = at.page.public && preload.texts ? ` data-texts="${preload.texts}"` : '';
  const root = rendered
    ? `<div id="root" data-ssr="true" data-entry="${template.entry}" data-chunks="${preload.chunks.join(' ')}"${texts}>${rendered.markup}</div>${rendered.dataScript}<script>${HYDRATE_SCRIPT}</script>`
    : texts
      ? `<div id="root"${texts}></div>`
      : ROOT_ELEMENT;
  const code = rendered ? template.renderedMiddle : `${preload.tags}\n    ${template.middle}`;
  return `${template.before[head.lang]}${template.styles}${preload.styles && `\n    ${preload.styles}`}\n    ${renderHead(head, publicUrl)}\n    ${code}${root}${rendered ? template.renderedAfter : template.after}`;
}

/**
 * Makes pages: reads the page (ssr/read-page.ts), renders a public one with the same answers its head is made of, and
 * joins the HTML. `key`: the page is to be kept under it (public, found, its reads answered).
 */
export function createPageMaker(making: PageMaking) {
  const { app, render, keyOf } = making;
  return async (url: string, pathname: string, search: URLSearchParams, remembered: Locale | null = null, key: string | null = null): Promise<Made> => {
    const found = await readPage(app, pathname, search, remembered);
    if (!found) return { redirect: '/' };
    const { at, data, head } = found;
    // A page to be kept is what everyone asking for its key is sent, so it is rendered at its canonical address (the
    // head's: the declared path and only the query the page reads), never at the request's, whose query would be in
    // its links. One that answers another page than its address asked for (a list's page past the end, clamped to the
    // last) is kept under neither: the visitor is sent to the page answered (302, not 301: the last page moves as
    // posts are published), and nothing is rendered.
    const keep = key !== null && !head.status;
    if (keep && keyOf(head.path) !== key) return { redirect: head.path };
    const rendered = at.page.public ? await render(keep ? head.path : url, data, keep) : null;
    return { status: head.status ?? 200, html: pageHtml(making, found, rendered, app.ctx.config.publicUrl), rendered: rendered !== null };
  };
}
