import type { ReactNode } from 'react';
import { Logo } from './logo';

const ICONS = {
  loading: <span className="h-10 w-10 animate-spin rounded-full border-2 border-ink-600 border-t-accent-400" aria-hidden="true" />,
  success: (
    <span className="flex h-12 w-12 items-center justify-center rounded-full bg-emerald-500/15 text-emerald-400" aria-hidden="true">
      <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2">
        <path d="M5 12.5l4.5 4.5L19 7.5" />
      </svg>
    </span>
  ),
  error: (
    <span className="flex h-12 w-12 items-center justify-center rounded-full bg-red-500/15 text-red-400" aria-hidden="true">
      <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2">
        <path d="M12 7v6M12 17h.01" />
        <circle cx="12" cy="12" r="9" />
      </svg>
    </span>
  ),
  warning: (
    <span className="flex h-12 w-12 items-center justify-center rounded-full bg-amber-500/15 text-amber-300" aria-hidden="true">
      <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2">
        <path d="M12 4l9 16H3z" strokeLinejoin="round" />
        <path d="M12 10v4M12 17h.01" />
      </svg>
    </span>
  ),
  none: null,
};

/** The centred card of the pages without top navigation (verify e-mail, reset password). */
export function StatusCard({ state, title, children }: { state: keyof typeof ICONS; title: string; children?: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-8 px-4 py-12">
      <Logo />
      <section className="card w-full max-w-md text-center" aria-live="polite" data-state={state}>
        {ICONS[state] && <div className="mb-4 flex justify-center">{ICONS[state]}</div>}
        <h1 className="text-xl font-semibold text-ink-100">{title}</h1>
        <div className="mt-3 space-y-4 text-sm text-ink-300">{children}</div>
      </section>
    </main>
  );
}
