import { LRUCache } from 'lru-cache';

/**
 * Bounds of a cache. Every cache of the server has one eviction policy (decision 071): least recently used goes
 * first once a bound is passed, and, with ttlMs, an entry older than that is never served.
 */
export type CacheOptions<V> = {
  /** Most entries kept. */
  maxEntries?: number;
  /** Most bytes kept, as sizeOf counts them. */
  maxBytes?: number;
  /** An entry larger than this is not kept at all (default: maxBytes). */
  maxEntryBytes?: number;
  sizeOf?: (value: V, key: string) => number;
  /** Age, from when it was stored, after which an entry is not served. */
  ttlMs?: number;
  /** The clock in milliseconds (tests); performance.now by default. */
  now?: () => number;
};

/**
 * What a computation of `remember` answers without its being kept: the callers waiting for it (the one that asked
 * and those that missed at the same time) get it, the cache does not. For an answer that must not stand for its key:
 * another page than the one asked for, a page not found, one rendered without its reads.
 */
export class NotKept<U> {
  constructor(readonly value: U) {}
}

export const notKept = <U>(value: U): NotKept<U> => new NotKept(value);

/** remember: the value kept under key, or else compute's, which is kept (unless it is NotKept). */
type Remember<V> = {
  (key: string, compute: () => Promise<V>): Promise<V>;
  <U>(key: string, compute: () => Promise<V | NotKept<U>>): Promise<V | NotKept<U>>;
};

export type Cache<V> = {
  get: (key: string) => V | undefined;
  set: (key: string, value: V) => void;
  /** Invalidation: the entry goes now. */
  delete: (key: string) => void;
  /** Invalidation: every entry goes now. */
  clear: () => void;
  /** Invalidation: the entries (and computations under way) whose key or value `matches` go now. */
  deleteWhere: (matches: (key: string, value: V | undefined) => boolean) => void;
  /** Drops every computation under way (answered, not kept), leaving what is kept. */
  dropPending: () => void;
  /**
   * The value kept under key, or else compute's, which is kept. Misses at the same time share one computation;
   * a computation that fails, or answers NotKept, is not kept, so the next caller computes again.
   */
  remember: Remember<V>;
  readonly size: number;
};

/** A cache in this process's memory, on lru-cache. */
export function createCache<V extends NonNullable<unknown>>(options: CacheOptions<V>): Cache<V> {
  const { maxEntries, maxBytes, maxEntryBytes, sizeOf, ttlMs, now } = options;
  if (!maxEntries && !maxBytes) throw new Error('a cache needs maxEntries or maxBytes');
  const lruOptions: LRUCache.Options<string, V, unknown> = { max: maxEntries ?? 0 };
  if (maxBytes)
    Object.assign(lruOptions, {
      maxSize: maxBytes,
      maxEntrySize: maxEntryBytes ?? maxBytes,
      sizeCalculation: (value: V, key: string) => Math.max(1, sizeOf ? sizeOf(value, key) : 1),
    });
  // Stale entries are dropped when read or pushed out; the clock is read on every check (no timers).
  if (ttlMs) Object.assign(lruOptions, { ttl: ttlMs, ttlAutopurge: false, ttlResolution: 0 });
  if (now) lruOptions.perf = { now };
  const lru = new LRUCache<string, V>(lruOptions);
  const pending = new Map<string, Promise<V | NotKept<unknown>>>();
  return {
    get: (key) => lru.get(key),
    set: (key, value) => void lru.set(key, value),
    delete: (key) => {
      pending.delete(key);
      lru.delete(key);
    },
    clear: () => {
      pending.clear();
      lru.clear();
    },
    dropPending: () => pending.clear(),
    deleteWhere: (matches) => {
      for (const key of [...pending.keys()]) if (matches(key, lru.peek(key))) pending.delete(key);
      for (const [key, value] of [...lru.entries()]) if (matches(key, value)) lru.delete(key);
    },
    remember: ((key: string, compute: () => Promise<V | NotKept<unknown>>) => {
      const hit = lru.get(key);
      if (hit !== undefined) return Promise.resolve(hit);
      let running = pending.get(key);
      if (!running) {
        // Stored only while still the computation of record: one invalidated meanwhile is answered but not kept.
        running = compute().then((value) => {
          if (!(value instanceof NotKept) && pending.get(key) === running) lru.set(key, value);
          return value;
        });
        const settled = () => {
          if (pending.get(key) === running) pending.delete(key);
        };
        running.then(settled, settled);
        pending.set(key, running);
      }
      return running;
    }) as Remember<V>,
    get size() {
      return lru.size;
    },
  };
}
