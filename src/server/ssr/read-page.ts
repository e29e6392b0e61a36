import type { FastifyInstance } from 'fastify';
import type { InitialData } from '../../client/ssr/initial-data';
import { API_PREFIX } from '../../shared/constants';
import { pageAt, pageLocale, type PageAt, type PageHead } from '../../shared/pages';
import type { Locale } from '../../shared/i18n/locales';
import { loadAreas } from '../../shared/i18n/runtime';
import { INTERNAL_READ_HEADER, INTERNAL_READ_MARK } from './internal-read';
import { headOf, pageReads, serverAreas, type PageRead } from './page-parts';

/** A request for a page, read: the page, the answers of its reads by the keys its screens read them by, its head. */
export type PageRequest = { at: PageAt; data: InitialData; head: PageHead };

/**
 * One read of a page through the site's own API (`app.inject`), so the page holds exactly what the browser would have
 * fetched. Null: the read failed (the page's body shows that part loading and the browser fetches it).
 */
async function load(app: FastifyInstance, read: PageRead): Promise<{ value: unknown } | null> {
  const res = await app.inject({ method: 'GET', url: `${API_PREFIX}${read.path}`, headers: { [INTERNAL_READ_HEADER]: INTERNAL_READ_MARK } });
  if (res.statusCode === 404 && read.absent !== undefined) return { value: read.absent };
  if (res.statusCode !== 200) return null;
  const body = res.json<{ success?: boolean; data?: unknown }>();
  if (!body.success) return null;
  return { value: read.pick ? read.pick(body.data) : body.data };
}

/**
 * The page at `path` (decoded, as the router reads it) read once for its body and its head: each read its page
 * declares (its server part, ssr/page-parts.ts) is made once, the server render gets the answers by their keys, and the head is built
 * from the same answers by name. Null: the path is no page of the site (the caller sends it to /). A page whose
 * address names no language (the signed-in area) is titled in the remembered one (`pageLocale`), as the app starts.
 */
export async function readPage(app: FastifyInstance, path: string, search: URLSearchParams, remembered: Locale | null = null): Promise<PageRequest | null> {
  const found = pageAt(path, search);
  if (!found) return null;
  const at: PageAt = { ...found, locale: pageLocale(found, remembered) };
  const reads = Object.entries(pageReads(at));
  // The page's texts in its language (its head is written in them), loaded once per instance.
  const [answers] = await Promise.all([Promise.all(reads.map(([, read]) => load(app, read))), loadAreas(at.locale, serverAreas(at.page))]);
  const data: InitialData = {};
  const byName: Record<string, unknown> = {};
  for (const [i, [name, read]] of reads.entries()) {
    const answer = answers[i];
    if (!answer) continue;
    data[read.key] = answer.value;
    byName[name] = answer.value;
  }
  return { at, data, head: headOf(at, byName, app.ctx.config.publicUrl) };
}

/**
 * What a public page is made of, as a key for the kept pages (ssr/page-server.ts): its language, its path as declared
 * (whatever the case the address used: /PRIVACY-policy is /privacy-policy) with its parameters, and the API reads it
 * declares (the page number of a list among them). Nothing else of the address: the query names no other page.
 * Null for a page that is not public or no page at all.
 */
export function publicPageKey(at: PageAt | null): string | null {
  if (!at?.page.public) return null;
  const path = at.page.path.replace(/:(\w+)/g, (_, name: string) => at.params[name]);
  return `${at.locale}:${path}\n${Object.values(pageReads(at))
    .map((read) => read.path)
    .join('\n')}`;
}
