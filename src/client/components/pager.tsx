import { useEffect } from 'react';
import { Link, useLocation, useSearchParams } from './router';
import { listPageHref, pageFrom, withListPage } from '../../shared/pagination';
import { useT } from '../i18n';

/** The page of a list the address asks for (`?page=`; anything that is not a page number is page 1). */
export function usePageParam(): number {
  const [params] = useSearchParams();
  return pageFrom(params.get('page'));
}

/**
 * The server clamps a page past the end to the last one (and an emptied last page to the one before): the address
 * follows the page it answered with, in place, so Back does not return to a page that is not there.
 * `answered` is undefined while the answer for the requested page has not come.
 */
export function useAddressFollowsPage(requested: number, answered: number | undefined) {
  const [, setParams] = useSearchParams();
  useEffect(() => {
    if (answered && answered !== requested) setParams((params) => withListPage(params, answered), { replace: true });
  }, [answered, requested, setParams]);
}

const toTop = () => window.scrollTo({ top: 0, behavior: 'smooth' });

/**
 * Previous / 'Page X of Y' / Next under a server-paginated list (the blog, the admin's posts and inbox, the payment
 * history). Nothing when there is one page. Previous and Next are links to the list's own address with `?page=`
 * (page 1 without it, the rest of the query kept): they work before the app has hydrated a server-rendered page and
 * without scripts, crawlers follow them, and once the app runs they change the page inside it. A list whose page
 * is part of a screen's state rather than its address (the payment history, a tab of /billing) passes `onPage`
 * and gets buttons.
 */
export function Pager({
  current,
  total,
  label,
  className = 'justify-center',
  onPage,
}: {
  current: number;
  total: number;
  label: string;
  className?: string;
  onPage?: (page: number) => void;
}) {
  const t = useT('chrome');
  const { pathname, search } = useLocation();
  if (total <= 1) return null;
  const step = (page: number, rel: 'prev' | 'next', text: string) => {
    const there = page >= 1 && page <= total;
    if (onPage) {
      return (
        <button type="button" className="btn-secondary" disabled={!there} onClick={() => onPage(page)}>
          {text}
        </button>
      );
    }
    return there ? (
      <Link to={listPageHref(pathname, page, search)} rel={rel} className="btn-secondary" onClick={toTop}>
        {text}
      </Link>
    ) : (
      // Where the list ends, the control stays in its place, visibly unavailable.
      <span aria-disabled="true" className="btn-secondary cursor-not-allowed opacity-60">
        {text}
      </span>
    );
  };
  return (
    <nav className={`flex items-center gap-4 ${className}`} aria-label={label}>
      {step(current - 1, 'prev', t('pagerPrevious'))}
      <span className="text-sm text-ink-400">{t('pagerPageOf', { current, total })}</span>
      {step(current + 1, 'next', t('pagerNext'))}
    </nav>
  );
}
