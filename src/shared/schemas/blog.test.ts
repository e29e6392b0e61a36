import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blogPostInputSchema, displayStatus, SLUG_PATTERN, slugify } from './blog';

describe('slugify (spec §5)', () => {
  it.each([
    ['Hello World', 'hello-world'],
    ['  Ten   keyboard shortcuts!  ', 'ten-keyboard-shortcuts'],
    ['C++ & Rust: a -- comparison', 'c-rust-a-comparison'],
    ['Already-a-slug', 'already-a-slug'],
    ['Café déjà vu', 'cafe-deja-vu'],
    ['2025: What’s new?', '2025-whats-new'],
    ['- leading and trailing -', 'leading-and-trailing'],
    ['!!!', ''],
  ])('%s → %s', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('always gives a slug the server accepts, or nothing', () => {
    fc.assert(
      fc.property(fc.string(), (title) => {
        const slug = slugify(title);
        expect(slug === '' || SLUG_PATTERN.test(slug)).toBe(true);
      }),
    );
  });
});

describe('blogPostInputSchema', () => {
  const base = { title: 'T', slug: 't', content: '<p>x</p>' };
  it('defaults to draft with empty optional fields as null', () => {
    expect(blogPostInputSchema.parse({ ...base, meta_title: '  ', featured_image: '' })).toMatchObject({
      status: 'draft',
      excerpt: '',
      read_time: null,
      meta_title: null,
      featured_image: null,
    });
  });
  it('shows unknown statuses as draft', () => {
    expect(displayStatus('scheduled')).toBe('draft');
    expect(displayStatus('archived')).toBe('archived');
  });
});
