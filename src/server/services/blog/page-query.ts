import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { Db } from '../../db/client';
import { blogPostCounts, blogPosts, blogPostsVersion, type BlogPostRow } from '../../db/schema';
import { summaryColumns } from './columns';

export type PostStatus = BlogPostRow['status'];
export type SummaryRow = Omit<BlogPostRow, 'content'>;

/**
 * The statements of the blog's reads, prepared once per app (composition.ts; PostgreSQL then parses and plans each
 * once per connection). Lists read newest first along the indexes of migration 0060; counts come from
 * blog_post_counts; the version of blog_posts (migration 0061) keys the public cache.
 */
export function prepareBlogQueries(db: Db) {
  const status = sql.placeholder('status');
  const limit = sql.placeholder('limit');
  const offset = sql.placeholder('offset');
  const publishedTotal = sql<number>`(select ${blogPostCounts.n} from ${blogPostCounts} where ${blogPostCounts.status} = ${status})`;
  const newest = [desc(blogPosts.createdAt), desc(blogPosts.id)];
  const page = (where: SQL | undefined, order: 'newest' | 'oldest', name: string) =>
    db
      .select(summaryColumns)
      .from(blogPosts)
      .where(where)
      .orderBy(...(order === 'newest' ? newest : [asc(blogPosts.createdAt), asc(blogPosts.id)]))
      .limit(limit)
      .offset(offset)
      .prepare(name);
  return {
    /** A page of one status with that status's total on each row: the first pages cost one round trip. */
    byStatusWithTotal: db
      .select({ ...summaryColumns, total: publishedTotal })
      .from(blogPosts)
      .where(eq(blogPosts.status, status))
      .orderBy(...newest)
      .limit(limit)
      .offset(offset)
      .prepare('blog_page_status_total'),
    byStatus: { newest: page(eq(blogPosts.status, status), 'newest', 'blog_page_status'), oldest: page(eq(blogPosts.status, status), 'oldest', 'blog_page_status_oldest') },
    all: { newest: page(undefined, 'newest', 'blog_page_all'), oldest: page(undefined, 'oldest', 'blog_page_all_oldest') },
    counts: db.select({ status: blogPostCounts.status, n: blogPostCounts.n }).from(blogPostCounts).prepare('blog_post_counts'),
    bySlug: db
      .select()
      .from(blogPosts)
      .where(sql`${blogPosts.slug} = ${sql.placeholder('slug')} and ${blogPosts.status} = 'published'`)
      .limit(1)
      .prepare('blog_post_by_slug'),
    version: db.select({ v: blogPostsVersion.v }).from(blogPostsVersion).prepare('blog_posts_version'),
  };
}

export type BlogQueries = ReturnType<typeof prepareBlogQueries>;

/** Posts per status from the counter table (migration 0060), never a count over blog_posts. */
export async function postCounts(queries: BlogQueries): Promise<Record<PostStatus, number>> {
  const counts = { draft: 0, published: 0, archived: 0 };
  for (const { status, n } of await queries.counts.execute()) counts[status] = Number(n);
  return counts;
}

/**
 * Rows offset..offset+limit of a newest-first list of `total` rows. A page in the older half is read from the
 * oldest end and turned round, so no page skips more than half the list (the last page skips none).
 */
export async function pageOf(
  stmts: { newest: { execute: (p: Record<string, unknown>) => Promise<SummaryRow[]> }; oldest: { execute: (p: Record<string, unknown>) => Promise<SummaryRow[]> } },
  params: Record<string, unknown>,
  offset: number,
  limit: number,
  total: number,
): Promise<SummaryRow[]> {
  if (offset * 2 <= total) return stmts.newest.execute({ ...params, limit, offset });
  const take = Math.max(0, Math.min(limit, total - offset));
  const rows = await stmts.oldest.execute({ ...params, limit: take, offset: Math.max(0, total - offset - take) });
  return rows.reverse();
}

const SUMMARY_SQL = sql.raw('id, title, slug, excerpt, featured_image, read_time, status, meta_title, meta_description, meta_keywords, meta_image, created_at, updated_at');

type RawSummary = Record<string, unknown> & { total: number | string; oldest: boolean };
const toRow = (r: RawSummary): SummaryRow => ({
  id: String(r.id),
  title: String(r.title),
  slug: String(r.slug),
  excerpt: String(r.excerpt),
  featuredImage: (r.featured_image as string | null) ?? null,
  readTime: r.read_time == null ? null : Number(r.read_time),
  status: r.status as PostStatus,
  metaTitle: (r.meta_title as string | null) ?? null,
  metaDescription: (r.meta_description as string | null) ?? null,
  metaKeywords: (r.meta_keywords as string | null) ?? null,
  metaImage: (r.meta_image as string | null) ?? null,
  createdAt: new Date(r.created_at as string | Date),
  updatedAt: new Date(r.updated_at as string | Date),
});

/**
 * Rows offset..offset+limit of the newest-first list of one status and that status's total, in ONE round trip
 * whatever the page: both directions are in the statement and PostgreSQL runs only the one whose condition on the
 * total holds (a page in the older half is read from the oldest end). Empty when the page is past the end.
 */
export async function statusPageWithTotal(db: Db, status: PostStatus, offset: number, limit: number): Promise<{ rows: SummaryRow[]; total: number } | null> {
  const raw = await queryRows<RawSummary>(
    db,
    sql`with t as (select n from blog_post_counts where status = ${status})
      (select ${SUMMARY_SQL}, (select n from t) as total, false as oldest from blog_posts
        where status = ${status} and ${offset}::int * 2 <= (select n from t)
        order by created_at desc, id desc limit ${limit}::int offset ${offset}::int)
      union all
      (select ${SUMMARY_SQL}, (select n from t) as total, true as oldest from blog_posts
        where status = ${status} and ${offset}::int * 2 > (select n from t)
        order by created_at asc, id asc limit ${limit}::int offset greatest(0, (select n from t) - ${offset}::int - ${limit}::int))`,
  );
  if (raw.length === 0) return null;
  const total = Number(raw[0].total);
  const rows = raw.map(toRow);
  // From the oldest end the last (partial) page comes with rows of the page before it: keep the older ones.
  return { total, rows: raw[0].oldest ? rows.slice(0, Math.max(0, total - offset)).reverse() : rows };
}
