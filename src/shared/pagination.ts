/**
 * The highest page number an address can ask for: beyond any real list, and low enough that page × page size stays
 * a small integer in SQL (1 000 000 × 100 rows). The server then clamps it to the list's page count.
 */
export const MAX_PAGE = 1_000_000;

/**
 * The page a `?page=` value asks for. Spec (blog): "page starts at 1, clamped to 1..page count": nothing is refused;
 * a value that is not a number, or below 1, is page 1; fractions are cut; anything larger is at most MAX_PAGE, and
 * the server clamps that to the last page.
 */
export function pageFrom(raw: unknown): number {
  const value = Array.isArray(raw) ? raw[0] : raw;
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  if (!(n >= 1)) return 1;
  return Math.min(Math.trunc(n), MAX_PAGE);
}

/** The query of page `page` of a list: page 1 without `page=`, any other with it; the other values kept. */
export function withListPage(search: string | URLSearchParams, page: number): URLSearchParams {
  const params = new URLSearchParams(search);
  if (page > 1) params.set('page', String(page));
  else params.delete('page');
  return params;
}

/**
 * The address of page `page` of the list at `pathname`, keeping the other values of its query (`search`): page 1 is
 * the list's own address (`/blog`), any other adds `page=` (`/blog?page=2`). Links, canonical URLs and rel prev/next
 * all name the pages this way, so each page has one address.
 */
export function listPageHref(pathname: string, page: number, search: string | URLSearchParams = ''): string {
  const query = withListPage(search, page).toString();
  return query ? `${pathname}?${query}` : pathname;
}
