import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAreas } from '../../shared/i18n/runtime';
import { PAGES, pageAt, queryKeyId, type PageAt } from '../../shared/pages';
import type { BlogListResult } from '../../shared/schemas/blog';
import { aPost } from '../../shared/test/blog-post';
import { ROOT_DIR } from '../lib/paths';
import { headOf, pageReads, postHead, SERVER_PARTS, sitemapEntries } from './page-parts';

const at = (path: string, query = '') => pageAt(path, new URLSearchParams(query))!;
const PUBLIC_URL = 'https://stealth.example';
const post = aPost({ featured_image: '/storage/blog-images/blog-1-cover.png', updated_at: '2026-01-06T08:00:00.000Z' });

// The heads are written in the page's language, from the catalogs the server loads first.
beforeAll(() => Promise.all([loadAreas('en', ['chrome', 'heads']), loadAreas('hi', ['chrome', 'heads'])]));

/** Every module a file imports (static, dynamic, side effect, types too), resolved to a file of the repository. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm)].map((m) => m[1]);
  return specs.flatMap((spec) => {
    if (!spec.startsWith('.')) return [];
    const base = path.resolve(path.dirname(file), spec);
    const found = [base, ...['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext)].find((f) => existsSync(f) && statSync(f).isFile());
    return found ? [found] : [];
  });
}

/** The files reachable by imports from the browser's code (every module under src/client, and what they import). */
function browserModules(): Set<string> {
  const clientDir = path.join(ROOT_DIR, 'src/client');
  const todo = readdirSync(clientDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join(clientDir, f));
  const seen = new Set<string>();
  while (todo.length) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (/\.tsx?$/.test(file)) todo.push(...importsOf(file));
  }
  return seen;
}

describe('the server part of the pages (decision 165)', () => {
  it('is out of reach of the browser: no module under src/client, nor anything it imports, is a module of the server', () => {
    const modules = browserModules();
    expect(modules.size).toBeGreaterThan(50);
    expect([...modules].some((f) => f.endsWith(path.join('src', 'shared', 'pages.ts')))).toBe(true);
    const server = path.join(ROOT_DIR, 'src/server') + path.sep;
    expect([...modules].filter((f) => f.startsWith(server)).map((f) => path.relative(ROOT_DIR, f))).toEqual([]);
  });

  it('is keyed by the path of a public page: a page not public has no reads, no head of its own, no sitemap', () => {
    const publicPaths = new Set<string>(PAGES.filter((p) => p.public).map((p) => p.path));
    for (const key of Object.keys(SERVER_PARTS)) expect(publicPaths.has(key), key).toBe(true);
  });

  it('names the reads each page is made of, under the keys its screens read', () => {
    const reads = (path: string, query = '') => {
      const a = at(path, query);
      return pageReads(a);
    };
    expect(Object.values(reads('/')).map((r) => r.key)).toEqual(['downloads-config', 'plans-public']);
    // Every public page with the footer reads the installer's config, whose release the footer names (decision 190).
    const downloads = { key: 'downloads-config', path: '/downloads/config' };
    expect(reads('/blog', 'page=3')).toEqual({ downloads, list: { key: queryKeyId(['blog', 'list', 3]), path: '/blog/posts?page=3' } });
    expect(reads('/blog/', 'page=abc').list.path).toBe('/blog/posts?page=1');
    // The path as the router decodes it: the slug is the one the post screen reads, sent encoded to the API.
    expect(reads('/blog/a b')).toMatchObject({ post: { key: queryKeyId(['blog', 'post', 'a b']), path: '/blog/posts/a%20b', absent: null } });
    expect(reads('/contact-us')).toEqual({ downloads });
    expect(reads('/changelog')).toEqual({ downloads, changelog: { key: 'changelog', path: '/changelog' } });
    for (const path of ['/dashboard', '/billing', '/admin/edit-post/x', '/reset-password', '/dev/mailbox']) expect(reads(path), path).toEqual({});
  });

  it('lists in the sitemap each public page in each language, and each post at its one address', () => {
    const entries = sitemapEntries({ posts: [{ slug: 'a b', updatedAt: new Date(post.updated_at) }] });
    const english = ['/', '/blog', '/privacy-policy', '/terms-of-service', '/refund-policy', '/terms-conditions', '/contact-us', '/changelog'];
    // Each page in each language (decision 090): English at the spec's paths, the others under their prefix; a post at
    // its English address alone, the one text it has (decision 135).
    expect(entries.map((e) => e.path)).toEqual([...english.flatMap((p) => [p, ...['hi', 'es', 'fr'].map((l) => (p === '/' ? `/${l}` : `/${l}${p}`))]), '/blog/a%20b']);
    expect(entries.at(-1)?.lastmod?.toISOString()).toBe(post.updated_at);
  });
});

describe('page heads', () => {
  const head = (a: PageAt, data: Record<string, unknown> = {}) => headOf(a, data, PUBLIC_URL);

  it('names a fixed page by its own address, and keeps every page that is not public out of search results', () => {
    expect(head(at('/Privacy-Policy/'))).toMatchObject({ title: 'Privacy Policy | Stealth Browser', path: '/privacy-policy' });
    expect(head(at('/privacy-policy')).noindex).toBeUndefined();
    expect(head(at('/admin/edit-post/abc'))).toMatchObject({ title: 'Edit Post | Stealth Browser Admin', path: '/admin/edit-post/abc', noindex: true });
  });

  it('makes the list head of the answer its page shows: the clamped page, and its neighbours', () => {
    const list: BlogListResult = { posts: [], pagination: { currentPage: 3, totalPages: 3, totalItems: 14, itemsPerPage: 6 } };
    expect(head(at('/blog', 'page=99'), { list })).toMatchObject({
      title: 'Tech Insights, Page 3 | Stealth Browser Blog',
      path: '/blog?page=3',
      prev: '/blog?page=2',
      next: undefined,
    });
    // The read failed: the browser will fetch the list; no address is named.
    expect(head(at('/blog', 'page=2'))).toMatchObject({ title: 'Tech Insights, Page 2 | Stealth Browser Blog', status: 503, noindex: true });
  });

  it('makes a post head of the post its page shows: meta fields first, then title, excerpt and featured image', () => {
    const plain = head(at('/blog/quiet-windows'), { post });
    expect(plain).toMatchObject({
      title: 'Plain title',
      description: 'Plain excerpt',
      image: post.featured_image,
      path: '/blog/quiet-windows',
      type: 'article',
      publishedTime: post.created_at,
      modifiedTime: post.updated_at,
    });
    expect(plain.jsonLd).toMatchObject({
      '@type': 'Article',
      image: [`${PUBLIC_URL}${post.featured_image}`],
      timeRequired: 'PT4M',
      mainEntityOfPage: { '@id': `${PUBLIC_URL}/blog/quiet-windows` },
    });
    const meta = { ...post, meta_title: 'Meta', meta_description: 'Meta text', meta_keywords: 'a, b', meta_image: 'https://cdn.example.com/m.png' };
    expect(postHead(meta, PUBLIC_URL)).toMatchObject({ title: 'Meta', description: 'Meta text', keywords: 'a, b', image: 'https://cdn.example.com/m.png' });
  });

  it('gives a post that is not there a 404 head that leaks nothing, and one that could not be read a 503', () => {
    expect(head(at('/blog/secret-draft'), { post: null })).toEqual({
      title: 'Blog Post Not Found | Stealth Browser',
      description: "The blog post you're looking for doesn't exist.",
      path: '/blog/secret-draft',
      lang: 'en',
      noindex: true,
      status: 404,
    });
    expect(head(at('/blog/secret-draft'))).toMatchObject({ status: 503, noindex: true });
  });
});
