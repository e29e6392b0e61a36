import { createContext, useContext, useSyncExternalStore } from 'react';
import { SSR_DATA_ELEMENT_ID, SSR_RENDERED_AT_KEY } from '../../shared/constants';

/**
 * Data the server fetched for the page it rendered, by key: a `useFetched` key, or `queryKeyId(queryKey)` for a
 * TanStack query (shared/pages.ts). The server hands it to the render through the context and writes it into the page as JSON
 * (`<script type="application/json" id="ssr-data">`); the browser reads it once, so its first render (the
 * hydration) shows exactly what the server showed.
 */
export type InitialData = Record<string, unknown>;

/** What a server render provides: the data it fetched, and how it turns a stored post body into markup. */
export type ServerRender = { data: InitialData; postHtml: (html: string) => string };

/** Set during a server render; null in the browser. */
export const ServerRenderContext = createContext<ServerRender | null>(null);

export const useServerRender = () => useContext(ServerRenderContext);

/** The server's data during a server render; null in the browser. */
export const useServerData = () => useContext(ServerRenderContext)?.data ?? null;

let fromPage: InitialData | undefined;

/** The data written into the page by the server (empty when the page was not rendered on the server). */
export function pageInitialData(): InitialData {
  if (fromPage) return fromPage;
  fromPage = {};
  if (typeof document === 'undefined') return fromPage;
  const el = document.getElementById(SSR_DATA_ELEMENT_ID);
  if (!el?.textContent) return fromPage;
  try {
    fromPage = JSON.parse(el.textContent) as InitialData;
  } catch {
    // A page without usable data renders as a client-only page would: it fetches.
  }
  return fromPage;
}

const noSubscription = () => () => {};

/** True in a server render and while the browser hydrates its markup; false in a render that starts in the browser. */
export const useHydrating = () =>
  useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );

/**
 * "Now" for a first render: the server's clock at render time while a rendered page is being hydrated (the markup
 * must match), the browser's otherwise. A screen that shows time moves on to the browser's clock in an effect.
 */
export function useFirstRenderNow(): number {
  const hydrating = useHydrating();
  const server = useServerData();
  if (!hydrating) return Date.now();
  const at = (server ?? pageInitialData())[SSR_RENDERED_AT_KEY];
  return typeof at === 'number' ? at : Date.now();
}
