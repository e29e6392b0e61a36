import { cloneElement, createContext, use, useCallback, useContext, useEffect, useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { useLocation, useNavigate } from './components/router';
import { addressLocale, pageAt } from '../shared/pages';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, localeFromCookie, localizedPath, type Locale } from '../shared/i18n/locales';
import { hasArea, loadArea, translator, type Area, type Translate } from '../shared/i18n/runtime';
import { useAuth } from './features/auth/auth-context';

/**
 * The language the app speaks (decision 090): a public page's address says it (/hi/blog is Hindi), as a mail's link
 * does (/verify-email?token=…&lang=hi, `addressLocale`); elsewhere the signed-in user's preference, else the visitor's
 * remembered choice, else English. The server render passes the public page's language through the same rule (it
 * renders the page's address). A page shown in the user's preference remembers it, so the server heads the next one
 * in it (`pageLocale`, shared/pages.ts).
 */
const LocaleContext = createContext<{ locale: Locale; choose: (locale: Locale) => void }>({ locale: DEFAULT_LOCALE, choose: () => {} });

export const useLocale = () => useContext(LocaleContext).locale;

/** The remembered choice, read once in the browser (the server render has no document). */
const rememberedLocale = (): Locale | null => (typeof document === 'undefined' ? null : localeFromCookie(document.cookie));

/** Remembers a visitor's choice for a year (the server reads it on their next visit to an English address). */
export function rememberLocale(locale: Locale) {
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE_S}; samesite=lax`;
}

export function LocaleProvider({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const [remembered, setRemembered] = useState(rememberedLocale);
  const at = pageAt(pathname, new URLSearchParams(search));
  const named = at && addressLocale(at);
  // The user as stored at sign-in may lack the preferences (the login answer carries fewer fields than /auth/me).
  const preference = (user?.preferences as { language?: string } | undefined)?.language;
  const shownPreference = !named && isLocale(preference) ? preference : null;
  const locale: Locale = named ?? shownPreference ?? remembered ?? DEFAULT_LOCALE;
  useEffect(() => {
    if (document.documentElement.lang !== locale) document.documentElement.lang = locale;
  }, [locale]);
  // A page in the account's language remembers it (the server titles the next page drawn here in it). A choice in a
  // public page's switcher stays the visitor's: the page speaks its address's language, not the preference.
  useEffect(() => {
    if (!shownPreference || shownPreference === remembered) return;
    rememberLocale(shownPreference);
    setRemembered(shownPreference);
  }, [shownPreference, remembered]);
  /** The switcher's choice: remembered; a public page goes to its own version in that language; see onSignedInChoice. */
  const choose = useCallback(
    (next: Locale) => {
      rememberLocale(next);
      setRemembered(next);
      if (at?.page.public) void navigate(`${localizedPath(next, at.path)}${search}${hash}`);
      else signedInChoice?.(next);
    },
    [at, navigate, search, hash],
  );
  const value = useMemo(() => ({ locale, choose }), [locale, choose]);
  return <LocaleContext value={value}>{children}</LocaleContext>;
}

/**
 * What a choice in the switcher does in the signed-in area: its layout saves it as the account's preference (which
 * the area speaks). Set by the layout, so the public pages carry none of it.
 */
let signedInChoice: ((locale: Locale) => void) | null = null;
export const onSignedInChoice = (handle: typeof signedInChoice) => {
  signedInChoice = handle;
};

/** Changes the language the way the switcher does. */
export const useChooseLocale = () => useContext(LocaleContext).choose;

/**
 * A settled thenable that React's `use` reads without suspending. `use` is called on every render, with this once
 * the texts are here: a screen that suspended on its first render is rendered again when they come, and React
 * accepts the hooks after `use` on that render only if `use` was called again (error 467 otherwise, seen when the
 * render is not a transition: a link followed to a screen whose texts had not loaded).
 */
const READY = Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined });

/**
 * An area's texts in the app's language: `const t = useT('landing'); t('heroTitle')`. A screen whose area has not
 * come yet waits for it in the nearest Suspense (the server render and the hydration of its page have it already:
 * start.tsx loads the page's areas first).
 */
export function useT<A extends Area>(area: A): Translate<A> {
  const locale = useLocale();
  use(hasArea(locale, area) ? READY : loadArea(locale, area));
  return useMemo(() => translator(locale, area), [locale, area]);
}

/** Addresses of public pages in the app's language: `to={lp('/blog')}` is /hi/blog on a Hindi page. */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return useMemo(() => (path: string) => localizedPath(locale, path), [locale]);
}

/**
 * A translated text with marked parts as elements, as Lingui's <Trans> writes them: `rich(t('faqHelpA'), [<Link …/>])`
 * turns "Write to us through the <0>contact form</0>." into the text with the link around "contact form" (each
 * element's own children are replaced by the marked words).
 */
export function rich(text: string, elements: ReactElement[]): ReactNode[] {
  const parts: ReactNode[] = [];
  const pattern = /<(\d+)>(.*?)<\/\1>/g;
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    const element = elements[Number(m[1])];
    parts.push(element ? cloneElement(element as ReactElement<{ children?: ReactNode }>, { key: parts.length }, m[2]) : m[2]);
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
