import { absoluteUrl, type PageHead } from '../../shared/pages';
import { site } from '../../shared/site';
import { escapeHtml, scriptSafeJson } from '../lib/html';
import type { Locale } from '../../shared/i18n/locales';
import { RSS_PATH, RSS_TITLE } from '../services/blog/feeds';

/** Open Graph names a language with its region. */
const OG_LOCALES: Record<Locale, string> = { en: 'en_US', hi: 'hi_IN', es: 'es_ES', fr: 'fr_FR' };

/** The site's own link preview (public/og-image.png, made by scripts/brand-images.mjs) for a page without an image. */
export const DEFAULT_OG_IMAGE = { path: '/og-image.png', width: 1200, height: 630, alt: `${site.productName}: ${site.tagline}` };

/**
 * The <head> tags the server writes into index.html, so that crawlers and link previews need no script. Each page
 * declares its own (shared/pages.ts).
 */
export function renderHead(tags: PageHead, publicUrl: string): string {
  const url = `${publicUrl}${tags.canonical ?? tags.path}`;
  const own = Boolean(tags.image);
  const image = absoluteUrl(publicUrl, tags.image || DEFAULT_OG_IMAGE.path);
  const link = (rel: string, path: string | undefined) => (path ? `<link rel="${rel}" href="${escapeHtml(`${publicUrl}${path}`)}">` : '');
  const lines = [
    `<title>${escapeHtml(tags.title)}</title>`,
    `<meta name="description" content="${escapeHtml(tags.description)}">`,
    tags.keywords ? `<meta name="keywords" content="${escapeHtml(tags.keywords)}">` : '',
    tags.noindex ? `<meta name="robots" content="noindex">` : '',
    // A page that is not found, or whose data could not be read, has no address of its own to name.
    tags.status ? '' : `<link rel="canonical" href="${escapeHtml(url)}">`,
    link('prev', tags.prev),
    ...(tags.alternates ?? []).map((a) => `<link rel="alternate" hreflang="${a.hreflang}" href="${escapeHtml(`${publicUrl}${a.path}`)}">`),
    link('next', tags.next),
    // Every page names the blog's feed (routes/feeds.ts), so that a feed reader finds it from any address of the site.
    `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(RSS_TITLE)}" href="${escapeHtml(`${publicUrl}${RSS_PATH}`)}">`,
    `<meta property="og:site_name" content="${escapeHtml(site.productName)}">`,
    `<meta property="og:type" content="${tags.type ?? 'website'}">`,
    `<meta property="og:title" content="${escapeHtml(tags.title)}">`,
    `<meta property="og:description" content="${escapeHtml(tags.description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    // A post is in English at every address (decision 135): its preview says the language of its text.
    `<meta property="og:locale" content="${OG_LOCALES[tags.contentLang ?? tags.lang]}">`,
    `<meta property="og:image" content="${escapeHtml(image)}">`,
    own ? '' : `<meta property="og:image:type" content="image/png">`,
    own ? '' : `<meta property="og:image:width" content="${DEFAULT_OG_IMAGE.width}">`,
    own ? '' : `<meta property="og:image:height" content="${DEFAULT_OG_IMAGE.height}">`,
    own ? '' : `<meta property="og:image:alt" content="${escapeHtml(DEFAULT_OG_IMAGE.alt)}">`,
    tags.publishedTime ? `<meta property="article:published_time" content="${escapeHtml(tags.publishedTime)}">` : '',
    tags.modifiedTime ? `<meta property="article:modified_time" content="${escapeHtml(tags.modifiedTime)}">` : '',
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${escapeHtml(tags.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(tags.description)}">`,
    `<meta name="twitter:image" content="${escapeHtml(image)}">`,
    own ? '' : `<meta name="twitter:image:alt" content="${escapeHtml(DEFAULT_OG_IMAGE.alt)}">`,
    tags.jsonLd ? `<script type="application/ld+json">${scriptSafeJson(tags.jsonLd)}</script>` : '',
  ];
  return lines.filter(Boolean).join('\n    ');
}
