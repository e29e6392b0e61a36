import { LIMITS } from '#shared/constants';
import { pageFrom } from '#shared/pagination';
import type { BlogListResult } from '#shared/schemas/blog';
import type { AppContext } from '../../context';
import { ok } from '../../lib/http';
import { postCounts, statusPageWithTotal } from './page-query';
import { paginate } from '../../lib/pagination';
import { notKept } from '../../lib/cache';
import type { StoredAnswer } from '../../lib/stored-answer';
import { cachedPublicRead, type PublicReadContext } from './public-cache';
import { toSummary } from './to-dto';

/**
 * Pages this near the front (page 1 above all) are read by a prepared statement with their total; later pages by
 * one statement that reads from whichever end is nearer. Either way one round trip, and no count of the table.
 */
export const FRONT_PAGES = 50;

/** One page of published posts, newest first, 6 a page. */
export async function listPublishedPosts(ctx: Pick<AppContext, 'db' | 'blogQueries'>, page: number, frontPages = FRONT_PAGES): Promise<BlogListResult> {
  const { db, blogQueries } = ctx;
  const size = LIMITS.blogPageSize;
  // At most MAX_PAGE: the offset of a page past the end stays a small integer until the count clamps it.
  const requested = pageFrom(page);
  const offset = (requested - 1) * size;
  let found: { rows: Parameters<typeof toSummary>[0][]; total: number } | null = null;
  if (requested <= frontPages) {
    const rows = await blogQueries.byStatusWithTotal.execute({ status: 'published', limit: size, offset });
    if (rows.length > 0) found = { total: Number(rows[0].total), rows: rows.map(({ total: _t, ...row }) => row) };
  } else {
    found = await statusPageWithTotal(db, 'published', offset, size);
  }
  if (found && found.rows.length > 0) {
    const { offset: _offset, ...pagination } = paginate(requested, found.total, size);
    return { posts: found.rows.map(toSummary), pagination };
  }
  // Past the end (clamped to the last page) or an empty blog.
  const total = (await postCounts(blogQueries)).published;
  const { offset: clamped, ...pagination } = paginate(requested, total, size);
  const last = total === 0 ? null : await statusPageWithTotal(db, 'published', clamped, size);
  return { posts: (last?.rows ?? []).map(toSummary), pagination };
}

/**
 * The API's answer for one page of the public list, as JSON, kept in memory while blog_posts is unchanged
 * (public-cache.ts). The route sends it; the page's head reads its pagination from the same answer. Only the pages
 * that exist are kept (at most one entry per page of the list): a page past the end is answered with the last page,
 * as the spec clamps it, but not kept under its own number, so made-up numbers cannot fill the cache.
 */
export function publishedPageBody(ctx: PublicReadContext, page: number): Promise<StoredAnswer> {
  return cachedPublicRead(ctx, `list:${page}`, async () => {
    const list = await listPublishedPosts(ctx, page);
    // Past the end: the last page, sent, never kept under the page asked for.
    return list.pagination.currentPage === page ? ok(list) : notKept(ok(list));
  });
}
