import { CHANGELOG_MAX, CHANGELOG_RSS_PATH, type Changelog } from '#shared/schemas/releases';
import { localizedPath, type Locale } from '#shared/i18n/locales';
import { site } from '#shared/site';
import { escapeHtml } from '#server/lib/html';
import { xmlText } from '../blog/feeds';
import { publishedReleases, releaseDate, type FeedContext } from './feed';

/** The changelog's page, and the anchor of one release on it (`#v2.2.0`). */
export const CHANGELOG_PATH = '/changelog';
export const releaseAnchor = (version: string) => `v${version}`;

/** GET /api/v1/changelog: the published stable releases, newest version first, with their notes as HTML. */
export async function changelog(ctx: FeedContext): Promise<Changelog> {
  const rows = (await publishedReleases(ctx, 'stable')).slice(0, CHANGELOG_MAX);
  return { releases: rows.map((r) => ({ version: r.version, date: releaseDate(r).toISOString(), notesHtml: r.notesHtml })) };
}

/** The changelog as RSS 2.0 (CHANGELOG_RSS_PATH): one item per release, linking to its place on the page. */
export function buildChangelogRss(log: Changelog, publicUrl: string, locale: Locale = 'en'): string {
  const page = `${publicUrl}${localizedPath(locale, CHANGELOG_PATH)}`;
  const items = log.releases.map((r) =>
    [
      '    <item>',
      `      <title>${xmlText(`${site.productName} ${r.version}`)}</title>`,
      `      <link>${escapeHtml(`${page}#${releaseAnchor(r.version)}`)}</link>`,
      `      <guid isPermaLink="false">${xmlText(`${site.productName.toLowerCase().replace(/\s+/g, '-')}-${r.version}`)}</guid>`,
      `      <pubDate>${new Date(r.date).toUTCString()}</pubDate>`,
      `      <description>${xmlText(r.notesHtml)}</description>`,
      '    </item>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${xmlText(`${site.productName} changelog`)}</title>`,
    `    <link>${escapeHtml(page)}</link>`,
    `    <atom:link href="${escapeHtml(`${publicUrl}${CHANGELOG_RSS_PATH}`)}" rel="self" type="application/rss+xml"/>`,
    `    <description>${xmlText(`What is new in each release of ${site.productName} for Windows`)}</description>`,
    '    <language>en-us</language>',
    ...(log.releases[0] ? [`    <lastBuildDate>${new Date(log.releases[0].date).toUTCString()}</lastBuildDate>`] : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
