import type { Pagination } from '../../shared/api';
import { pageFrom } from '../../shared/pagination';

/**
 * Clamps a requested page to 1..page count (an empty list still has page 1 of 1), so the offset it gives never
 * passes the end of the list, whatever page was asked for.
 */
export function paginate(requested: number, totalItems: number, itemsPerPage: number): Pagination & { offset: number } {
  const totalPages = Math.max(1, Math.ceil(totalItems / itemsPerPage));
  const currentPage = Math.min(pageFrom(requested), totalPages);
  return { currentPage, totalPages, totalItems, itemsPerPage, offset: (currentPage - 1) * itemsPerPage };
}
