import { matchRoutes } from 'react-router';
import { blogKeys, listPageFrom } from '../features/blog/api';
import { queryKeyId } from './initial-data';

/** One GET the server answers before rendering a page: its API path (under /api/v1), and where the page reads it. */
export type DataNeed = { key: string; path: string; pick?: (data: unknown) => unknown };

/** The public pages the server renders: every other path (signed-in, admin, one-off links) renders in the browser. */
const ROUTES = ['/', '/blog', '/blog/:slug', '/contact-us', '/privacy-policy', '/terms-of-service', '/terms-conditions', '/refund-policy'].map((path) => ({ path }));

/**
 * What the server must fetch to render `pathname` as the browser would, or null when the page is not rendered on
 * the server. The keys are the ones the screens read (useFetched keys, TanStack query keys), so the browser's first
 * render finds the same data.
 */
export function dataNeeds(rawPathname: string, search: URLSearchParams): DataNeed[] | null {
  const pathname = rawPathname.replace(/\/+$/, '') || '/';
  // matchRoutes decodes the path as the router does, so the slug here is the one the post screen reads.
  const match = matchRoutes(ROUTES, pathname)?.[0];
  if (!match) return null;
  if (pathname === '/') {
    return [
      { key: 'downloads-config', path: '/downloads/config' },
      { key: 'plans-public', path: '/subscriptions/plans/public', pick: (d) => (d as { plans: unknown }).plans },
    ];
  }
  if (pathname === '/blog') {
    const page = listPageFrom(search.get('page'));
    return [{ key: queryKeyId(blogKeys.list(page)), path: `/blog/posts?page=${page}` }];
  }
  const { slug } = match.params;
  if (match.route.path === '/blog/:slug' && slug) {
    return [{ key: queryKeyId(blogKeys.post(slug)), path: `/blog/posts/${encodeURIComponent(slug)}`, pick: (d) => (d as { post: unknown }).post }];
  }
  return [];
}
