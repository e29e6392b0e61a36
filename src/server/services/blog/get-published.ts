import type { AppContext } from '../../context';
import type { BlogPostRow } from '../../db/schema';

/** The published post with this slug; drafts and archived posts do not exist for visitors. */
export async function findPublishedPost(ctx: Pick<AppContext, 'blogQueries'>, slug: string): Promise<BlogPostRow | null> {
  const [row] = await ctx.blogQueries.bySlug.execute({ slug });
  return row ?? null;
}
