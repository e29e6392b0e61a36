import { useCallback, useEffect, useRef, useState } from 'react';
import { TIMERS_MS } from '../../../../shared/constants';

export type Flash = { type: 'success' | 'error'; message: string } | null;

/** A settings message that disappears after 5 seconds (spec §2). */
export function useFlash(): [Flash, (type: 'success' | 'error', message: string) => void, () => void] {
  const [flash, setFlash] = useState<Flash>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const show = useCallback((type: 'success' | 'error', message: string) => {
    window.clearTimeout(timer.current);
    setFlash({ type, message });
    timer.current = window.setTimeout(() => setFlash(null), TIMERS_MS.settingsMessage);
  }, []);
  const clear = useCallback(() => {
    window.clearTimeout(timer.current);
    setFlash(null);
  }, []);
  return [flash, show, clear];
}
