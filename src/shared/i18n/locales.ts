import { LANGUAGES } from '../constants';

/**
 * The site's languages (the preferences' list, spec: en, hi, es, fr; default en) and how an address carries one
 * (decision 090): English at the spec's (R-2.1) paths, the others under /hi/…, /es/…, /fr/… for the public pages. The
 * signed-in area has one address per page and speaks the user's preference.
 */
export type Locale = (typeof LANGUAGES)[number]['code'];
export const LOCALES: readonly Locale[] = LANGUAGES.map((l) => l.code);
export const DEFAULT_LOCALE: Locale = 'en';
/** The languages that live under a path prefix. */
export const PREFIXED_LOCALES = LOCALES.filter((l) => l !== DEFAULT_LOCALE);

/** Each language named in itself, for the switcher. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', hi: 'हिन्दी', es: 'Español', fr: 'Français' };

/** The cookie that remembers a visitor's choice (set by the switcher, read by the server's first-visit rule). */
export const LOCALE_COOKIE = 'lang';
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

export const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);
/** `value` when it is a language of the site, else `fallback` (English unless told). */
export const toLocale = (value: unknown, fallback: Locale = DEFAULT_LOCALE): Locale => (isLocale(value) ? value : fallback);

/** The language an address is in and the address without its prefix: '/hi/blog' → hi, '/blog'; '/blog' → en, '/blog'. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const m = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  if (m && isLocale(m[1]) && m[1] !== DEFAULT_LOCALE) return { locale: m[1], path: m[2] || '/' };
  return { locale: DEFAULT_LOCALE, path: pathname };
}

/** An address of the site in a language: '/blog' in hi → '/hi/blog'; '/' in hi → '/hi'. Keeps '?…' and '#…'. */
export function localizedPath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE) return path;
  if (path === '/') return `/${locale}`;
  if (/^\/[?#]/.test(path)) return `/${locale}${path.slice(1)}`;
  return `/${locale}${path}`;
}

/**
 * The language a browser asks for first among ours (`Accept-Language`, by quality; 'hi-IN' counts as hi), or null
 * when it names none of them. A crawler sends none: it gets null and is never sent anywhere.
 */
export function negotiateLocale(header: string | undefined | null): Locale | null {
  if (!header) return null;
  const wanted = header
    .slice(0, 512)
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { lang: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), i };
    })
    .filter((w) => w.q > 0 && Number.isFinite(w.q))
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return wanted.map((w) => w.lang).find(isLocale) ?? null;
}

/** The remembered choice in a Cookie header, if it names one of ours. */
export function localeFromCookie(cookieHeader: string | undefined | null): Locale | null {
  const m = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([a-z]{2})(?:;|$)`).exec(cookieHeader ?? '');
  return m && isLocale(m[1]) ? m[1] : null;
}
