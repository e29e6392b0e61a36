import { useEffect, useState } from 'react';

type Entry = { at: number; promise: Promise<unknown> };
const cache = new Map<string, Entry>();
const RETRY_DELAY_MS = 1000;

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One GET shared by every caller for `staleMs`, retried once after a second (as the Query client does).
 * The landing page reads its requests with this instead of TanStack Query, which stays out of its bundle.
 */
export function fetchShared<T>(key: string, load: () => Promise<T>, staleMs: number): Promise<T> {
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < staleMs) return hit.promise as Promise<T>;
  const promise = load().catch(() => wait(RETRY_DELAY_MS).then(load));
  const entry = { at: Date.now(), promise };
  cache.set(key, entry);
  promise.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return promise;
}

export type Fetched<T> = { data: T | undefined; isPending: boolean; isError: boolean };

/** fetchShared as a hook: pending, then the data or an error. */
export function useFetched<T>(key: string, load: () => Promise<T>, staleMs: number): Fetched<T> {
  const [state, setState] = useState<Fetched<T>>({ data: undefined, isPending: true, isError: false });
  useEffect(() => {
    let live = true;
    fetchShared(key, load, staleMs).then(
      (data) => live && setState({ data, isPending: false, isError: false }),
      () => live && setState({ data: undefined, isPending: false, isError: true }),
    );
    return () => {
      live = false;
    };
    // The key names the request; a new function for the same key is the same request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, staleMs]);
  return state;
}
