import type { BlogPost, BlogPostSummary } from '#shared/schemas/blog';
import type { BlogPostRow } from '../../db/schema';

/** A row as the API sends it: the spec's field names, ISO times. */
export function toBlogPost(row: BlogPostRow): BlogPost {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    content: row.content,
    featured_image: row.featuredImage,
    read_time: row.readTime,
    status: row.status,
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
    meta_keywords: row.metaKeywords,
    meta_image: row.metaImage,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toSummary(row: Omit<BlogPostRow, 'content'>): BlogPostSummary {
  const { content: _content, ...rest } = toBlogPost({ ...row, content: '' });
  return rest;
}
