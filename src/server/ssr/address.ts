import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../shared/constants';
import { DEFAULT_LOCALE, localeFromCookie, localizedPath, negotiateLocale } from '../../shared/i18n/locales';
import { declaredAddress, pageAt, type PageAt } from '../../shared/pages';
import { trimChars } from '../../shared/text';
import { createCache } from '../lib/cache';
import { publicPageKey } from './read-page';

/** Is this request one for a page (a GET outside the API, of a path with no file extension)? */
export const isPageRequest = (request: FastifyRequest) => request.method === 'GET' && !request.url.startsWith(`${API_PREFIX}/`) && !path.extname(request.url.split('?')[0]);

/** The page a request asks for: its path (decoded, without a trailing slash) and its query. */
export function pageAddress(url: string): { path: string; search: URLSearchParams } {
  const mark = url.indexOf('?');
  const pathname = trimChars(decodeURIComponent(mark < 0 ? url : url.slice(0, mark)), '/', 'end') || '/';
  return { path: pathname, search: new URLSearchParams(mark < 0 ? '' : url.slice(mark + 1)) };
}

/**
 * A page's address read: its path and query, the page there, the key it is kept by (null: not a public page), and the
 * page's own address when the request wrote it in another case (null: as declared, or no page).
 */
export type Address = { pathname: string; search: URLSearchParams; at: PageAt | null; key: string | null; recased: string | null };

/** The key a public page is kept by at an address (null: not a public page). */
export const keyOf = (address: string): string | null => {
  const { path: pathname, search } = pageAddress(address);
  return publicPageKey(pageAt(pathname, search));
};

/**
 * Reads addresses into pages. What a public page's address is read as (its page and the key it is kept by) depends
 * on the address alone and was worked out again for every request (the key names the page's reads: ~5 % of a kept
 * page's response, measured with bench/cpu-per-request.mjs). Kept per address, and bounded: a visitor may ask for
 * any number of addresses.
 */
export function createAddressReader(): (url: string) => Address {
  const publicAddresses = createCache<Address>({ maxEntries: 1_000 });
  return (url) => {
    const known = publicAddresses.get(url);
    if (known) return known;
    const { path: pathname, search } = pageAddress(url);
    const at = pageAt(pathname, search);
    const recased = at && declaredAddress(at) !== pathname ? declaredAddress(at, encodeURIComponent) : null;
    const address = { pathname, search, at, key: publicPageKey(at), recased };
    if (address.key) publicAddresses.set(url, address);
    return address;
  };
}

/**
 * Where a visitor is sent on arriving at the English address of a public page (decision 090): to the same page in
 * the language they chose before (the `lang` cookie), or, with no choice remembered, the one their browser asks
 * for first among ours. Null: the page is shown as asked. Only the English addresses are redirected, so every
 * other address answers the same to everyone and a crawler (which names no language) is never sent anywhere.
 */
export function languageRedirect(request: FastifyRequest, at: PageAt | null, search: URLSearchParams): string | null {
  if (!at?.page.public || at.locale !== DEFAULT_LOCALE) return null;
  const wanted = localeFromCookie(request.headers.cookie) ?? negotiateLocale(request.headers['accept-language']);
  if (!wanted || wanted === DEFAULT_LOCALE) return null;
  const query = search.size > 0 ? `?${search.toString()}` : '';
  return `${localizedPath(wanted, at.path)}${query}`;
}
