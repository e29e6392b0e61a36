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

/**
 * `<link rel="modulepreload">` tags for the chunks a page's lazy screen needs beyond the entry, from Vite's
 * manifest: the browser fetches them beside the entry instead of after it has run (one round trip less before
 * the page paints). Computed once per page kind at start; unknown paths get none.
 */
export function createPreloads(clientDir: string): (pathname: string) => string {
  const file = path.join(clientDir, '.vite/manifest.json');
  if (!existsSync(file)) return () => '';
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
  const tags = PAGE_MODULES.map(([pattern, modules]) => {
    const keys = [...closure(modules)].filter((k) => !inEntry.has(k));
    const links = keys.map((k) => `<link rel="modulepreload" crossorigin href="/${manifest[k].file}">`);
    const css = keys.flatMap((k) => manifest[k].css ?? []).map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`);
    return [pattern, [...links, ...css].join('\n    ')] as const;
  });
  return (pathname) => tags.find(([pattern]) => pattern.test(pathname))?.[1] ?? '';
}
