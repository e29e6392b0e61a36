import { site } from '../../shared/site';

export type HeadTags = {
  title: string;
  description: string;
  keywords?: string | null;
  /** Path of the canonical URL, joined to PUBLIC_URL. */
  path: string;
  type?: 'website' | 'article';
  image?: string | null;
  publishedTime?: string;
  modifiedTime?: string;
  jsonLd?: Record<string, unknown>;
  /** Pages that must stay out of search results (signed-in area, admin, token links). */
  noindex?: boolean;
};

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** JSON inside <script> must not be able to close the element. */
const safeJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

const absolute = (publicUrl: string, url: string) => (/^https?:\/\//.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`);

/** The <head> tags the server writes into index.html, so that crawlers and link previews need no script. */
export function renderHead(tags: HeadTags, publicUrl: string): string {
  const url = `${publicUrl}${tags.path}`;
  const image = absolute(publicUrl, tags.image || '/og-image.png');
  const lines = [
    `<title>${escapeHtml(tags.title)}</title>`,
    `<meta name="description" content="${escapeHtml(tags.description)}">`,
    tags.keywords ? `<meta name="keywords" content="${escapeHtml(tags.keywords)}">` : '',
    tags.noindex ? `<meta name="robots" content="noindex">` : '',
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta property="og:site_name" content="${escapeHtml(site.productName)}">`,
    `<meta property="og:type" content="${tags.type ?? 'website'}">`,
    `<meta property="og:title" content="${escapeHtml(tags.title)}">`,
    `<meta property="og:description" content="${escapeHtml(tags.description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta property="og:image" content="${escapeHtml(image)}">`,
    tags.publishedTime ? `<meta property="article:published_time" content="${escapeHtml(tags.publishedTime)}">` : '',
    tags.modifiedTime ? `<meta property="article:modified_time" content="${escapeHtml(tags.modifiedTime)}">` : '',
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${escapeHtml(tags.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(tags.description)}">`,
    `<meta name="twitter:image" content="${escapeHtml(image)}">`,
    tags.jsonLd ? `<script type="application/ld+json">${safeJson(tags.jsonLd)}</script>` : '',
  ];
  return lines.filter(Boolean).join('\n    ');
}
