import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { QUERY_ID_PREFIX } from '../shared/pages';
import { pageInitialData, useServerData, type InitialData } from './ssr/initial-data';

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } } });

/** A client holding the queries the server answered for this page (their keys travel as `query:<json>`). */
function seeded(client: QueryClient, data: InitialData): QueryClient {
  for (const [id, value] of Object.entries(data)) {
    if (id.startsWith(QUERY_ID_PREFIX)) client.setQueryData(JSON.parse(id.slice(QUERY_ID_PREFIX.length)) as unknown[], value);
  }
  return client;
}

/**
 * The browser's one TanStack Query client. It lives in its own chunk, loaded with the first lazy screen that needs
 * it, so the landing page (which reads its two small requests with `useFetched`) does not carry it. It starts with
 * the answers the server rendered the page with, so hydration finds the same data.
 */
export const queryClient = seeded(newClient(), pageInitialData());

/**
 * Wraps a lazily loaded screen in the provider (nesting it more than once is harmless: the client is shared). A
 * server render gets a client of its own, seeded with that request's data: nothing is shared between requests.
 */
export function withQuery<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  const Wrapped = (props: P) => {
    const serverData = useServerData();
    const [client] = useState(() => (serverData ? seeded(newClient(), serverData) : queryClient));
    return (
      <QueryClientProvider client={client}>
        <Screen {...props} />
      </QueryClientProvider>
    );
  };
  Wrapped.displayName = `WithQuery(${Screen.displayName ?? Screen.name})`;
  return Wrapped;
}
