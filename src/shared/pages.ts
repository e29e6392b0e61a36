import { pageFrom } from './pagination';
import type { BlogPost } from './schemas/blog';
import { site } from './site';
import { DEFAULT_LOCALE, isLocale, localizedPath, splitLocale, type Locale } from './i18n/locales';
import { hasArea, translator, type Area, type TextKey } from './i18n/runtime';

/**
 * Every page of the site, declared once (decision 072), in two parts keyed by its path (decision 165). This is the
 * shared part, which the browser bundles: its path, its screen, its title, whether it is public (rendered by the
 * server, indexed, in the sitemap), its texts and the chrome around it. From this list the app builds its router
 * (client/app.tsx) and titles its pages, and the server tells a page from a path it sends to / (spec: any other path
 * redirects to /) and names the page's chunks (server/ssr/preload.ts). The server part of a page (the reads it is
 * made of, its head, its sitemap entries) is the server's alone, under the same path in server/ssr/page-parts.ts,
 * which no module of the browser can import (page-parts.test.ts).
 */

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
  /** The page's own path (joined to PUBLIC_URL), its canonical URL unless `canonical` names another. */
  path: string;
  /** The path of the canonical URL when it is not the page's own (a post at /hi/…: its English address, decision 135). */
  canonical?: string;
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
  /** The language of the page's own text when it is one whatever the address (a post: `contentLang`). */
  contentLang?: Locale;
  /** A public page's versions: its path in each language, and the English one as x-default (`hreflang` links). */
  alternates?: { hreflang: Locale | 'x-default'; path: string }[];
};

/**
 * A request for a page: the page, its path (decoded, no trailing slash, without the language's prefix), the route's
 * parameters, the query, and the language its address is in (English for every page that is not public).
 */
export type PageAt = { page: Page; path: string; params: Record<string, string>; search: URLSearchParams; locale: Locale };

/** The chrome around a page: the top bar and the footer, the top bar only, or neither. */
export type Chrome = 'full' | 'top-nav' | 'none';

type Declaration<M extends string, P extends string> = {
  /** The route pattern (`:slug` is a parameter), matched by `pageAt`; the key of the page's server part. */
  path: P;
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
   * The language the page's own text is written in whatever the address's prefix (a post: its author writes it once,
   * in English; decision 135). At /hi/… the page keeps the site's chrome in Hindi, but its versions are one text: the
   * head names the address in this language as canonical and no hreflang versions, and the sitemap lists that address
   * alone. Unset: the page is translated, each language its own version (decision 090).
   */
  contentLang?: Locale;
};

/** A declared page, as the router, the server and the sitemap read it. */
export type Page = Omit<Declaration<string, string>, 'screen' | 'chrome' | 'public' | 'mailLink'> & {
  screen: { module: string; name: string; query: boolean };
  chrome: Chrome;
  public: boolean;
  mailLink: boolean;
};

/** Fills in the defaults; the module's name keeps its literal type, so the app's loaders are checked against the list. */
function page<const M extends string, const P extends string>(d: Declaration<M, P>) {
  return {
    ...d,
    screen: { ...d.screen, query: d.screen.query ?? true },
    chrome: d.chrome ?? 'full',
    public: d.public ?? false,
    mailLink: d.mailLink ?? false,
  } as unknown as Page & {
    path: P;
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
export const blogListTitle = (page: number, locale: Locale = DEFAULT_LOCALE) => (page > 1 ? chromeText(locale)('titleBlogPage', { ...product, page }) : blogTitle(locale));

/** The language a post is written in (decision 135: posts have no translations yet); its page's article says so. */
export const POST_LOCALE: Locale = DEFAULT_LOCALE;

/** A post's address: its canonical URL, its sitemap and feed entries, the links to it. */
export const postPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;
/** An address as another site needs it: a path of the site joined to its public URL; a full URL as it is. */
export const absoluteUrl = (publicUrl: string, url: string) => (/^https?:\/\//i.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`);

/**
 * The head of a post, from the post as the API sends it (the answer its page shows): the meta fields, falling back to
 * title, excerpt and featured image. `undefined`: the read failed. The app sets these when it shows a post
 * (routes/blog/post.tsx); the server adds the Article JSON-LD (server/ssr/page-parts.ts).
 */
export function blogPostHead(post: BlogPost | undefined): Partial<PageHead> & { title: string } {
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
  };
}

/** A public page of fixed text (the policies, the contact page), titled by its name in the chrome's texts; its description is its server part's. */
const policy = <const M extends string, const P extends string>(path: P, module: M, name: string, title: TextKey<'chrome'>, texts?: Area[]) =>
  page({ path, screen: { module, name }, title: (at: PageAt) => titled(chromeText(at.locale)(title)), public: true, texts });

/**
 * A page of the signed-in area: titled by its name in the chrome's texts (as the account navigation names it), in the
 * user's language (the app passes that language, components/route-title.tsx); the spec's texts its messages show.
 */
const signedIn = <const P extends string>(path: P, name: string, title: TextKey<'chrome'>, texts: Area[] = []) =>
  page({
    path,
    screen: { module: 'routes/account/index.ts', name },
    layout: 'account',
    chrome: 'top-nav',
    title: (at: PageAt) => titled(chromeText(at.locale)(title)),
    texts: ['account', 'msg', 'errors', ...texts],
  });

/**
 * The title of a page a mail links to, in its language: the `auth` texts, which the page loads before it is shown (the
 * server and the app's start alike); the English name while they are not here.
 */
const mailLinkTitle = (key: TextKey<'auth'>, english: string) => (at: PageAt) => titled(hasArea(at.locale, 'auth') ? translator(at.locale, 'auth')(key) : english);

const adminPage = <const P extends string>(path: P, name: string, title: string) =>
  page({ path, screen: { module: 'routes/admin/index.tsx', name }, chrome: 'none', title: adminTitled(title) });

export const PAGES = [
  page({
    path: '/',
    screen: { module: 'routes/landing.tsx', name: 'LandingPage', query: false },
    title: (at: PageAt) => chromeText(at.locale)('titleLanding', product),
    public: true,
    texts: ['landing'],
  }),
  page({
    path: '/blog',
    screen: { module: 'routes/blog/list.tsx', name: 'BlogListPage' },
    texts: ['blog', 'msg', 'errors'],
    title: ({ search, locale }) => blogListTitle(pageFrom(search.get('page')), locale),
    public: true,
  }),
  page({
    path: '/blog/:slug',
    screen: { module: 'routes/blog/post.tsx', name: 'BlogPostPage' },
    texts: ['blog', 'msg', 'errors'],
    public: true,
    contentLang: POST_LOCALE,
  }),
  policy('/privacy-policy', 'routes/static/privacy-policy.tsx', 'PrivacyPolicyPage', 'privacyPolicy', ['privacy']),
  policy('/terms-of-service', 'routes/static/terms.tsx', 'TermsOfServicePage', 'termsOfService', ['terms']),
  policy('/refund-policy', 'routes/static/refund-policy.tsx', 'RefundPolicyPage', 'refundPolicy', ['refund']),
  policy('/terms-conditions', 'routes/static/terms.tsx', 'TermsConditionsPage', 'termsConditions', ['terms']),
  policy('/contact-us', 'routes/static/contact.tsx', 'ContactPage', 'contactUs', ['contact', 'msg', 'errors']),
  // The releases of the Windows program (decision 190): each version, its date and its notes, newest first.
  page({
    path: '/changelog',
    screen: { module: 'routes/changelog.tsx', name: 'ChangelogPage', query: false },
    title: (at: PageAt) => titled(chromeText(at.locale)('changelog')),
    public: true,
    texts: ['changelog'],
  }),
  page({
    path: '/verify-email',
    screen: { module: 'routes/verify-email.tsx', name: 'VerifyEmailPage' },
    chrome: 'none',
    mailLink: true,
    texts: ['auth', 'msg', 'errors'],
    title: mailLinkTitle('titleVerifyEmail', 'Verify Email'),
  }),
  page({
    path: '/reset-password',
    screen: { module: 'routes/reset-password.tsx', name: 'ResetPasswordPage' },
    chrome: 'none',
    mailLink: true,
    texts: ['auth', 'msg', 'errors'],
    title: mailLinkTitle('titleResetPassword', 'Reset Password'),
  }),
  // The e-mail change's links (decision 194): the new address confirms it, the old one undoes it.
  page({
    path: '/confirm-email-change',
    screen: { module: 'routes/email-change.tsx', name: 'ConfirmEmailChangePage' },
    chrome: 'none',
    mailLink: true,
    texts: ['auth', 'msg', 'errors'],
    title: mailLinkTitle('titleConfirmEmailChange', 'Confirm Email Change'),
  }),
  page({
    path: '/undo-email-change',
    screen: { module: 'routes/email-change.tsx', name: 'UndoEmailChangePage' },
    chrome: 'none',
    mailLink: true,
    texts: ['auth', 'msg', 'errors'],
    title: mailLinkTitle('titleUndoEmailChange', 'Undo Email Change'),
  }),
  // The recovery of two-step verification by e-mail (decision 201): the first mail's cancel link, the second's finishing one.
  page({
    path: '/cancel-two-step-recovery',
    screen: { module: 'routes/two-step-recovery.tsx', name: 'CancelRecoveryPage' },
    chrome: 'none',
    mailLink: true,
    texts: ['auth', 'msg', 'errors'],
    title: mailLinkTitle('titleCancelRecovery', 'Cancel Recovery'),
  }),
  page({
    path: '/finish-two-step-recovery',
    screen: { module: 'routes/two-step-recovery.tsx', name: 'FinishRecoveryPage' },
    chrome: 'none',
    mailLink: true,
    texts: ['auth', 'msg', 'errors'],
    title: mailLinkTitle('titleFinishRecovery', 'Finish Recovery'),
  }),
  // A new sign-in's "This wasn't me" (decision 200): every session ends, then a new password.
  page({
    path: '/secure-account',
    screen: { module: 'routes/secure-account.tsx', name: 'SecureAccountPage' },
    chrome: 'none',
    mailLink: true,
    texts: ['auth', 'msg', 'errors'],
    title: mailLinkTitle('titleSecureAccount', 'Secure Your Account'),
  }),
  // The page the desktop program opens to sign in through the browser (RFC 8628's verification_uri, decision 185): its
  // address may name the program's language (`&lang=hi`) as a mail's link does; the sign-in it needs is the modal's.
  page({
    path: '/activate',
    screen: { module: 'routes/activate.tsx', name: 'ActivatePage' },
    chrome: 'none',
    mailLink: true,
    texts: ['auth', 'msg', 'errors'],
    title: mailLinkTitle('titleActivate', 'Sign in Stealth Browser'),
  }),
  signedIn('/dashboard', 'DashboardPage', 'dashboard', ['billing']),
  signedIn('/shortcuts', 'ShortcutsPage', 'navShortcuts', ['landing']),
  signedIn('/devices', 'DevicesPage', 'devices'),
  page({
    path: '/billing',
    screen: { module: 'routes/billing.tsx', name: 'BillingPage' },
    layout: 'account',
    chrome: 'top-nav',
    texts: ['account', 'billing', 'landing', 'msg', 'errors'],
    title: (at: PageAt) => titled(chromeText(at.locale)('billing')),
  }),
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
  adminPage('/admin/releases', 'AdminReleasesPage', 'Releases'),
];

/** The modules of the pages' screens (src/client/…): the app has one loader for each. */
export type ScreenModule = (typeof PAGES)[number]['screen']['module'];
/** The declared paths: the keys of the pages' server parts (server/ssr/page-parts.ts). */
export type PagePath = (typeof PAGES)[number]['path'];

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

/**
 * The address of the page at `at` as the site writes it: the declared path in its own case, the parameters as asked
 * (`encode` them for a Location header), the language's prefix. '/Privacy-Policy' is the page of '/privacy-policy'.
 */
export const declaredAddress = (at: PageAt, encode: (param: string) => string = (p) => p): string =>
  localizedPath(
    at.locale,
    at.page.path.replace(/:(\w+)/g, (_, name: string) => encode(at.params[name])),
  );

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

/** The text areas a page shows in a language: the chrome (top bar, footer) and its own. */
export const pageAreas = (p: Page): Area[] => ['chrome', ...(p.texts ?? [])];

/** The chrome's texts for a page's language when they are here; English otherwise (the titles of pages not public). */
export const chromeText = (locale: Locale) => translator(hasArea(locale, 'chrome') ? locale : DEFAULT_LOCALE, 'chrome');

/** The title of a page on arrival and after navigation; undefined for a page that titles itself (a post). */
export const titleOf = (at: PageAt): string | undefined => (typeof at.page.title === 'function' ? at.page.title(at) : at.page.title);

/**
 * What robots.txt keeps out: the first part of the path of every page that is not public ("/billing", and "/admin/"
 * for the admin's pages, "/dev/" for the mailbox).
 */
export const privatePathPrefixes = (): string[] => [
  ...new Set(PAGES.filter((p) => !p.public).map((p) => (p.path.indexOf('/', 1) > 0 ? p.path.slice(0, p.path.indexOf('/', 1) + 1) : p.path))),
];
