import { z } from 'zod';
import { BLOG_STATUSES } from '../../constants';
import { isoTime, paginationSchema } from './envelope';

const postFields = {
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  featured_image: z.string().nullable(),
  read_time: z.number().int().nullable().describe('Minutes'),
  status: z.enum(BLOG_STATUSES),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  meta_keywords: z.string().nullable(),
  meta_image: z.string().nullable(),
  created_at: isoTime,
  updated_at: isoTime,
};

/** A blog post as the API sends it (the field names of R-3.4's blog_posts); `content` is sanitized HTML. */
export const blogPostSchema = z.object({ ...postFields, content: z.string() }).meta({ id: 'BlogPost' });
export type BlogPost = z.infer<typeof blogPostSchema>;

/** Cards of a list carry no body. */
export const blogPostSummarySchema = z.object(postFields).meta({ id: 'BlogPostSummary' });
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

export const blogListSchema = z.object({ posts: z.array(blogPostSummarySchema), pagination: paginationSchema });
export type BlogListResult = z.infer<typeof blogListSchema>;

export const blogStatsSchema = z.object({ total: z.number().int(), published: z.number().int(), draft: z.number().int(), archived: z.number().int() });
export type BlogStats = z.infer<typeof blogStatsSchema>;

export const adminBlogListSchema = z.object({ posts: z.array(blogPostSummarySchema), pagination: paginationSchema, stats: blogStatsSchema });
export type AdminBlogListResult = z.infer<typeof adminBlogListSchema>;

export const postData = z.object({ post: blogPostSchema });
export type PostData = z.infer<typeof postData>;

/** POST /admin/blog/preview: the HTML saving would keep. */
export const previewData = z.object({ html: z.string() });
export type PreviewData = z.infer<typeof previewData>;

/** POST /admin/uploads: where the stored image is served. */
export const uploadResultSchema = z.object({ url: z.string(), name: z.string() });
export type UploadResult = z.infer<typeof uploadResultSchema>;

/**
 * POST /admin/uploads takes multipart/form-data, which @fastify/multipart reads in the handler: this schema only
 * describes it. It accepts whatever the request carries (the handler checks the file), so it refuses nothing.
 */
export const uploadBody = z.unknown().meta({
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', format: 'binary', description: 'One image (JPEG, PNG, GIF or WebP, checked by its content), at most 10 MB.' } },
});
