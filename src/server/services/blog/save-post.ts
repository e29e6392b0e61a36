import { and, eq, ne } from 'drizzle-orm';
import type { BlogPostData } from '#shared/schemas/blog';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { blogPosts, type BlogPostRow } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';

/** The columns of a post; its body cleaned by the sanitizer, which loads with the first save (not at start). */
const toColumns = async (input: BlogPostData) => ({
  title: input.title,
  slug: input.slug,
  excerpt: input.excerpt,
  content: (await import('./sanitize')).sanitizePostHtml(input.content),
  featuredImage: input.featured_image,
  readTime: input.read_time,
  status: input.status,
  metaTitle: input.meta_title,
  metaDescription: input.meta_description,
  metaKeywords: input.meta_keywords,
  metaImage: input.meta_image,
});

async function assertSlugFree(db: Db, slug: string, exceptId?: string) {
  const where = exceptId ? and(eq(blogPosts.slug, slug), ne(blogPosts.id, exceptId)) : eq(blogPosts.slug, slug);
  const [taken] = await db.select({ id: blogPosts.id }).from(blogPosts).where(where).limit(1);
  if (taken) throw conflict('SLUG_TAKEN');
}

/** Writes, turning the race of two saves with one slug into the same 409 as the check before it. */
async function withSlugConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('SLUG_TAKEN');
    throw err;
  }
}

export async function createPost(db: Db, input: BlogPostData): Promise<BlogPostRow> {
  await assertSlugFree(db, input.slug);
  const columns = await toColumns(input);
  const now = new Date();
  const [row] = await withSlugConflict(() =>
    db
      .insert(blogPosts)
      .values({ ...columns, createdAt: now, updatedAt: now })
      .returning(),
  );
  return row;
}

export async function updatePost(db: Db, id: string, input: BlogPostData): Promise<BlogPostRow> {
  await assertSlugFree(db, input.slug, id);
  const columns = await toColumns(input);
  const [row] = await withSlugConflict(() =>
    db
      .update(blogPosts)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(blogPosts.id, id))
      .returning(),
  );
  if (!row) throw notFound('BLOG_POST_NOT_FOUND');
  return row;
}
