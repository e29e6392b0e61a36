import { DEFAULT_LOCALE, LOCALES, localizedPath, type Locale } from '../../shared/i18n/locales';
import { hasArea, translator, type Area, type TextKey } from '../../shared/i18n/runtime';
import { CHANGELOG_READ, LANDING_READS, publicPlansRead } from '../../shared/landing-reads';
import {
  absoluteUrl,
  blogKeys,
  blogListTitle,
  blogPostHead,
  chromeText,
  PAGES,
  pageAreas,
  postPath,
  queryKeyId,
  titled,
  titleOf,
  type Page,
  type PageAt,
  type PageHead,
  type PagePath,
} from '../../shared/pages';
import { listPageHref, pageFrom } from '../../shared/pagination';
import type { BlogListResult, BlogPost } from '../../shared/schemas/blog';
import type { PlansData } from '../../shared/schemas/responses/billing';
import type { DownloadsConfig } from '../../shared/schemas/downloads';
import type { PostData } from '../../shared/schemas/responses/blog';
import { site } from '../../shared/site';

/**
 * The server part of the pages (decision 165), keyed by the path of their shared declaration (shared/pages.ts): the
 * API reads a page's body is made of, its head and its sitemap entries. The server alone runs them (ssr/read-page.ts,
 * services/blog/feeds.ts); no module the browser bundles may import this file (page-parts.test.ts), so nothing here
 * reaches the JavaScript a visitor downloads, and nothing depends on a flag to keep it out.
 */

/**
 * One GET of the site's API that a page is made of: its path under /api/v1, the key its screen reads it by (a
 * `useFetched` key or `queryKeyId(queryKey)`), the part of the answer it keeps, and what the page reads when the API
 * answers 404 (`absent`: a post that is not published is `null`, so the page renders 'not found', not 'loading').
 */
export type PageRead<T = unknown> = { key: string; path: string; pick?: (data: unknown) => T; absent?: T };

/** What the sitemap entries of a page with parameters are made of; the server reads it from the database. */
export type SitemapSource = { posts: { slug: string; updatedAt: Date }[] };
export type SitemapEntry = { path: string; lastmod?: Date };

/** The server's part of a page whose reads answer `D` by name. */
type ServerPart<D extends Record<string, unknown>> = {
  /** The API reads the page's body shows; the server makes each once and builds the head from the same answers. */
  reads?: (at: PageAt) => { [K in keyof D]: PageRead<D[K]> };
  /** The page's head beyond its title: fixed, or made of its reads (a read that failed is missing). */
  head?: Partial<PageHead> | ((at: PageAt, data: Partial<D>, publicUrl: string) => Partial<PageHead>);
  /** The sitemap entries of a public page with parameters (a public page without them is its own entry). */
  sitemap?: (source: SitemapSource) => SitemapEntry[];
};
export type PageServerPart = ServerPart<Record<string, unknown>>;

/** Checks a part against the data its reads answer, then forgets the type (the parts are kept in one table). */
const part = <D extends Record<string, unknown> = Record<string, never>>(p: ServerPart<D>) => p as unknown as PageServerPart;

const product = { product: site.productName };

/** The head's texts of a page in its language (the `heads` area, which only the server loads). */
const headsText = (locale: Locale) => translator(hasArea(locale, 'heads') ? locale : DEFAULT_LOCALE, 'heads');
/** The description of a page that has none of its own. */
const defaultDescription = (locale: Locale = DEFAULT_LOCALE) => headsText(locale)('descDefault', { ...product, tagline: chromeText(locale)('tagline') });
/** A page whose head adds a description of its own to the title (the policies, the contact page). */
const described = (description: TextKey<'heads'>) => part({ head: (at: PageAt) => ({ description: headsText(at.locale)(description, product) }) });

/**
 * The head of a post that is missing, a draft or archived: 'not found' in the page's language (the spec's texts, in the
 * server's `heads` texts under their MSG names), kept out of search results, leaking nothing. The app shows the same
 * (routes/blog/post.tsx).
 */
const postNotFoundHead = (locale: Locale): Partial<PageHead> & { title: string } => ({
  title: titled(headsText(locale)('blogPostNotFoundTitle')),
  description: headsText(locale)('blogPostNotFoundText'),
  noindex: true,
  status: 404,
});

/** The head of a post as the app makes it (shared/pages.ts), with its Article JSON-LD; `undefined`: the read failed. */
export function postHead(post: BlogPost | undefined, publicUrl: string): Partial<PageHead> & { title: string } {
  const head = blogPostHead(post);
  if (!post) return head;
  const image = head.image;
  return {
    ...head,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: head.title,
      description: head.description,
      ...(image ? { image: [absoluteUrl(publicUrl, image)] } : {}),
      datePublished: post.created_at,
      dateModified: post.updated_at,
      ...(post.meta_keywords ? { keywords: post.meta_keywords } : {}),
      ...(post.read_time ? { timeRequired: `PT${post.read_time}M` } : {}),
      author: { '@type': 'Organization', name: `${site.brand} team`, url: publicUrl },
      publisher: { '@type': 'Organization', name: site.productName, logo: { '@type': 'ImageObject', url: `${publicUrl}/favicon.svg` } },
      mainEntityOfPage: { '@type': 'WebPage', '@id': `${publicUrl}${head.path}` },
    },
  };
}

/** The server parts, by the declared path of their page; a page without one has no reads and the common head. */
export const SERVER_PARTS: Partial<Record<PagePath, PageServerPart>> = {
  '/': part<{ downloads: DownloadsConfig; plans: PlansData['plans'] }>({
    reads: (at: PageAt) => ({
      downloads: LANDING_READS.downloads,
      plans: { ...publicPlansRead(at.locale), pick: (d: unknown) => (d as PlansData).plans },
    }),
    head: (at: PageAt, { downloads }) => ({
      description: defaultDescription(at.locale),
      keywords: 'stealth browser, invisible browser, screen sharing, video calls, interviews, AI assistant',
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'SoftwareApplication',
        name: site.productName,
        operatingSystem: 'Windows',
        applicationCategory: 'BrowserApplication',
        softwareVersion: downloads?.windows.release?.version ?? site.version.replace(/^v/, ''),
        offers: { '@type': 'Offer', price: '0', priceCurrency: 'INR' },
      },
    }),
  }),
  '/blog': part<{ list: BlogListResult }>({
    reads: ({ search }: PageAt) => {
      const n = pageFrom(search.get('page'));
      return { list: { key: queryKeyId(blogKeys.list(n)), path: `/blog/posts?page=${n}` } };
    },
    // Each page of the list is its own canonical address (page 1 is /blog, page 2 /blog?page=2; a page past the end
    // is the last page, as the list clamps it), with rel prev/next to its neighbours.
    head: ({ search, locale }: PageAt, { list }, publicUrl: string): Partial<PageHead> => {
      const description = headsText(locale)('descBlog', { brand: site.brand });
      const jsonLd = { '@context': 'https://schema.org', '@type': 'Blog', name: blogListTitle(1, locale), description, url: `${publicUrl}${localizedPath(locale, '/blog')}` };
      const common = { description, jsonLd, keywords: `${site.productName.toLowerCase()}, blog, tech insights, screen sharing, privacy` };
      if (!list) return { ...common, title: blogListTitle(pageFrom(search.get('page')), locale), noindex: true, status: 503 };
      const { currentPage: current, totalPages: total } = list.pagination;
      return {
        ...common,
        title: blogListTitle(current, locale),
        path: listPageHref('/blog', current),
        prev: current > 1 ? listPageHref('/blog', current - 1) : undefined,
        next: current < total ? listPageHref('/blog', current + 1) : undefined,
      };
    },
  }),
  '/blog/:slug': part<{ post: BlogPost | null }>({
    reads: ({ params }: PageAt) => ({
      post: { key: queryKeyId(blogKeys.post(params.slug)), path: `/blog/posts/${encodeURIComponent(params.slug)}`, pick: (d: unknown) => (d as PostData).post, absent: null },
    }),
    head: (at: PageAt, { post }, publicUrl: string) => (post === null ? postNotFoundHead(at.locale) : postHead(post, publicUrl)),
    sitemap: ({ posts }: SitemapSource) => posts.map((p) => ({ path: postPath(p.slug), lastmod: p.updatedAt })),
  }),
  '/privacy-policy': described('descPrivacy'),
  '/terms-of-service': described('descTerms'),
  '/refund-policy': described('descRefund'),
  '/terms-conditions': described('descTermsConditions'),
  '/contact-us': described('descContact'),
  '/changelog': part({
    reads: () => ({ changelog: CHANGELOG_READ }),
    head: (at: PageAt) => ({ description: headsText(at.locale)('descChangelog', product) }),
  }),
};

/** The server part of a page (none: no reads, the common head). */
export const serverPart = (p: Page): PageServerPart => SERVER_PARTS[p.path as PagePath] ?? {};

/**
 * The reads a page is made of at an address, by name: its own, and for a public page with the footer the installer's
 * config, whose release names the version the footer shows (the landing page reads it under the same name).
 */
export const pageReads = (at: PageAt): Record<string, PageRead> => ({
  ...(at.page.public && at.page.chrome === 'full' ? { downloads: LANDING_READS.downloads } : {}),
  ...serverPart(at.page).reads?.(at),
});

/** What the server loads for a page: its areas, and for a public page the texts of its head. */
export const serverAreas = (p: Page): Area[] => [...pageAreas(p), ...(p.public ? (['heads'] as const) : [])];

/**
 * The head of a page, from the answers of its reads by name (the data its body was rendered with): its title, the
 * site's description, its own address as the canonical one, noindex unless it is public; then what the page declares.
 */
export function headOf(at: PageAt, data: Record<string, unknown>, publicUrl: string): PageHead {
  const { page: p } = at;
  const declared = serverPart(p).head;
  const own = typeof declared === 'function' ? declared(at, data, publicUrl) : declared;
  // A fixed page is named by its own path whatever the case the request used; a page with parameters by the request's.
  const path = p.path.includes(':') ? at.path : p.path;
  const head: PageHead = {
    title: titleOf(at) ?? site.productName,
    description: defaultDescription(at.locale),
    path,
    lang: at.locale,
    ...(p.public ? {} : { noindex: true }),
    ...own,
  };
  if (!p.public || head.status) return head;
  // A page of one text (a post, decision 135): the address in its language is the canonical one, and it has no versions
  // to name: the other prefixes show the same text in the site's chrome of their language.
  if (p.contentLang) return { ...head, path: localizedPath(at.locale, head.path), canonical: localizedPath(p.contentLang, head.path), contentLang: p.contentLang };
  // Every version of a public page names the others (hreflang) and its own address as canonical (decision 090).
  return {
    ...head,
    path: localizedPath(at.locale, head.path),
    prev: head.prev && localizedPath(at.locale, head.prev),
    next: head.next && localizedPath(at.locale, head.next),
    alternates: [...LOCALES.map((l) => ({ hreflang: l, path: localizedPath(l, head.path) })), { hreflang: 'x-default' as const, path: head.path }],
  };
}

/**
 * The sitemap's entries: every public page without parameters, then the entries of those with them (the posts); each
 * in every language, or in its one language for a page of one text (a post: only its canonical address).
 */
export const sitemapEntries = (source: SitemapSource): SitemapEntry[] =>
  [
    ...PAGES.filter((p) => p.public && !p.path.includes(':')).map((p) => ({ page: p as Page, entry: { path: p.path } as SitemapEntry })),
    ...PAGES.flatMap((p) => {
      const sitemap = serverPart(p).sitemap;
      return p.public && sitemap ? sitemap(source).map((entry) => ({ page: p as Page, entry })) : [];
    }),
  ].flatMap(({ page: p, entry }) => (p.contentLang ? [p.contentLang] : LOCALES).map((l) => ({ ...entry, path: localizedPath(l, entry.path) })));
