import type { BlogPost } from '../schemas/blog';

/** A published post as the API gives it, for tests of what pages and heads make of one; override what a test is about. */
export function aPost(overrides: Partial<BlogPost> = {}): BlogPost {
  return {
    id: 'p1',
    title: 'Plain title',
    slug: 'quiet-windows',
    excerpt: 'Plain excerpt',
    content: '<p>Body</p>',
    featured_image: null,
    read_time: 4,
    status: 'published',
    meta_title: null,
    meta_description: null,
    meta_keywords: null,
    meta_image: null,
    created_at: '2026-01-05T20:00:00.000Z',
    updated_at: '2026-01-05T20:00:00.000Z',
    ...overrides,
  };
}
