import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blogPosts } from '../../db/schema';
import { notFound } from '../../lib/errors';

export async function deletePost(db: Db, id: string): Promise<void> {
  const deleted = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
  if (deleted.length === 0) throw notFound('BLOG_POST_NOT_FOUND');
}
