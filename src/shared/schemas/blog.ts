import { z } from 'zod';
import { BLOG_STATUSES, LIMITS, type BlogStatus } from '../constants';
import { issue } from '../errors';
import { pageParam } from './page';

/**
 * The slug rule of: lowercase; anything but letters, digits, spaces and hyphens removed; whitespace runs
 * become one hyphen; repeated hyphens collapse. Accents are folded first (é → e) so they are not simply lost,
 * and hyphens at either end are dropped so that a generated slug always passes SLUG_PATTERN.
 */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX = 200;

/** Absolute http(s) URLs, or paths on this site (uploaded images are served at /storage/...); no control characters. */
// eslint-disable-next-line no-control-regex
export const IMAGE_URL_PATTERN = /^(https?:\/\/[^\s"'<>\u0000-\u001f\u007f]+|\/(?!\/)[^\s"'<>\u0000-\u001f\u007f]*)$/i;

/**
 * The control characters a post's text may not hold: those XML 1.0 does not allow (they would break the RSS feed),
 * NUL among them (PostgreSQL refuses it in text). Tab, line feed and carriage return stay.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
const noControl = (v: string | null | undefined) => !v || !CONTROL_CHARACTERS.test(v);

const required = (max: number) =>
  z
    .string({ error: issue('FILL_REQUIRED') })
    .trim()
    .min(1, issue('FILL_REQUIRED'))
    .max(max, issue('TEXT_TOO_LONG', { max }))
    .refine(noControl, issue('CONTROL_CHARACTERS'));

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, issue('TEXT_TOO_LONG', { max }))
    .refine(noControl, issue('CONTROL_CHARACTERS'))
    .nullish()
    .transform((v) => (v ? v : null));

const imageUrl = z
  .string()
  .trim()
  .max(2000, issue('IMAGE_URL_INVALID'))
  .nullish()
  .transform((v) => (v ? v : null))
  .refine(noControl, issue('CONTROL_CHARACTERS'))
  .refine((v) => v === null || IMAGE_URL_PATTERN.test(v), issue('IMAGE_URL_INVALID'));

/** The body of POST and PUT /admin/blog/posts (the field names of R-3.4's blog_posts). */
export const blogPostInputSchema = z.object({
  title: required(300),
  slug: required(SLUG_MAX).regex(SLUG_PATTERN, issue('SLUG_INVALID')),
  excerpt: z
    .string()
    .trim()
    .max(1000, issue('TEXT_TOO_LONG', { max: 1000 }))
    .refine(noControl, issue('CONTROL_CHARACTERS'))
    .nullish()
    .transform((v) => v ?? ''),
  content: required(500_000),
  featured_image: imageUrl,
  read_time: z
    .number({ error: issue('READ_TIME_INVALID') })
    .int(issue('READ_TIME_INVALID'))
    .min(LIMITS.blogReadTimeMin, issue('READ_TIME_INVALID'))
    .max(10_000, issue('READ_TIME_INVALID'))
    .nullish()
    .transform((v) => v ?? null),
  status: z.enum(BLOG_STATUSES, { error: issue('BLOG_STATUS_INVALID') }).default('draft'),
  meta_title: optionalText(300),
  meta_description: optionalText(1000),
  meta_keywords: optionalText(500),
  meta_image: imageUrl,
});
export type BlogPostInput = z.input<typeof blogPostInputSchema>;
export type BlogPostData = z.output<typeof blogPostInputSchema>;

export const previewSchema = z.object({ content: z.string().max(500_000) });

export const blogListQuerySchema = z.object({
  page: pageParam,
});

export const adminBlogListQuerySchema = z.object({
  page: pageParam,
  limit: z.coerce.number().int().min(1).max(100).catch(20).default(20),
});

export const slugParamSchema = z.object({ slug: z.string().min(1).max(SLUG_MAX) });

export type { AdminBlogListResult, BlogListResult, BlogPost, BlogPostSummary, BlogStats, UploadResult } from './responses/blog';

/** Statuses the API does not know display as draft. */
export const displayStatus = (status: string): BlogStatus => ((BLOG_STATUSES as readonly string[]).includes(status) ? (status as BlogStatus) : 'draft');
