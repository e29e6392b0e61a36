import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blogPosts, type BlogPostRow } from '../../db/schema';

/** The published post with this slug; drafts and archived posts do not exist for visitors. */
export async function findPublishedPost(db: Db, slug: string): Promise<BlogPostRow | null> {
  const [row] = await db.select().from(blogPosts).where(and(eq(blogPosts.slug, slug), eq(blogPosts.status, 'published'))).limit(1);
  return row ?? null;
}
