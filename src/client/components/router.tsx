import { createContext, startTransition, useContext, useEffect, useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { Link as WouterLink, Router as WouterRouter, useLocation as useWouterLocation } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { pageAt } from '../../shared/pages';

/**
 * The router the screens use, on wouter (decision 095): links and navigation through the History API. Which page an
 * address shows is ours already (`pageAt` reads the one declaration of pages, decision 073), so no route table is
 * needed here; this module gives the screens the few calls they make, under the names they had, and is the one
 * place that knows the library.
 */

type Where = { pathname: string; search: string; hash: string };
type NavigateOptions = { replace?: boolean; state?: unknown };

const WhereContext = createContext<Where>({ pathname: '/', search: '', hash: '' });
const useWhere = () => useContext(WhereContext);
// wouter reads the address through these, so its links see the same address as the screens.
const useRouterPath = (): [string, typeof navigate] => [useWhere().pathname, navigate];
const useRouterSearch = () => useWhere().search;

/** wouter's history calls announce themselves with these events (it patches pushState and replaceState). */
const ADDRESS_EVENTS = ['popstate', 'pushState', 'replaceState', 'hashchange'] as const;
const here = (): Where => ({ pathname: location.pathname, search: location.search, hash: location.hash });
const same = (a: Where, b: Where) => a.pathname === b.pathname && a.search === b.search && a.hash === b.hash;

/**
 * The browser's address as React state, changed in a transition: following a link to a screen whose code has not
 * come keeps the page shown until the next one is ready, as a server-rendered page is kept until it is hydrated. The
 * hash starts empty as on the server (it changes no markup) and follows at once.
 */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [where, setWhere] = useState<Where>(() => ({ ...here(), hash: '' }));
  useEffect(() => {
    const follow = () => startTransition(() => setWhere((shown) => (same(shown, here()) ? shown : here())));
    for (const name of ADDRESS_EVENTS) addEventListener(name, follow);
    follow();
    return () => {
      for (const name of ADDRESS_EVENTS) removeEventListener(name, follow);
    };
  }, []);
  return (
    <WhereContext value={where}>
      <WouterRouter hook={useRouterPath} searchHook={useRouterSearch}>
        {children}
      </WouterRouter>
    </WhereContext>
  );
}

/** The router of a server render: the request's address instead of the browser's. */
export function StaticRouter({ location: url, children }: { location: string; children: ReactNode }) {
  const { pathname, search } = new URL(url, 'http://local');
  return (
    <WhereContext value={{ pathname, search, hash: '' }}>
      <WouterRouter hook={useRouterPath} searchHook={useRouterSearch}>
        {children}
      </WouterRouter>
    </WhereContext>
  );
}

/** Goes to an address inside the app (pushState, or replaceState with `replace`). */
export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  return useWouterLocation()[1];
}

/** Where the app is: path, query (with its `?`) and hash (with its `#`; empty in a server render). */
export const useLocation = (): Where => useWhere();

/** The parameters of the page's path (`/blog/:slug` gives `slug`), from the page declaration. */
export function useParams(): Record<string, string> {
  const { pathname } = useLocation();
  return useMemo(() => pageAt(pathname)?.params ?? {}, [pathname]);
}

type SearchInit = URLSearchParams | Record<string, string>;

/** The query as URLSearchParams, and a setter that navigates to the same path with another query. */
export function useSearchParams(): [URLSearchParams, (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useMemo(
    () => (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const value = new URLSearchParams(typeof next === 'function' ? next(new URLSearchParams(location.search)) : next).toString();
      navigate(`${location.pathname}${value ? `?${value}` : ''}`, options);
    },
    [navigate],
  );
  return [params, set];
}

type LinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string; replace?: boolean; state?: unknown };

/** A link inside the app: a real `<a href>` (it works before the app runs), followed in place once it does. */
export function Link({ to, ...rest }: LinkProps) {
  return <WouterLink to={to} {...rest} />;
}

type NavLinkProps = Omit<LinkProps, 'className'> & { className?: string | ((state: { isActive: boolean }) => string); end?: boolean };

/** A link that knows it is the current page: `aria-current="page"` and the active class. */
export function NavLink({ to, className, end = false, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const target = to.split(/[?#]/)[0];
  const isActive = pathname === target || (!end && target !== '/' && pathname.startsWith(`${target}/`));
  return <Link to={to} aria-current={isActive ? 'page' : undefined} className={typeof className === 'function' ? className({ isActive }) : className} {...rest} />;
}

/** Goes to `to` once shown (a guard's way out); nothing in a server render. */
export function Navigate({ to, replace = false }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace }), [navigate, to, replace]);
  return null;
}

const OutletContext = createContext<ReactNode>(null);

/** A layout's place for the page inside it (the signed-in area's pages inside its side navigation). */
export const Outlet = () => <>{useContext(OutletContext)}</>;
export const OutletProvider = OutletContext.Provider;
