import { describe, expect, it } from 'vitest';
import { createCache, NotKept, notKept } from './cache';

/** A clock the test moves by hand. */
function clock(start = 1_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

describe('the cache helper', () => {
  it('keeps at most maxEntries, and the least recently used goes first', () => {
    const cache = createCache<string>({ maxEntries: 3 });
    cache.set('a', 'A');
    cache.set('b', 'B');
    cache.set('c', 'C');
    expect(cache.get('a')).toBe('A'); // a is now the most recently used; b the least
    cache.set('d', 'D');
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual(['A', 'C', 'D']);
    expect(cache.size).toBe(3);
  });

  it('keeps at most maxBytes as sizeOf counts them, and never keeps an entry larger than maxEntryBytes', () => {
    const cache = createCache<string>({ maxBytes: 100, maxEntryBytes: 40, sizeOf: (v) => v.length });
    cache.set('a', 'x'.repeat(40));
    cache.set('b', 'x'.repeat(40));
    cache.set('c', 'x'.repeat(30)); // 110 bytes: the least recently used (a) goes
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toHaveLength(40);
    expect(cache.get('c')).toHaveLength(30);
    cache.set('huge', 'x'.repeat(41));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('b')).toHaveLength(40);
  });

  it('does not serve an entry older than ttlMs, counted from when it was stored', () => {
    const c = clock();
    const cache = createCache<string>({ maxEntries: 10, ttlMs: 60_000, now: c.now });
    cache.set('page', 'v1');
    c.advance(59_999);
    expect(cache.get('page')).toBe('v1');
    c.advance(2);
    expect(cache.get('page')).toBeUndefined();
    // Stored again, it lives a full ttlMs again.
    cache.set('page', 'v2');
    c.advance(30_000);
    expect(cache.get('page')).toBe('v2');
  });

  it('forgets an entry, or all of them, when told (invalidation)', () => {
    const cache = createCache<number>({ maxEntries: 10 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe(2);
    cache.clear();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('forgets the entries whose key or value matches, and a matching computation under way is answered but not kept', async () => {
    const cache = createCache<number>({ maxEntries: 10 });
    cache.set('a:1', 1);
    cache.set('b:1', 2);
    cache.set('a:2', 3);
    let finish = (_v: number) => {};
    const running = cache.remember('c:1', () => new Promise<number>((r) => (finish = r)));
    cache.deleteWhere((key, value) => key.endsWith(':1') && value !== 3);
    finish(4);
    expect(await running).toBe(4);
    expect([cache.get('a:1'), cache.get('b:1'), cache.get('a:2'), cache.get('c:1')]).toEqual([undefined, undefined, 3, undefined]);
  });

  it('remember: computes once for callers that miss together, keeps the value, and serves it until it ages out', async () => {
    const c = clock();
    const cache = createCache<string[]>({ maxEntries: 1, ttlMs: 30_000, now: c.now });
    let calls = 0;
    let release!: () => void;
    const compute = async () => {
      calls++;
      await new Promise<void>((r) => (release = r));
      return [`plans ${calls}`];
    };
    const first = cache.remember('plans', compute);
    const second = cache.remember('plans', compute);
    release();
    expect(await first).toEqual(['plans 1']);
    expect(await second).toBe(await first);
    expect(await cache.remember('plans', compute)).toEqual(['plans 1']);
    expect(calls).toBe(1);

    c.advance(30_001);
    const third = cache.remember('plans', compute);
    release();
    expect(await third).toEqual(['plans 2']);
  });

  it('remember: a failed computation is not kept, so the next caller tries again', async () => {
    const cache = createCache<string>({ maxEntries: 5 });
    await expect(cache.remember('k', async () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(cache.get('k')).toBeUndefined();
    expect(await cache.remember('k', async () => 'fresh')).toBe('fresh');
    expect(cache.get('k')).toBe('fresh');
  });

  it('remember: a computation invalidated while it runs is answered but not kept', async () => {
    const cache = createCache<string>({ maxEntries: 5 });
    let release!: () => void;
    const running = cache.remember('k', async () => {
      await new Promise<void>((r) => (release = r));
      return 'before the edit';
    });
    cache.delete('k');
    release();
    expect(await running).toBe('before the edit');
    expect(cache.get('k')).toBeUndefined();
  });

  it('remember: an answer given as NotKept reaches every caller that waited for it, and is not kept', async () => {
    const cache = createCache<string>({ maxEntries: 5 });
    let computed = 0;
    let release!: () => void;
    const compute = async () => {
      computed++;
      await new Promise<void>((r) => (release = r));
      return notKept({ redirect: '/blog?page=3' });
    };
    const first = cache.remember('list:9', compute);
    const second = cache.remember('list:9', compute);
    release();
    const answers = await Promise.all([first, second]);
    expect(computed).toBe(1);
    for (const answer of answers) {
      expect(answer).toBeInstanceOf(NotKept);
      expect(answer).toEqual(notKept({ redirect: '/blog?page=3' }));
    }
    expect(cache.get('list:9')).toBeUndefined();
    expect(cache.size).toBe(0);
    // The next caller computes again, and a value it keeps is kept as before.
    expect(await cache.remember('list:9', async () => 'page 9')).toBe('page 9');
    expect(cache.get('list:9')).toBe('page 9');
  });

  it('needs a bound', () => {
    expect(() => createCache({})).toThrow(/maxEntries or maxBytes/);
  });
});
