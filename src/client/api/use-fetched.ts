import { useEffect, useState } from 'react';
import { pageInitialData, useServerData } from '../ssr/initial-data';

type Entry = { at: number; promise: Promise<unknown>; settled?: { value: unknown } };
const cache = new Map<string, Entry>();
const RETRY_DELAY_MS = 1000;

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The cache entry of `key`, made from the server's answer in the page when there is none yet. */
function entryFor(key: string): Entry | undefined {
  const hit = cache.get(key);
  if (hit) return hit;
  const fromServer = pageInitialData();
  if (!(key in fromServer)) return undefined;
  const value = fromServer[key];
  const seeded = { at: Date.now(), promise: Promise.resolve(value), settled: { value } };
  cache.set(key, seeded);
  return seeded;
}

const isFresh = (entry: Entry | undefined, staleMs: number): entry is Entry => Boolean(entry && Date.now() - entry.at < staleMs);

/** The answer to `key` if it is at hand now and fresh. */
function peekShared(key: string, staleMs: number): { value: unknown } | undefined {
  const hit = entryFor(key);
  return isFresh(hit, staleMs) ? hit.settled : undefined;
}

/**
 * One GET shared by every caller for `staleMs`, retried once after a second (as the Query client does).
 * The landing page reads its requests with this instead of TanStack Query, which stays out of its bundle.
 */
export function fetchShared<T>(key: string, load: () => Promise<T>, staleMs: number): Promise<T> {
  const hit = entryFor(key);
  if (isFresh(hit, staleMs)) return hit.promise as Promise<T>;
  const promise = load().catch(() => wait(RETRY_DELAY_MS).then(load));
  const entry: Entry = { at: Date.now(), promise };
  cache.set(key, entry);
  promise.then(
    (value) => {
      entry.settled = { value };
    },
    () => {
      if (cache.get(key) === entry) cache.delete(key);
    },
  );
  return promise;
}

export type Fetched<T> = { data: T | undefined; isPending: boolean; isError: boolean };

const pending = { data: undefined, isPending: true, isError: false };

/**
 * fetchShared as a hook: pending, then the data or an error. Data already at hand (the server's, during a server
 * render and the hydration after it, or a fresh earlier answer) is there from the first render.
 */
export function useFetched<T>(key: string, load: () => Promise<T>, staleMs: number): Fetched<T> {
  const serverData = useServerData();
  const [state, setState] = useState<Fetched<T>>(() => {
    const known = serverData ? (key in serverData ? { value: serverData[key] } : undefined) : peekShared(key, staleMs);
    return known ? { data: known.value as T, isPending: false, isError: false } : pending;
  });
  useEffect(() => {
    let live = true;
    fetchShared(key, load, staleMs).then(
      (data) => live && setState((s) => (s.data === data && !s.isPending ? s : { data, isPending: false, isError: false })),
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
