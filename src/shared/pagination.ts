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
