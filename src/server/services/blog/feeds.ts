import { desc, eq } from 'drizzle-orm';
import { absoluteUrl, postPath, privatePathPrefixes } from '#shared/pages';
import { sitemapEntries } from '../../ssr/page-parts';
import { site } from '#shared/site';
import type { Db } from '../../db/client';
import { blogPosts } from '../../db/schema';
import { escapeHtml } from '../../lib/html';

/** Text in XML, escaped; control characters are not allowed in XML 1.0 at all. */
// eslint-disable-next-line no-control-regex
export const xmlText = (s: string) => escapeHtml(s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, ''));
const text = xmlText;

/** The blog's feed: its address, and its name (the feed's title, and the name every page's head links it by). */
export const RSS_PATH = '/rss.xml';
export const RSS_TITLE = `${site.productName} Blog`;

const RSS_ITEMS = 50;
/** The sitemap protocol's limit for one file. */
const SITEMAP_MAX = 50_000;

/** RSS 2.0 of the latest published posts, newest first. */
export async function buildRss(db: Db, publicUrl: string): Promise<string> {
  const rows = await db
    .select({ title: blogPosts.title, slug: blogPosts.slug, excerpt: blogPosts.excerpt, createdAt: blogPosts.createdAt, featuredImage: blogPosts.featuredImage })
    .from(blogPosts)
    .where(eq(blogPosts.status, 'published'))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
    .limit(RSS_ITEMS);
  const items = rows.map((r) => {
    const link = `${publicUrl}${postPath(r.slug)}`;
    return [
      '    <item>',
      `      <title>${text(r.title)}</title>`,
      `      <link>${escapeHtml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeHtml(link)}</guid>`,
      `      <pubDate>${r.createdAt.toUTCString()}</pubDate>`,
      `      <description>${text(r.excerpt)}</description>`,
      r.featuredImage ? `      <media:content url="${text(absoluteUrl(publicUrl, r.featuredImage))}" medium="image"/>` : '',
      '    </item>',
    ]
      .filter(Boolean)
      .join('\n');
  });
  return (
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">',
      '  <channel>',
      `    <title>${text(RSS_TITLE)}</title>`,
      `    <link>${escapeHtml(`${publicUrl}/blog`)}</link>`,
      `    <atom:link href="${escapeHtml(`${publicUrl}${RSS_PATH}`)}" rel="self" type="application/rss+xml"/>`,
      `    <description>${text(`Insights, updates, and stories from the ${site.brand} team`)}</description>`,
      '    <language>en-us</language>',
      rows[0] ? `    <lastBuildDate>${rows[0].createdAt.toUTCString()}</lastBuildDate>` : '',
      ...items,
      '  </channel>',
      '</rss>',
      '',
    ]
      .filter((l) => l !== '')
      .join('\n') + '\n'
  );
}

/**
 * The public pages (shared/pages.ts: R-2) in every language and the published posts, newest first, at their one
 * address (decision 135): as many posts as keep the file within the protocol's 50 000 URLs.
 */
export async function buildSitemap(db: Db, publicUrl: string): Promise<string> {
  const fixed = sitemapEntries({ posts: [] }).length;
  const perPost = sitemapEntries({ posts: [{ slug: 'x', updatedAt: new Date(0) }] }).length - fixed;
  const rows = await db
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(eq(blogPosts.status, 'published'))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
    .limit(Math.floor((SITEMAP_MAX - fixed) / perPost));
  const url = (loc: string, lastmod?: Date) => `  <url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...sitemapEntries({ posts: rows }).map((e) => url(`${publicUrl}${e.path}`, e.lastmod)),
    '</urlset>',
    '',
  ].join('\n');
}

/** The API and every page that is not public (shared/pages.ts) stay out of search results; the sitemap is announced. */
export function buildRobots(publicUrl: string): string {
  const disallow = ['/api/', ...privatePathPrefixes()];
  return ['User-agent: *', 'Allow: /', ...disallow.map((p) => `Disallow: ${p}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}
