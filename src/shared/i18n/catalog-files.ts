import type { Messages } from '@lingui/core';
import type { Locale } from './locales';
import type { Area } from './runtime';

/**
 * Every catalog file, by area and language: Vite makes each its own chunk and this module the map of their names
 * (some sixty entries of hashed names, a kilobyte compressed). It is a chunk of its own, loaded only when a text is
 * needed that the page did not name: a public page's first texts come by the names the server gives
 * (`nameCatalogFiles`, runtime.ts), so the map is not on the landing page's path.
 */
export const loadCatalog = (area: Area, locale: Locale) => import(`./catalogs/${area}/${locale}.json`) as Promise<{ default: Messages }>;
