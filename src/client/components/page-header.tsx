import type { ReactNode } from 'react';

/** The band that opens a public page of text (the contact page, the changelog): its kicker, its title, its lead, and what follows them. */
export function PageHeader({ kicker, title, lead, children }: { kicker: string; title: string; lead: string; children?: ReactNode }) {
  return (
    <header className="border-b border-ink-800 bg-ink-900/50">
      <div className="container-page py-12 sm:py-16">
        <p className="text-sm font-semibold uppercase tracking-wider text-accent-400">{kicker}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink-100 sm:text-5xl">{title}</h1>
        <p className="mt-4 max-w-2xl text-lg leading-relaxed text-ink-300">{lead}</p>
        {children}
      </div>
    </header>
  );
}
