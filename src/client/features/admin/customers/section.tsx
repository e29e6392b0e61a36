import type { ReactNode } from 'react';

/** One card of the customer page: a heading, an optional count or link beside it, and its content. */
export function Section({ id, title, aside, children, className = '' }: { id: string; title: string; aside?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={`min-w-0 rounded-2xl border border-ink-700 bg-ink-900 p-5 sm:p-6 ${className}`}>
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={id} className="text-base font-semibold text-ink-100">
          {title}
        </h2>
        {aside}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The line a section shows when it has nothing. */
export const Empty = ({ children }: { children: ReactNode }) => <p className="text-sm text-ink-400">{children}</p>;

/** A term and its value in a section's list of facts. */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs uppercase tracking-wide text-ink-500">{term}</dt>
      <dd className="mt-0.5 break-words text-sm text-ink-100">{children}</dd>
    </div>
  );
}
