import { listPageHref, pageFrom } from './pagination';
import type { BlogListResult, BlogPost } from './schemas/blog';
import type { PlansData } from './schemas/responses/billing';
import type { PostData } from './schemas/responses/blog';
import { site } from './site';
import { LANDING_READS, publicPlansRead } from './landing-reads';
import { DEFAULT_LOCALE, isLocale, LOCALES, localizedPath, splitLocale, type Locale } from './i18n/locales';
import { hasArea, translator, type Area, type TextKey } from './i18n/runtime';

/**
 * Every page of the site, declared once (decision 072): its path, its screen, the reads it is made of, its title and
 * head, whether it is public (rendered by the server, indexed, in the sitemap) and the chrome around it. From this
 * list the app builds its router (client/app.tsx) and titles its pages, and the server tells a page from a path it
 * sends to / (spec: any other path redirects to /), reads the page's data once for the body and the head, names the
 * page's chunks (plugins/client-preload.ts) and writes the sitemap and robots.txt (services/blog/feeds.ts).
 */

/**
 * True everywhere but in the browser's bundle, where Vite replaces `import.meta.env.SSR` with false and the minifier
 * drops every `ON_SERVER && …`: the reads, heads and sitemap entries of the pages stay out of the JavaScript a visitor
 * downloads (the server, its tests and the server render run them; Node has no `import.meta.env`).
 */
const ON_SERVER = import.meta.env?.SSR !== false;

/**
 * Where the browser's queries and the server's reads of a page meet: the server writes what it read under these keys
 * (`<script id="ssr-data">`), and the screens find it there, so their first render shows the same data.
 */
export const QUERY_ID_PREFIX = 'query:';
/** The id under which a TanStack query's data travels: the prefix and the query key as JSON. */
export const queryKeyId = (key: readonly unknown[]) => `${QUERY_ID_PREFIX}${JSON.stringify(key)}`;
export const blogKeys = {
  list: (page: number) => ['blog', 'list', page] as const,
  post: (slug: string) => ['blog', 'post', slug] as const,
};

/** The tags of a page's <head>, written by the server (server/seo/head.ts); the app sets the title on navigation. */
export type PageHead = {
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
  /** Pages that must stay out of search results (signed-in area, admin, token links, a post that is not there). */
  noindex?: boolean;
  /** 404: a post that is missing or not published. 503: the read the head is made of failed (the browser fetches it). */
  status?: 404 | 503;
  /** Paths of the neighbouring pages of a paginated list (`<link rel="prev">`, `<link rel="next">`). */
  prev?: string;
  next?: string;
  /** The page's language (`<html lang>`). */
  lang: Locale;
  /** A public page's versions: its path in each language, and the English one as x-default (`hreflang` links). */
  alternates?: { hreflang: Locale | 'x-default'; path: string }[];
};

/**
 * One GET of the site's API that a page is made of: its path under /api/v1, the key its screen reads it by (a
 * `useFetched` key or `queryKeyId(queryKey)`), the part of the answer it keeps, and what the page reads when the API
 * answers 404 (`absent`: a post that is not published is `null`, so the page renders 'not found', not 'loading').
 */
export type PageRead<T = unknown> = { key: string; path: string; pick?: (data: unknown) => T; absent?: T };

/**
 * A request for a page: the page, its path (decoded, no trailing slash, without the language's prefix), the route's
 * parameters, the query, and the language its address is in (English for every page that is not public).
 */
export type PageAt = { page: Page; path: string; params: Record<string, string>; search: URLSearchParams; locale: Locale };

/** What the sitemap entries of a page with parameters are made of; the server reads it from the database. */
export type SitemapSource = { posts: { slug: string; updatedAt: Date }[] };
export type SitemapEntry = { path: string; lastmod?: Date };

/** The chrome around a page (spec §2): the top bar and the footer, the top bar only, or neither. */
export type Chrome = 'full' | 'top-nav' | 'none';

type Declaration<M extends string, D> = {
  /** The route pattern (`:slug` is a parameter), matched by `pageAt`. */
  path: string;
  /**
   * The screen: its module under src/client/ (its own chunk, which the server preloads by this name from Vite's
   * manifest) and its export. `query: false` for a screen that does without TanStack Query (the landing page).
   */
  screen: { module: M; name: string; query?: false };
  /** Inside the signed-in area: the session guard and the account layout around the screen. */
  layout?: 'account';
  chrome?: Chrome;
  /** The title on arrival and after navigation; none for a page that titles itself (a post). */
  title?: string | ((at: PageAt) => string);
  /**
   * Rendered by the server, indexed and in the sitemap, in each language at its own address (/hi/…, decision 090).
   * Every other page is drawn in the browser, noindex, in the user's language at one address.
   */
  public?: true;
  /**
   * A page a mail links to (the verify and reset links): its address may name the mail's language
   * (`?token=…&lang=hi`, `LINK_LANG_PARAM`), which it is shown in rather than the device's; any other value names none.
   */
  mailLink?: true;
  /** The text areas its screen shows besides the chrome (shared/i18n/runtime.ts): loaded before the page is shown. */
  texts?: readonly Area[];
  /**
   * The API reads the page's body shows; the server makes each once and builds the head from the same answers. This,
   * `head` and `sitemap` are the server's alone: a page declares them inside `...(ON_SERVER && { … })`.
   */
  reads?: (at: PageAt) => { [K in keyof D]: PageRead<D[K]> };
  /** The page's head beyond its title: fixed, or made of its reads (a read that failed is missing). */
  head?: Partial<PageHead> | ((at: PageAt, data: Partial<D>, publicUrl: string) => Partial<PageHead>);
  /** The sitemap entries of a public page with parameters (a public page without them is its own entry). */
  sitemap?: (source: SitemapSource) => SitemapEntry[];
};

/** A declared page, as the router, the server and the sitemap read it. */
export type Page = Omit<Declaration<string, Record<string, unknown>>, 'screen' | 'chrome' | 'public' | 'mailLink'> & {
  screen: { module: string; name: string; query: boolean };
  chrome: Chrome;
  public: boolean;
  mailLink: boolean;
};

/** Fills in the defaults; the module's name keeps its literal type, so the app's loaders are checked against the list. */
function page<const M extends string, D extends Record<string, unknown> = Record<string, never>>(d: Declaration<M, D>) {
  return { ...d, screen: { ...d.screen, query: d.screen.query ?? true }, chrome: d.chrome ?? 'full', public: d.public ?? false, mailLink: d.mailLink ?? false } as unknown as Page & {
    screen: { module: M };
  };
}

/** "Privacy Policy | Stealth Browser": how every page of the site is titled. */
export const titled = (name: string) => `${name} | ${site.productName}`;
/** "Blog Management | Stealth Browser Admin": the admin area's pages, as the blog's are "… | Stealth Browser Blog". */
const adminTitled = (name: string) => `${name} | ${site.productName} Admin`;

const product = { product: site.productName };
const blogTitle = (locale: Locale = DEFAULT_LOCALE) => chromeText(locale)('titleBlog', product);
/** Page 2 onwards of the blog list carries its number, so that each page of the list has a title of its own. */
export const blogListTitle = (page: number, locale: Locale = DEFAULT_LOCALE) =>
  page > 1 ? chromeText(locale)('titleBlogPage', { ...product, page }) : blogTitle(locale);

/** The head's texts of a page in its language (the `heads` area, which only the server loads). */
const headsText = (locale: Locale) => translator(hasArea(locale, 'heads') ? locale : DEFAULT_LOCALE, 'heads');
/** The description of a page that has none of its own. */
const defaultDescription = (locale: Locale = DEFAULT_LOCALE) => headsText(locale)('descDefault', { ...product, tagline: chromeText(locale)('tagline') });

/** A post's address: its canonical URL, its sitemap and feed entries, the links to it. */
export const postPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;
/** An address as another site needs it: a path of the site joined to its public URL; a full URL as it is. */
export const absoluteUrl = (publicUrl: string, url: string) => (/^https?:\/\//i.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`);

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

/**
 * The head of a post, from the post as the API sends it (the answer its page shows): the meta fields, falling back to
 * title, excerpt and featured image, and Article JSON-LD. `undefined`: the read failed. (A post that is not there:
 * `postNotFoundHead`.)
 * The app sets the same title and meta tags when it shows a post (routes/blog/post.tsx); the JSON-LD is the server's.
 */
export function blogPostHead(post: BlogPost | undefined, publicUrl = ''): Partial<PageHead> & { title: string } {
  if (post === undefined) return { title: blogTitle(), noindex: true, status: 503 };
  const title = post.meta_title || post.title;
  const description = post.meta_description || post.excerpt || post.title;
  const image = post.meta_image || post.featured_image || null;
  const path = postPath(post.slug);
  return {
    title,
    description,
    keywords: post.meta_keywords,
    path,
    type: 'article',
    image,
    publishedTime: post.created_at,
    modifiedTime: post.updated_at,
    ...(ON_SERVER && {
      jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: title,
      description,
      ...(image ? { image: [absoluteUrl(publicUrl, image)] } : {}),
      datePublished: post.created_at,
      dateModified: post.updated_at,
      ...(post.meta_keywords ? { keywords: post.meta_keywords } : {}),
      ...(post.read_time ? { timeRequired: `PT${post.read_time}M` } : {}),
      author: { '@type': 'Organization', name: `${site.brand} team`, url: publicUrl },
      publisher: { '@type': 'Organization', name: site.productName, logo: { '@type': 'ImageObject', url: `${publicUrl}/favicon.svg` } },
      mainEntityOfPage: { '@type': 'WebPage', '@id': `${publicUrl}${path}` },
      },
    }),
  };
}

/** A public page of fixed text (the policies, the contact page), titled by its name in the chrome's texts; its description is the server's alone. */
const policy = <const M extends string>(path: string, module: M, name: string, title: TextKey<'chrome'>, description: TextKey<'heads'> | false, texts?: Area[]) =>
  page({
    path,
    screen: { module, name },
    title: (at: PageAt) => titled(chromeText(at.locale)(title)),
    public: true,
    texts,
    ...(description && { head: (at: PageAt) => ({ description: headsText(at.locale)(description, product) }) }),
  });

/**
 * A page of the signed-in area: titled by its name in the chrome's texts (as the account navigation names it), in the
 * user's language (the app passes that language, components/route-title.tsx); the spec's texts its messages show.
 */
const signedIn = (path: string, name: string, title: TextKey<'chrome'>, texts: Area[] = []) =>
  page({ path, screen: { module: 'routes/account/index.ts', name }, layout: 'account', chrome: 'top-nav', title: (at: PageAt) => titled(chromeText(at.locale)(title)), texts: ['account', 'msg', ...texts] });

/**
 * The title of a page a mail links to, in its language: the `auth` texts, which the page loads before it is shown (the
 * server and the app's start alike); the English name while they are not here.
 */
const mailLinkTitle = (key: TextKey<'auth'>, english: string) => (at: PageAt) => titled(hasArea(at.locale, 'auth') ? translator(at.locale, 'auth')(key) : english);

const adminPage = (path: string, name: string, title: string) =>
  page({ path, screen: { module: 'routes/admin/index.tsx', name }, chrome: 'none', title: adminTitled(title) });

export const PAGES = [
  page({
    path: '/',
    screen: { module: 'routes/landing.tsx', name: 'LandingPage', query: false },
    title: (at: PageAt) => chromeText(at.locale)('titleLanding', product),
    public: true,
    texts: ['landing'],
    ...(ON_SERVER && {
      reads: (at: PageAt) => ({
        downloads: LANDING_READS.downloads,
        plans: { ...publicPlansRead(at.locale), pick: (d: unknown) => (d as PlansData).plans },
      }),
      head: (at: PageAt) => ({
        description: defaultDescription(at.locale),
        keywords: 'stealth browser, invisible browser, screen sharing, video calls, interviews, AI assistant',
        jsonLd: {
          '@context': 'https://schema.org',
          '@type': 'SoftwareApplication',
          name: site.productName,
          operatingSystem: 'Windows',
          applicationCategory: 'BrowserApplication',
          softwareVersion: site.version.replace(/^v/, ''),
          offers: { '@type': 'Offer', price: '0', priceCurrency: 'INR' },
        },
      }),
    }),
  }),
  page({
    path: '/blog',
    screen: { module: 'routes/blog/list.tsx', name: 'BlogListPage' },
    texts: ['blog', 'msg'],
    title: ({ search, locale }) => blogListTitle(pageFrom(search.get('page')), locale),
    public: true,
    ...(ON_SERVER && {
      reads: ({ search }: PageAt) => {
        const n = pageFrom(search.get('page'));
        return { list: { key: queryKeyId(blogKeys.list(n)), path: `/blog/posts?page=${n}` } as PageRead<BlogListResult> };
      },
      // Each page of the list is its own canonical address (page 1 is /blog, page 2 /blog?page=2; a page past the end
      // is the last page, as the list clamps it), with rel prev/next to its neighbours.
      head: ({ search, locale }: PageAt, { list }: { list?: BlogListResult }, publicUrl: string): Partial<PageHead> => {
        const description = headsText(locale)('descBlog', { brand: site.brand });
        const jsonLd = { '@context': 'https://schema.org', '@type': 'Blog', name: blogTitle(locale), description, url: `${publicUrl}${localizedPath(locale, '/blog')}` };
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
  }),
  page({
    path: '/blog/:slug',
    screen: { module: 'routes/blog/post.tsx', name: 'BlogPostPage' },
    texts: ['blog', 'msg'],
    public: true,
    ...(ON_SERVER && {
      reads: ({ params }: PageAt) => ({
        post: { key: queryKeyId(blogKeys.post(params.slug)), path: `/blog/posts/${encodeURIComponent(params.slug)}`, pick: (d: unknown) => (d as PostData).post, absent: null } as PageRead<BlogPost | null>,
      }),
      head: (at: PageAt, { post }: { post?: BlogPost | null }, publicUrl: string) => (post === null ? postNotFoundHead(at.locale) : blogPostHead(post, publicUrl)),
      sitemap: ({ posts }: SitemapSource) => posts.map((p) => ({ path: postPath(p.slug), lastmod: p.updatedAt })),
    }),
  }),
  policy('/privacy-policy', 'routes/static/privacy-policy.tsx', 'PrivacyPolicyPage', 'privacyPolicy', ON_SERVER && 'descPrivacy', ['privacy']),
  policy('/terms-of-service', 'routes/static/terms.tsx', 'TermsOfServicePage', 'termsOfService', ON_SERVER && 'descTerms', ['terms']),
  policy('/refund-policy', 'routes/static/refund-policy.tsx', 'RefundPolicyPage', 'refundPolicy', ON_SERVER && 'descRefund', ['refund']),
  policy('/terms-conditions', 'routes/static/terms.tsx', 'TermsConditionsPage', 'termsConditions', ON_SERVER && 'descTermsConditions', ['terms']),
  policy('/contact-us', 'routes/static/contact.tsx', 'ContactPage', 'contactUs', ON_SERVER && 'descContact', ['contact', 'msg']),
  page({ path: '/verify-email', screen: { module: 'routes/verify-email.tsx', name: 'VerifyEmailPage' }, chrome: 'none', mailLink: true, texts: ['auth', 'msg'], title: mailLinkTitle('titleVerifyEmail', 'Verify Email') }),
  page({ path: '/reset-password', screen: { module: 'routes/reset-password.tsx', name: 'ResetPasswordPage' }, chrome: 'none', mailLink: true, texts: ['auth', 'msg'], title: mailLinkTitle('titleResetPassword', 'Reset Password') }),
  signedIn('/dashboard', 'DashboardPage', 'dashboard', ['billing']),
  signedIn('/shortcuts', 'ShortcutsPage', 'navShortcuts', ['landing']),
  page({ path: '/billing', screen: { module: 'routes/billing.tsx', name: 'BillingPage' }, layout: 'account', chrome: 'top-nav', texts: ['account', 'billing', 'landing', 'msg'], title: (at: PageAt) => titled(chromeText(at.locale)('billing')) }),
  signedIn('/settings', 'SettingsPage', 'settings', ['auth']),
  page({ path: '/dev/mailbox', screen: { module: 'routes/dev-mailbox.tsx', name: 'DevMailboxPage' }, title: titled('Mailbox') }),
  adminPage('/admin/login', 'AdminLoginPage', 'Sign In'),
  adminPage('/admin/dashboard', 'AdminDashboardPage', 'Blog Management'),
  adminPage('/admin/overview', 'AdminOverviewPage', 'Overview'),
  adminPage('/admin/new-post', 'AdminPostFormPage', 'New Post'),
  adminPage('/admin/edit-post/:id', 'AdminPostFormPage', 'Edit Post'),
  adminPage('/admin/messages', 'AdminMessagesPage', 'Messages'),
  adminPage('/admin/customers', 'AdminCustomersPage', 'Customers'),
  adminPage('/admin/customers/:id', 'AdminCustomerPage', 'Customer'),
  adminPage('/admin/audit-log', 'AdminAuditLogPage', 'Audit Log'),
];

/** The modules of the pages' screens (src/client/…): the app has one loader for each. */
export type ScreenModule = (typeof PAGES)[number]['screen']['module'];

/** The account area's layout lives in the signed-in pages' module. */
export const ACCOUNT_LAYOUT = { module: 'routes/account/index.ts', name: 'AccountLayout' } as const satisfies { module: ScreenModule; name: string };

/** The parameters of `pattern` in `path`, or null when it does not match; as the router matches, whatever the case. */
function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    if (part.startsWith(':')) {
      if (got[i] === '') return null;
      params[part.slice(1)] = got[i];
    } else if (part !== got[i].toLowerCase()) return null;
  }
  return params;
}

/**
 * The page at `pathname` (decoded, as the router reads it) with its parameters, or null: no page of the site (the
 * server answers a redirect to /, the app navigates there). A trailing slash is the same page.
 */
export function pageAt(pathname: string, search: URLSearchParams = new URLSearchParams()): PageAt | null {
  const { locale, path } = splitLocale(pathname.replace(/\/+$/, '') || '/');
  for (const candidate of PAGES) {
    // Only a public page has an address per language: /hi/dashboard is no page.
    if (locale !== DEFAULT_LOCALE && !candidate.public) continue;
    const params = match(candidate.path, path);
    if (params) return { page: candidate, path, params, search, locale };
  }
  return null;
}

/** The query parameter of a mail's link that names the mail's language (`mailLink` pages). */
export const LINK_LANG_PARAM = 'lang';

/**
 * The language a page's address names: a public page's by its prefix (/hi/blog), a mail link's by its `lang` when it
 * is one of the site's; null for every other page (and a mail link without one), which speaks the user's language.
 */
export function addressLocale(at: PageAt): Locale | null {
  if (at.page.public) return at.locale;
  if (!at.page.mailLink) return null;
  const named = at.search.get(LINK_LANG_PARAM);
  return isLocale(named) ? named : null;
}

/**
 * The language a page is shown in (decision 090): the one its address names, else the remembered one (the `lang`
 * cookie: the visitor's choice, kept to a signed-in account's preference by the app, client/i18n.tsx), else English.
 * The server writes a page's `<html lang>` and title in it, and the app starts in it (client/start.tsx).
 */
export const pageLocale = (at: PageAt, remembered: Locale | null): Locale => addressLocale(at) ?? remembered ?? DEFAULT_LOCALE;

/**
 * The text areas a page shows in a language: the chrome (top bar, footer) and its own. The spec's texts need no
 * catalog in English (shared/i18n/msg.ts): an English page does not load it.
 */
export const pageAreas = (p: Page, locale: Locale): Area[] => ['chrome', ...(p.texts ?? []).filter((a) => !(a === 'msg' && locale === DEFAULT_LOCALE))];
/** What the server loads for a page: its areas, and for a public page the texts of its head. */
export const serverAreas = (p: Page, locale: Locale): Area[] => [...pageAreas(p, locale), ...(p.public ? (['heads'] as const) : [])];

/** The chrome's texts for a page's language when they are here; English otherwise (the titles of pages not public). */
export const chromeText = (locale: Locale) => translator(hasArea(locale, 'chrome') ? locale : DEFAULT_LOCALE, 'chrome');

/** The title of a page on arrival and after navigation; undefined for a page that titles itself (a post). */
export const titleOf = (at: PageAt): string | undefined => (typeof at.page.title === 'function' ? at.page.title(at) : at.page.title);

/**
 * The head of a page, from the answers of its reads by name (the data its body was rendered with): its title, the
 * site's description, its own address as the canonical one, noindex unless it is public; then what the page declares.
 */
export function headOf(at: PageAt, data: Record<string, unknown>, publicUrl: string): PageHead {
  const { page: p } = at;
  const own = typeof p.head === 'function' ? p.head(at, data, publicUrl) : p.head;
  // A fixed page is named by its own path whatever the case the request used; a page with parameters by the request's.
  const path = p.path.includes(':') ? at.path : p.path;
  const head: PageHead = { title: titleOf(at) ?? site.productName, description: defaultDescription(at.locale), path, lang: at.locale, ...(p.public ? {} : { noindex: true }), ...own };
  if (!p.public || head.status) return head;
  // Every version of a public page names the others (hreflang) and its own address as canonical (decision 090).
  return {
    ...head,
    path: localizedPath(at.locale, head.path),
    prev: head.prev && localizedPath(at.locale, head.prev),
    next: head.next && localizedPath(at.locale, head.next),
    alternates: [
      ...LOCALES.map((l) => ({ hreflang: l, path: localizedPath(l, head.path) })),
      { hreflang: 'x-default' as const, path: head.path },
    ],
  };
}

/** The sitemap's entries: every public page without parameters, then the entries of those with them (the posts). */
export const sitemapEntries = (source: SitemapSource): SitemapEntry[] =>
  [
    ...PAGES.filter((p) => p.public && !p.path.includes(':')).map((p) => ({ path: p.path })),
    ...PAGES.flatMap((p) => (p.public && p.sitemap ? p.sitemap(source) : [])),
  ].flatMap((entry) => LOCALES.map((l) => ({ ...entry, path: localizedPath(l, entry.path) })));

/**
 * What robots.txt keeps out: the first part of the path of every page that is not public ("/billing", and "/admin/"
 * for the admin's pages, "/dev/" for the mailbox).
 */
export const privatePathPrefixes = (): string[] => [
  ...new Set(PAGES.filter((p) => !p.public).map((p) => (p.path.indexOf('/', 1) > 0 ? p.path.slice(0, p.path.indexOf('/', 1) + 1) : p.path))),
];
