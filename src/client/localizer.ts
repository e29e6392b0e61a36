type Localizer = typeof import('../shared/i18n/msg');

/** The module once here, as a thenable React's `use()` reads at once (it never suspends again). */
let settled: (Promise<Localizer> & { status: 'fulfilled'; value: Localizer }) | null = null;
let loading: Promise<Localizer> | null = null;

/**
 * The spec's texts (shared/messages.ts) with `localizeMsg` (shared/i18n/msg.ts), some 3 KB: loaded by the first
 * screen or message that shows one (`useMsg`, the session-ended toast), never with the landing page. A page that
 * declares the `msg` texts loads it before its adoption (start.tsx), the server render before rendering.
 */
export function loadLocalizer(): Promise<Localizer> {
  loading ??= import('../shared/i18n/msg').then((m) => {
    settled = Object.assign(Promise.resolve(m), { status: 'fulfilled' as const, value: m });
    return m;
  });
  return loading;
}

/** For `use()`: settled once loaded, so a screen suspends only the first time, and calls `use()` on every render. */
export const localizerThenable = (): Promise<Localizer> => settled ?? loadLocalizer();
