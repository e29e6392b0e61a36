import type { ReactNode } from 'react';

/** The frame of a content page under the top bar. */
export function Page({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children?: ReactNode }) {
  return (
    <main className="container-page pb-20 pt-28">
      <h1 className="text-3xl font-bold tracking-tight text-ink-100 sm:text-4xl">{title}</h1>
      {subtitle && <p className="mt-3 text-ink-400">{subtitle}</p>}
      <div className="mt-8">{children}</div>
    </main>
  );
}
