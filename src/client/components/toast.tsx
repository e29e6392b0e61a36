import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { TIMERS_MS } from '../../shared/constants';
import { toLocale } from '../../shared/i18n/locales';
import { translator } from '../../shared/i18n/runtime';

export type ToastType = 'success' | 'error';
type Toast = { id: number; type: ToastType; message: string };
type ToastApi = { show: (type: ToastType, message: string) => void; success: (m: string) => void; error: (m: string) => void };

const ToastContext = createContext<ToastApi | null>(null);

/**
 * The close button's name in the page's language: the toasts sit above the language's provider (which uses them), so
 * they read the document's, which the app keeps equal to the language it speaks; the chrome's texts are always here.
 */
function dismissLabel(): string {
  return translator(toLocale(document.documentElement.lang), 'chrome')('dismiss');
}

/** The global toast: success or error, each gone after 4 seconds. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (type: ToastType, message: string) => {
      const id = next.current++;
      setToasts((all) => [...all.slice(-3), { id, type, message }]);
      window.setTimeout(() => dismiss(id), TIMERS_MS.toast);
    },
    [dismiss],
  );
  const api = useMemo<ToastApi>(() => ({ show, success: (m) => show('success', m), error: (m) => show('error', m) }), [show]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* At the bottom, where it covers neither the top bar nor a page's heading: across a phone's width above its
          home indicator, in the bottom-right corner from 640 px. */}
      <div
        className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col items-stretch gap-2 px-4 pb-[max(1rem,env(safe-area-inset-bottom))] sm:left-auto sm:w-[28rem] sm:items-end sm:px-6 sm:pb-6"
        aria-live="polite"
      >
        {toasts.map((t) => (
          <div
            key={t.id}
            role={t.type === 'error' ? 'alert' : 'status'}
            data-testid="toast"
            data-type={t.type}
            className={`pointer-events-auto flex max-w-md items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-lg ${
              t.type === 'success' ? 'border-emerald-500/40 bg-emerald-950 text-emerald-100' : 'border-red-500/40 bg-red-950 text-red-100'
            }`}
          >
            <span aria-hidden="true">{t.type === 'success' ? '✓' : '!'}</span>
            <span className="flex-1">{t.message}</span>
            <button type="button" className="text-current/70 hover:text-current" aria-label={dismissLabel()} onClick={() => dismiss(t.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast outside ToastProvider');
  return ctx;
}
