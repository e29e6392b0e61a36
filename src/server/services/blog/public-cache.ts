import type { AppContext } from '../../context';
import { createCache, NotKept, notKept, type Cache } from '../../lib/cache';
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
 * age out of the cache). Misses of one answer at the same time share one computation. Errors (404) are not kept, nor
 * an answer compute gives as NotKept (sent, as JSON, to the requests that waited for it).
 */
export async function cachedPublicRead(ctx: PublicReadContext, key: string, compute: () => Promise<unknown>): Promise<StoredAnswer> {
  const answer = await keptUnderBlogVersion(ctx, ctx.caches.publicBlog, key, async () => {
    const value = await compute();
    return value instanceof NotKept ? notKept(storeJson(value.value)) : storeJson(value);
  });
  return answer instanceof NotKept ? answer.value : answer;
}

/**
 * An answer made of blog_posts or releases, kept in `cache` under the public version it was made at (the rule above;
 * migration 0230 bumps it for releases too): the public blog reads in the app's cache, the rendered public pages in
 * theirs (ssr/page-server.ts), the feed and the sitemap in one of their own, bounded to one of each, as they are
 * large, the published releases in theirs. What make gives as NotKept is answered, not kept.
 */
export async function keptUnderBlogVersion<V extends NonNullable<unknown>>(ctx: BlogVersionContext, cache: Cache<V>, key: string, make: () => Promise<V>): Promise<V>;
export async function keptUnderBlogVersion<V extends NonNullable<unknown>, U>(
  ctx: BlogVersionContext,
  cache: Cache<V>,
  key: string,
  make: () => Promise<V | NotKept<U>>,
): Promise<V | NotKept<U>>;
export async function keptUnderBlogVersion<V extends NonNullable<unknown>, U>(
  ctx: BlogVersionContext,
  cache: Cache<V>,
  key: string,
  make: () => Promise<V | NotKept<U>>,
): Promise<V | NotKept<U>> {
  const v = ctx.blogVersion.current() ?? (await ctx.blogVersion.refresh());
  const versioned = `${v}:${key}`;
  return cache.get(versioned) ?? cache.remember(versioned, make);
}

type BlogVersionContext = Pick<AppContext, 'blogVersion'>;
