import { Fragment, type ReactNode } from 'react';

export function Kbd({ children }: { children: ReactNode }) {
  return (
    <kbd className="inline-flex min-w-[1.75rem] items-center justify-center rounded-md border border-ink-600 border-b-2 bg-ink-850 px-1.5 py-0.5 font-mono text-xs font-medium text-ink-100">
      {children}
    </kbd>
  );
}

/** A shortcut's key combinations: 'Ctrl + [ / Ctrl + ]'. */
export function ShortcutKeys({ keys }: { keys: string[][] }) {
  return keys.map((combo, i) => (
    <Fragment key={combo.join('+')}>
      {i > 0 && <span className="px-0.5 text-xs">/</span>}
      {combo.map((k, j) => (
        <Fragment key={k}>
          {j > 0 && <span className="text-xs">+</span>}
          <Kbd>{k}</Kbd>
        </Fragment>
      ))}
    </Fragment>
  ));
}
