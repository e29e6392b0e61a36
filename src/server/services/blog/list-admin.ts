import type { AdminBlogListResult, BlogStats } from '../../../shared/schemas/blog';
import type { Db } from '../../db/client';
import { blogStatements, pageOf, postCounts } from './page-query';
import { paginate } from '../../lib/pagination';
import { toSummary } from './to-dto';

/** Every post whatever its status, newest first, one page at a time, with the counts of the stat cards. */
export async function listAllPosts(db: Db, page: number, limit: number): Promise<AdminBlogListResult> {
  const counts = await postCounts(db);
  const stats: BlogStats = { total: counts.draft + counts.published + counts.archived, ...counts };
  const { offset, ...pagination } = paginate(page, stats.total, limit);
  const rows = stats.total === 0 ? [] : await pageOf(blogStatements(db).all, {}, offset, limit, stats.total);
  return { posts: rows.map(toSummary), pagination, stats };
}
