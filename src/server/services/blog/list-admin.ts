import { count, desc } from 'drizzle-orm';
import type { AdminBlogListResult, BlogStats } from '../../../shared/schemas/blog';
import type { Db } from '../../db/client';
import { blogPosts } from '../../db/schema';
import { summaryColumns } from './columns';
import { paginate } from './pagination';
import { toSummary } from './to-dto';

/** Every post whatever its status, newest first, one page at a time, with the counts of the stat cards. */
export async function listAllPosts(db: Db, page: number, limit: number): Promise<AdminBlogListResult> {
  const byStatus = await db.select({ status: blogPosts.status, n: count() }).from(blogPosts).groupBy(blogPosts.status);
  const stats: BlogStats = { total: 0, published: 0, draft: 0, archived: 0 };
  for (const { status, n } of byStatus) {
    stats.total += n;
    stats[status] += n;
  }
  const { offset, ...pagination } = paginate(page, stats.total, limit);
  const rows = await db.select(summaryColumns).from(blogPosts).orderBy(desc(blogPosts.createdAt), desc(blogPosts.id)).limit(limit).offset(offset);
  return { posts: rows.map(toSummary), pagination, stats };
}
