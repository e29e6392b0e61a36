import { useEffect } from 'react';
import { useLocation } from './router';
import { pageAt, titleOf } from '../../shared/pages';

/**
 * Titles the page after the path the app shows (its page in shared/pages.ts, which the server titles the pages it
 * sends by), on the first load and on every navigation inside the app. A page that titles itself (a post) is left alone.
 */
export function RouteTitle() {
  const { pathname, search } = useLocation();
  const at = pageAt(pathname, new URLSearchParams(search));
  const title = at && titleOf(at);
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
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
