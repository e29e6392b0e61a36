import { z } from 'zod';
import { BLOG_STATUSES, LIMITS, type BlogStatus } from '#shared/constants';
import { MSG } from '#shared/messages';
import { displayStatus, IMAGE_URL_PATTERN, SLUG_PATTERN, type BlogPost, type BlogPostInput } from '#shared/schemas/blog';

const imageUrl = z
  .string()
  .trim()
  .refine((v) => v === '' || IMAGE_URL_PATTERN.test(v), MSG.imageUrlInvalid);

/** The form as typed (all strings); toPayload turns it into the API body. */
export const postFormSchema = z.object({
  title: z.string().trim().min(1, MSG.fillRequired),
  slug: z.string().trim().min(1, MSG.fillRequired).regex(SLUG_PATTERN, MSG.slugInvalid),
  excerpt: z.string(),
  read_time: z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) >= LIMITS.blogReadTimeMin), MSG.readTimeInvalid),
  status: z.enum(BLOG_STATUSES),
  featured_image: imageUrl,
  meta_title: z.string(),
  meta_description: z.string(),
  meta_keywords: z.string(),
  meta_image: imageUrl,
  content: z.string().trim().min(1, MSG.fillRequired),
});
export type PostFormValues = z.infer<typeof postFormSchema>;

export const REQUIRED_FIELDS = ['title', 'slug', 'content'] as const;

export const emptyForm: PostFormValues = {
  title: '',
  slug: '',
  excerpt: '',
  read_time: '',
  status: 'draft',
  featured_image: '',
  meta_title: '',
  meta_description: '',
  meta_keywords: '',
  meta_image: '',
  content: '',
};

export const formFromPost = (post: BlogPost): PostFormValues => ({
  title: post.title,
  slug: post.slug,
  excerpt: post.excerpt,
  read_time: post.read_time ? String(post.read_time) : '',
  status: displayStatus(post.status),
  featured_image: post.featured_image ?? '',
  meta_title: post.meta_title ?? '',
  meta_description: post.meta_description ?? '',
  meta_keywords: post.meta_keywords ?? '',
  meta_image: post.meta_image ?? '',
  content: post.content,
});

const orNull = (v: string) => (v.trim() ? v.trim() : null);

/** Read time goes as an integer or null; empty texts as null; the status of the button pressed wins. */
export const toPayload = (v: PostFormValues, status: BlogStatus, featuredImage: string | null): BlogPostInput => ({
  title: v.title.trim(),
  slug: v.slug.trim(),
  excerpt: v.excerpt.trim(),
  content: v.content,
  read_time: v.read_time.trim() ? Number.parseInt(v.read_time, 10) : null,
  status,
  featured_image: featuredImage,
  meta_title: orNull(v.meta_title),
  meta_description: orNull(v.meta_description),
  meta_keywords: orNull(v.meta_keywords),
  meta_image: orNull(v.meta_image),
});
