import type { ReactNode } from 'react';

/** A landing section below the hero: an anchor that lands below the fixed top bar, a kicker, a heading and a lead; drawn when near the screen (`below-fold`). */
export function Section({
  id,
  kicker,
  title,
  lead,
  children,
  className = '',
}: {
  id?: string;
  kicker?: string;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={`below-fold scroll-mt-16 py-16 sm:py-20 ${className}`}>
      <div className="container-page">
        <div className="mx-auto max-w-2xl text-center">
          {kicker && <p className="text-sm font-semibold uppercase tracking-wider text-accent-400">{kicker}</p>}
          <h2 id={headingId} className="mt-2 text-3xl font-bold tracking-tight text-ink-100 sm:text-4xl">
            {title}
          </h2>
          {lead && <p className="mt-4 text-base leading-relaxed text-ink-300 sm:text-lg">{lead}</p>}
        </div>
        <div className="mt-10 sm:mt-12">{children}</div>
      </div>
    </section>
  );
}
