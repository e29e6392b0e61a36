import { lazy, Suspense, useEffect, useState } from 'react';
import { EVENTS } from '../../../shared/constants';

export type AuthMode = 'signin' | 'signup' | 'forgot-password' | 'reset-password';

const AuthModal = lazy(() => import('./auth-modal').then((m) => ({ default: m.AuthModal })));

/** Maps the open-auth-modal event's mode: login becomes signin; unknown modes open sign-in. */
export function modeFromEvent(detail: unknown): AuthMode {
  const mode = (detail as { mode?: string } | null)?.mode;
  if (mode === 'signup' || mode === 'forgot-password' || mode === 'reset-password' || mode === 'signin') return mode;
  return 'signin';
}

/** Listens for open-auth-modal anywhere and loads the modal only when it is first opened. */
export function AuthModalHost() {
  const [mode, setMode] = useState<AuthMode | null>(null);
  useEffect(() => {
    const onOpen = (e: Event) => setMode(modeFromEvent((e as CustomEvent).detail));
    window.addEventListener(EVENTS.openAuthModal, onOpen);
    return () => window.removeEventListener(EVENTS.openAuthModal, onOpen);
  }, []);
  if (!mode) return null;
  return (
    <Suspense fallback={null}>
      <AuthModal mode={mode} onModeChange={setMode} onClose={() => setMode(null)} />
    </Suspense>
  );
}
