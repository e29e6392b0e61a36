import { count, desc, eq } from 'drizzle-orm';
import { LIMITS } from '../../../shared/constants';
import type { BlogListResult } from '../../../shared/schemas/blog';
import type { Db } from '../../db/client';
import { blogPosts } from '../../db/schema';
import { summaryColumns } from './columns';
import { paginate } from './pagination';
import { toSummary } from './to-dto';

/** One page of published posts, newest first, 6 a page (spec §2). */
export async function listPublishedPosts(db: Db, page: number): Promise<BlogListResult> {
  const published = eq(blogPosts.status, 'published');
  const [{ total }] = await db.select({ total: count() }).from(blogPosts).where(published);
  const { offset, ...pagination } = paginate(page, total, LIMITS.blogPageSize);
  const rows = await db
    .select(summaryColumns)
    .from(blogPosts)
    .where(published)
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
    .limit(LIMITS.blogPageSize)
    .offset(offset);
  return { posts: rows.map(toSummary), pagination };
}
