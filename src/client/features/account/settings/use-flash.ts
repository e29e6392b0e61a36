import { useCallback, useEffect, useRef, useState } from 'react';
import { TIMERS_MS } from '#shared/constants';
import type { TextKey } from '#shared/i18n/runtime';

/**
 * A settings message: a spec text of the `msg` catalog by its key, shown in the language of each render (saving the
 * language preference says so in the new language), or a text the screen wrote already in the reader's language.
 */
export type FlashText = string | { msg: TextKey<'msg'> };
export type Flash = { type: 'success' | 'error'; message: FlashText } | null;

/** A settings message that disappears after 5 seconds. */
export function useFlash(): [Flash, (type: 'success' | 'error', message: FlashText) => void, () => void] {
  const [flash, setFlash] = useState<Flash>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const show = useCallback((type: 'success' | 'error', message: FlashText) => {
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
