import type { AppContext } from '../../context';
import { createCache, type Cache } from '../../lib/cache';
import { storeJson, type StoredAnswer } from '../../lib/stored-answer';

/** At most this many public answers (list pages and posts) kept per instance; the least recently used goes first. */
export const PUBLIC_BLOG_CACHE_ENTRIES = 500;

/** The app's cache of public blog answers by version and key (made once by composition.ts). */
export const createPublicBlogCache = (): Cache<StoredAnswer> => createCache<StoredAnswer>({ maxEntries: PUBLIC_BLOG_CACHE_ENTRIES });

/** What a public blog read reaches: the database, the prepared statements, the version of blog_posts and the cache. */
export type PublicReadContext = Pick<AppContext, 'db' | 'blogQueries' | 'blogVersion' | 'caches'>;

/**
 * The JSON answer of a public blog read, kept in memory under the version of blog_posts it was made at (decision
 * 077). The version is the one this instance knows (services/blog/public-version.ts: told by PostgreSQL of every
 * edit, read every second in case a notification is lost), so a hit reads nothing from the database: it is the kept
 * body, its ETag and its compressed forms. An edit makes every kept answer of the older version unreachable (they
 * age out of the cache). Misses of one answer at the same time share one computation. Errors (404) are not kept.
 */
export function cachedPublicRead(ctx: PublicReadContext, key: string, compute: () => Promise<unknown>): Promise<StoredAnswer> {
  return keptUnderBlogVersion(ctx, ctx.caches.publicBlog, key, async () => storeJson(await compute()));
}

/**
 * An answer made of blog_posts, kept in `cache` under the version of blog_posts it was made at (the rule above): the
 * public blog reads in the app's cache, the rendered public pages in theirs (plugins/client.ts), the feed and the
 * sitemap in one of their own, bounded to one of each, as they are large.
 */
export async function keptUnderBlogVersion(ctx: Pick<AppContext, 'blogVersion'>, cache: Cache<StoredAnswer>, key: string, make: () => Promise<StoredAnswer>): Promise<StoredAnswer> {
  const v = ctx.blogVersion.current() ?? (await ctx.blogVersion.refresh());
  const versioned = `${v}:${key}`;
  return cache.get(versioned) ?? cache.remember(versioned, make);
}
