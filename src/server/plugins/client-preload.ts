import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

type Chunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, Chunk>;

/** The lazily loaded module of each public page (src/client/app.tsx), by path. */
const PAGE_MODULES: [RegExp, string[]][] = [
  [/^\/$/, ['src/client/routes/landing.tsx']],
  [/^\/blog$/, ['src/client/routes/blog/list.tsx', 'src/client/query.tsx']],
  [/^\/blog\/[^/]+$/, ['src/client/routes/blog/post.tsx', 'src/client/query.tsx']],
  [/^\/contact-us$/, ['src/client/routes/static/contact.tsx', 'src/client/query.tsx']],
  [/^\/privacy-policy$/, ['src/client/routes/static/privacy-policy.tsx', 'src/client/query.tsx']],
  [/^\/(terms-of-service|terms-conditions)$/, ['src/client/routes/static/terms.tsx', 'src/client/query.tsx']],
  [/^\/refund-policy$/, ['src/client/routes/static/refund-policy.tsx', 'src/client/query.tsx']],
];

/** What a page needs beyond the entry: as tags for the <head>, as URLs, and its stylesheets. */
export type PagePreloads = { tags: (pathname: string) => string; chunks: (pathname: string) => string[]; styles: (pathname: string) => string };

/** The app itself (React, the router, the shell), which the small entry imports (src/client/main.tsx). */
const APP_MODULE = 'src/client/start.tsx';

/**
 * The chunks each page needs beyond the entry, from Vite's manifest: the app and the page's lazy screen. A page the
 * browser draws names them in `<link rel="modulepreload">` so they download beside the entry instead of after it;
 * a page the server rendered lists them for the entry to fetch once the page has painted. Computed once per page
 * kind at start.
 */
export function createPreloads(clientDir: string): PagePreloads {
  const file = path.join(clientDir, '.vite/manifest.json');
  if (!existsSync(file)) return { tags: () => '', chunks: () => [], styles: () => '' };
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
  const kind = (modules: string[]) => {
    const keys = [...closure([APP_MODULE, ...modules])].filter((k) => !inEntry.has(k));
    const chunks = keys.map((k) => `/${manifest[k].file}`);
    const styles = keys.flatMap((k) => manifest[k].css ?? []).map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`);
    return { chunks, tags: chunks.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('\n    '), styles: styles.join('\n    ') };
  };
  const kinds = PAGE_MODULES.map(([pattern, modules]) => [pattern, kind(modules)] as const);
  const others = kind([]);
  const find = (pathname: string) => kinds.find(([pattern]) => pattern.test(pathname))?.[1] ?? others;
  return { tags: (p) => find(p).tags, chunks: (p) => find(p).chunks, styles: (p) => find(p).styles };
}
