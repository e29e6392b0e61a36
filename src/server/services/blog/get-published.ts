import type { Db } from '../../db/client';
import type { BlogPostRow } from '../../db/schema';
import { blogStatements } from './page-query';

/** The published post with this slug; drafts and archived posts do not exist for visitors. */
export async function findPublishedPost(db: Db, slug: string): Promise<BlogPostRow | null> {
  const [row] = await blogStatements(db).bySlug.execute({ slug });
  return row ?? null;
}
