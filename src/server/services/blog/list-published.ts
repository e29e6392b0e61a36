import { LIMITS } from '../../../shared/constants';
import type { BlogListResult } from '../../../shared/schemas/blog';
import type { Db } from '../../db/client';
import { blogStatements, pageOf, postCounts } from './page-query';
import { paginate } from './pagination';
import { toSummary } from './to-dto';

/** Pages this near the front are read with their total in one round trip (the common case: page 1). */
const FRONT_PAGES = 50;

/** One page of published posts, newest first, 6 a page (spec §2). */
export async function listPublishedPosts(db: Db, page: number): Promise<BlogListResult> {
  const size = LIMITS.blogPageSize;
  const stmts = blogStatements(db);
  const requested = Math.max(1, Math.trunc(page) || 1);
  if (requested <= FRONT_PAGES) {
    const rows = await stmts.byStatusWithTotal.execute({ status: 'published', limit: size, offset: (requested - 1) * size });
    if (rows.length > 0) {
      const total = Number(rows[0].total);
      const { offset: _offset, ...pagination } = paginate(requested, total, size);
      return { posts: rows.map(({ total: _t, ...row }) => toSummary(row)), pagination };
    }
  }
  // A page past the front, past the end (clamped to the last), or an empty blog.
  const total = (await postCounts(db)).published;
  const { offset, ...pagination } = paginate(requested, total, size);
  const rows = total === 0 ? [] : await pageOf(stmts.byStatus, { status: 'published' }, offset, size, total);
  return { posts: rows.map(toSummary), pagination };
}
