import type { ReactNode } from 'react';

export function Kbd({ children }: { children: ReactNode }) {
  return (
    <kbd className="inline-flex min-w-[1.75rem] items-center justify-center rounded-md border border-ink-600 border-b-2 bg-ink-850 px-1.5 py-0.5 font-mono text-xs font-medium text-ink-100">
      {children}
    </kbd>
  );
}
