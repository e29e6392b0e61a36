import { bigint, boolean, date, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const blogPosts = pgTable('blog_posts', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  slug: text('slug').notNull().unique(),
  excerpt: text('excerpt').notNull().default(''),
  content: text('content').notNull(),
  featuredImage: text('featured_image'),
  readTime: integer('read_time'),
  status: text('status', { enum: ['draft', 'published', 'archived'] })
    .notNull()
    .default('draft'),
  metaTitle: text('meta_title'),
  metaDescription: text('meta_description'),
  metaKeywords: text('meta_keywords'),
  metaImage: text('meta_image'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Posts per status, kept by the triggers of migration 0060 (lists read it instead of counting the table). */
export const blogPostCounts = pgTable('blog_post_counts', {
  status: text('status', { enum: ['draft', 'published', 'archived'] }).primaryKey(),
  n: integer('n').notNull().default(0),
});

/** One row whose v changes with every write to blog_posts (migration 0061): public pages kept in memory check it. */
export const blogPostsVersion = pgTable('blog_posts_version', {
  id: boolean('id').primaryKey().default(true),
  v: bigint('v', { mode: 'number' }).notNull().default(0),
});

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  ip: text('ip').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  handledAt: ts('handled_at'),
  handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
});

/** Installer downloads, one row per address, platform and hour (decision 105); `userAgent` is the browser family. */
export const downloads = pgTable(
  'downloads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platform: text('platform').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    /** A keyed hash of the address and the hour, never the address (null for rows counted before 0161). */
    visitor: text('visitor'),
    countedHour: ts('counted_hour'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('downloads_once_an_hour').on(t.platform, t.visitor, t.countedHour)],
);

/** Old download rows rolled up by housekeeping: a count per day in the site's zone, platform and browser family. */
export const downloadDays = pgTable(
  'download_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    platform: text('platform').notNull(),
    userAgent: text('user_agent').notNull(),
    downloads: integer('downloads').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.platform, t.userAgent] })],
);

export type BlogPostRow = typeof blogPosts.$inferSelect;

export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
