import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';

/**
 * The one TanStack Query client. It lives in its own chunk, loaded with the first lazy screen that needs it,
 * so the landing page (which reads its two small requests with `useFetched`) does not carry it.
 */
export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } } });

/** Wraps a lazily loaded screen in the provider (nesting it more than once is harmless: the client is shared). */
export function withQuery<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  const Wrapped = (props: P) => (
    <QueryClientProvider client={queryClient}>
      <Screen {...props} />
    </QueryClientProvider>
  );
  Wrapped.displayName = `WithQuery(${Screen.displayName ?? Screen.name})`;
  return Wrapped;
}
