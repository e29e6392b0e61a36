import type { AdminBlogListResult, BlogStats } from '#shared/schemas/blog';
import type { AppContext } from '../../context';
import { pageOf, postCounts } from './page-query';
import { paginate } from '../../lib/pagination';
import { toSummary } from './to-dto';

/** Every post whatever its status, newest first, one page at a time, with the counts of the stat cards. */
export async function listAllPosts(ctx: Pick<AppContext, 'blogQueries'>, page: number, limit: number): Promise<AdminBlogListResult> {
  const counts = await postCounts(ctx.blogQueries);
  const stats: BlogStats = { total: counts.draft + counts.published + counts.archived, ...counts };
  const { offset, ...pagination } = paginate(page, stats.total, limit);
  const rows = stats.total === 0 ? [] : await pageOf(ctx.blogQueries.all, {}, offset, limit, stats.total);
  return { posts: rows.map(toSummary), pagination, stats };
}
