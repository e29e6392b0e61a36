import type { Pagination } from '../../../shared/api';

/** Clamps a requested page to 1..page count (an empty list still has page 1 of 1). */
export function paginate(requested: number, totalItems: number, itemsPerPage: number): Pagination & { offset: number } {
  const totalPages = Math.max(1, Math.ceil(totalItems / itemsPerPage));
  const currentPage = Math.min(Math.max(1, Math.trunc(requested) || 1), totalPages);
  return { currentPage, totalPages, totalItems, itemsPerPage, offset: (currentPage - 1) * itemsPerPage };
}
