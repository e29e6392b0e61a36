import type { Db } from '../../db/client';
import { blogPostsVersion } from '../../db/schema';

/** At most this many public answers (list pages and posts) kept per instance; the oldest goes first. */
export const PUBLIC_BLOG_CACHE_ENTRIES = 500;

type Cache = { version: ReturnType<typeof prepareVersion>; entries: Map<string, { v: number; body: string }> };

const prepareVersion = (db: Db) => db.select({ v: blogPostsVersion.v }).from(blogPostsVersion).prepare('blog_posts_version');
const caches = new WeakMap<Db, Cache>();

/**
 * The JSON answer of a public blog read, kept in memory and served again while blog_posts has not changed since:
 * every request reads the version (migration 0061, one primary-key read), so an edit committed on any instance
 * is seen by the next request everywhere, and a hit costs that read instead of the query and its serialisation.
 * The version is read before the answer is computed, so a write in between only costs a later miss.
 * Errors (404 for a missing post) are not kept.
 */
export async function cachedPublicRead(db: Db, key: string, compute: () => Promise<unknown>): Promise<string> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = { version: prepareVersion(db), entries: new Map() }));
  const [{ v } = { v: -1 }] = await cache.version.execute();
  const hit = cache.entries.get(key);
  if (hit && hit.v === v) return hit.body;
  const body = JSON.stringify(await compute());
  cache.entries.delete(key);
  cache.entries.set(key, { v, body });
  if (cache.entries.size > PUBLIC_BLOG_CACHE_ENTRIES) cache.entries.delete(cache.entries.keys().next().value!);
  return body;
}
