import { lazy, Suspense, useEffect, useState } from 'react';
import { EVENTS } from '#shared/constants';

export type AuthMode = 'signin' | 'signup' | 'forgot-password' | 'reset-password';

// The forms read the bot-check config through TanStack Query, which comes with the modal's chunk.
const AuthModal = lazy(() => Promise.all([import('./auth-modal'), import('../../query')]).then(([m, q]) => ({ default: q.withQuery(m.AuthModal) })));

/** Maps the open-auth-modal event's mode: login becomes signin; unknown modes open sign-in. */
export function modeFromEvent(detail: unknown): AuthMode {
  const mode = (detail as { mode?: string } | null)?.mode;
  if (mode === 'signup' || mode === 'forgot-password' || mode === 'reset-password' || mode === 'signin') return mode;
  return 'signin';
}

/** The reset token an open-auth-modal event may carry for the reset-password mode. */
export function tokenFromEvent(detail: unknown): string {
  const token = (detail as { token?: unknown } | null)?.token;
  return typeof token === 'string' ? token : '';
}

/**
 * Where a sign-in from the modal goes instead of /dashboard (the page that asked, such as /activate, decision 185): a
 * path of this site only (one slash, never `//host`).
 */
export function returnToFromEvent(detail: unknown): string | undefined {
  const to = (detail as { returnTo?: unknown } | null)?.returnTo;
  return typeof to === 'string' && to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/\\') ? to : undefined;
}

let opens = 0;

/** Listens for open-auth-modal anywhere and loads the modal only when it is first opened. */
export function AuthModalHost() {
  const [state, setState] = useState<{ mode: AuthMode; token: string; returnTo?: string; opened: number } | null>(null);
  useEffect(() => {
    const onOpen = (e: Event) => {
      const detail = (e as CustomEvent).detail;
      setState({ mode: modeFromEvent(detail), token: tokenFromEvent(detail), returnTo: returnToFromEvent(detail), opened: ++opens });
    };
    window.addEventListener(EVENTS.openAuthModal, onOpen);
    return () => window.removeEventListener(EVENTS.openAuthModal, onOpen);
  }, []);
  if (!state) return null;
  return (
    <Suspense fallback={null}>
      <AuthModal
        key={state.opened}
        mode={state.mode}
        resetToken={state.token}
        returnTo={state.returnTo}
        onModeChange={(mode) => setState((s) => (s ? { ...s, mode } : s))}
        // The dialog's close event comes a moment later; a modal opened meanwhile must stay open.
        onClose={() => setState((s) => (s?.opened === state.opened ? null : s))}
      />
    </Suspense>
  );
}
