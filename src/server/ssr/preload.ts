import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PAGES, pageAreas, type Page } from '../../shared/pages';
import { LOCALES, type Locale } from '../../shared/i18n/locales';
import type { Area } from '../../shared/i18n/runtime';

type Chunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, Chunk>;

/**
 * What a page needs beyond the entry: as tags for the <head>, as URLs, and its stylesheets; and its text catalogs'
 * chunks by area (`<area>=<url> …`), which a public page names on its root element for the browser to load straight.
 */
export type PagePreloads = { tags: string; chunks: string[]; styles: string; texts: string };

/** The app itself (React, the router, the shell), which the small entry imports (src/client/main.tsx). */
const APP_MODULE = 'src/client/start.tsx';
/** The Query client, loaded with every screen that uses it (client/app.tsx). */
const QUERY_MODULE = 'src/client/query.tsx';

/** The source modules a page loads beyond the app, as Vite's manifest names them: its screen, and the Query client. */
const pageModules = (page: Page) => [`src/client/${page.screen.module}`, ...(page.screen.query ? [QUERY_MODULE] : [])];
/** The text catalogs a page shows in a language (decision 090), each its own chunk. */
const catalogModule = (area: Area, locale: Locale) => `src/shared/i18n/catalogs/${area}/${locale}.json`;
const catalogModules = (page: Page, locale: Locale) => pageAreas(page).map((area) => catalogModule(area, locale));
/**
 * The map of every catalog (shared/i18n/catalog-files.ts): a page not public finds its texts through it (its language
 * is the user's, which the server does not know), so it comes with the page's chunks; a public page's are named.
 */
const CATALOG_MAP_MODULE = 'src/shared/i18n/catalog-files.ts';
const onDemandModules = (page: Page) => (page.public ? [] : [CATALOG_MAP_MODULE]);

/**
 * The chunks each page needs beyond the entry, from Vite's manifest: the app and the page's screen, named by the
 * module its declaration gives (shared/pages.ts). A page the browser draws names them in `<link rel="modulepreload">`
 * so they download beside the entry instead of after it; a page the server rendered lists them for the entry to fetch
 * once the page has painted. Computed once per page at start.
 */
export function createPreloads(clientDir: string): (page: Page, locale: Locale) => PagePreloads {
  const file = path.join(clientDir, '.vite/manifest.json');
  const none: PagePreloads = { tags: '', chunks: [], styles: '', texts: '' };
  if (!existsSync(file)) return () => none;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const closure = (keys: string[], seen = new Set<string>()) => {
    for (const key of keys) {
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      closure(manifest[key].imports ?? [], seen);
    }
    return seen;
  };
  const inEntry = entryKey ? closure([entryKey]) : new Set<string>();
  const preloads = new Map<string, PagePreloads>();
  for (const page of PAGES) {
    const missing = pageModules(page).filter((m) => !manifest[m]);
    if (missing.length > 0) throw new Error(`${file} has no chunk for ${missing.join(', ')} (the page ${page.path}): the build is not this source's`);
    for (const locale of LOCALES) {
      const keys = [...closure([APP_MODULE, ...pageModules(page), ...catalogModules(page, locale), ...onDemandModules(page)])].filter((k) => !inEntry.has(k));
      const chunks = keys.map((k) => `/${manifest[k].file}`);
      const styles = keys.flatMap((k) => manifest[k].css ?? []).map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`);
      const texts = pageAreas(page)
        .filter((area) => manifest[catalogModule(area, locale)])
        .map((area) => `${area}=/${manifest[catalogModule(area, locale)].file}`)
        .join(' ');
      preloads.set(`${locale}:${page.path}`, {
        chunks,
        tags: chunks.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('\n    '),
        styles: styles.join('\n    '),
        texts,
      });
    }
  }
  return (page, locale) => preloads.get(`${locale}:${page.path}`) ?? none;
}
