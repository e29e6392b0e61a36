/**
 * Previous / 'Page X of Y' / Next under a server-paginated list (the blog, the admin's posts and inbox). Nothing
 * when there is one page.
 */
export function Pager({ current, total, onPage, label, className = 'justify-center' }: { current: number; total: number; onPage: (page: number) => void; label: string; className?: string }) {
  if (total <= 1) return null;
  return (
    <nav className={`flex items-center gap-4 ${className}`} aria-label={label}>
      <button type="button" className="btn-secondary" disabled={current <= 1} onClick={() => onPage(current - 1)}>
        Previous
      </button>
      <span className="text-sm text-ink-400">
        Page {current} of {total}
      </span>
      <button type="button" className="btn-secondary" disabled={current >= total} onClick={() => onPage(current + 1)}>
        Next
      </button>
    </nav>
  );
}
