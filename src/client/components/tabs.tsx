import { useRef, type KeyboardEvent } from 'react';

export type TabItem<T extends string> = { id: T; label: string; danger?: boolean };

type Props<T extends string> = {
  label: string;
  tabs: readonly TabItem<T>[];
  /** The selected tab; null when the panel shown has no tab of its own (the first tab then takes the focus). */
  active: T | null;
  onSelect: (id: T) => void;
  tabId: (id: T) => string;
  panelId: (id: T) => string;
};

// On phones the tabs are a segmented control whose cells all fit (labels may wrap), so none hides off-screen;
// from 640 px they are one underlined row.
const PHONE_COLUMNS: Record<number, string> = { 2: 'grid-cols-2', 3: 'grid-cols-3', 4: 'grid-cols-2' };

/** A row of tabs (WAI-ARIA tabs pattern): arrows, Home and End move between them and select. */
export function Tabs<T extends string>({ label, tabs, active, onSelect, tabId, panelId }: Props<T>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKey = (e: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const to = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    onSelect(tabs[to].id);
    refs.current[to]?.focus();
  };
  const focusable = active !== null && tabs.some((t) => t.id === active) ? active : tabs[0].id;

  return (
    <div
      role="tablist"
      aria-label={label}
      className={`grid ${PHONE_COLUMNS[tabs.length] ?? 'grid-cols-2'} gap-1 rounded-xl border border-ink-800 bg-ink-900 p-1 sm:flex sm:rounded-none sm:border-0 sm:border-b sm:bg-transparent sm:p-0`}
    >
      {tabs.map((t, i) => {
        const selected = t.id === active;
        const tone = selected ? 'bg-ink-700 text-ink-100 sm:border-accent-400' : `sm:border-transparent ${t.danger ? 'text-red-300/80' : 'text-ink-400'} hover:text-ink-100`;
        return (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={tabId(t.id)}
            aria-selected={selected}
            aria-controls={panelId(t.id)}
            tabIndex={t.id === focusable ? 0 : -1}
            onClick={() => onSelect(t.id)}
            onKeyDown={(e) => onKey(e, i)}
            className={`flex items-center justify-center rounded-lg px-2 py-2 text-center text-sm font-medium leading-tight transition-colors sm:-mb-px sm:whitespace-nowrap sm:rounded-none sm:border-b-2 sm:bg-transparent sm:px-4 sm:py-2.5 ${tone}`}
          >
            {t.label}
          </button>
        );
      })}
    </div>
  );
}
