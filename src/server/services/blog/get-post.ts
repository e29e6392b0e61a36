import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blogPosts, type BlogPostRow } from '../../db/schema';
import { notFound } from '../../lib/errors';

/** A post by id for the edit form, whatever its status. */
export async function getPost(db: Db, id: string): Promise<BlogPostRow> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  if (!row) throw notFound('BLOG_POST_NOT_FOUND');
  return row;
}
