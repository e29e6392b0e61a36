import { useEffect, useState } from 'react';
import { useLocation } from './router';
import { pageAt, titleOf, type PageAt } from '../../shared/pages';
import { hasArea, loadArea } from '../../shared/i18n/runtime';
import { useLocale } from '../i18n';

/**
 * Titles the page after the path the app shows (its page in shared/pages.ts, which the server titles the pages it
 * sends by), on the first load and on every navigation inside the app. A page that titles itself (a post) is left alone.
 * A public page is titled in its address's language; every other page in the app's (the signed-in user's), and again
 * when that changes. The titles are the chrome's texts: when they are not here yet in that language, the title waits
 * for them rather than showing the English one.
 */
export function RouteTitle() {
  const { pathname, search } = useLocation();
  const appLocale = useLocale();
  const found = pageAt(pathname, new URLSearchParams(search));
  const at: PageAt | null = found && !found.page.public ? { ...found, locale: appLocale } : found;
  const locale = at?.locale;
  const [, setLoaded] = useState(0);
  const ready = !locale || hasArea(locale, 'chrome');
  const title = at && ready ? titleOf(at) : undefined;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  useEffect(() => {
    if (ready || !locale) return;
    let live = true;
    void loadArea(locale, 'chrome').then(
      () => live && setLoaded((n) => n + 1),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [ready, locale]);
  return null;
}

/** A title for as long as a part of a page is shown (a payment's success), then the page's own again. */
export function useShownTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
