import type { AppContext } from '../../context';
import { createCache, type Cache } from '../../lib/cache';

/** At most this many public answers (list pages and posts) kept per instance; the least recently used goes first. */
export const PUBLIC_BLOG_CACHE_ENTRIES = 500;

/** A public answer and the version of blog_posts it was computed at. */
export type PublicBlogEntry = { v: number; body: string };

/** The app's cache of public blog answers (made once by composition.ts). */
export const createPublicBlogCache = (): Cache<PublicBlogEntry> => createCache<PublicBlogEntry>({ maxEntries: PUBLIC_BLOG_CACHE_ENTRIES });

/** What a public blog read reaches: the database, the prepared statements and the cache. */
export type PublicReadContext = Pick<AppContext, 'db' | 'blogQueries' | 'caches'>;

/**
 * The JSON answer of a public blog read, kept in memory and served again while blog_posts has not changed since:
 * every request reads the version (migration 0061, one primary-key read), so an edit committed on any instance
 * is seen by the next request everywhere, and a hit costs that read instead of the query and its serialisation.
 * The version is read before the answer is computed, so a write in between only costs a later miss.
 * Errors (404 for a missing post) are not kept.
 */
export async function cachedPublicRead(ctx: PublicReadContext, key: string, compute: () => Promise<unknown>): Promise<string> {
  const cache = ctx.caches.publicBlog;
  const [{ v } = { v: -1 }] = await ctx.blogQueries.version.execute();
  const hit = cache.get(key);
  if (hit && hit.v === v) return hit.body;
  const body = JSON.stringify(await compute());
  cache.set(key, { v, body });
  return body;
}
