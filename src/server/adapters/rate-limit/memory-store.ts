import type { HitResult, RateLimitStore } from './store';

type Entry = { count: number; expiresAt: number };

/** Counters in process memory: right for one process; several processes need the Redis store. */
export function createMemoryStore(now: () => number = Date.now): RateLimitStore {
  const entries = new Map<string, Entry>();
  let sweeps = 0;
  const sweep = () => {
    const t = now();
    for (const [key, e] of entries) if (e.expiresAt <= t) entries.delete(key);
  };
  return {
    async hit(key, windowMs): Promise<HitResult> {
      // Expired entries are dropped now and then so the map does not grow without bound.
      if (++sweeps % 1000 === 0) sweep();
      const t = now();
      let e = entries.get(key);
      if (!e || e.expiresAt <= t) {
        e = { count: 0, expiresAt: t + windowMs };
        entries.set(key, e);
      }
      e.count += 1;
      return { count: e.count, resetMs: e.expiresAt - t };
    },
    async undo(key) {
      const e = entries.get(key);
      if (e && e.count > 0) e.count -= 1;
    },
    async reset(key) {
      entries.delete(key);
    },
    async close() {
      entries.clear();
    },
  };
}
