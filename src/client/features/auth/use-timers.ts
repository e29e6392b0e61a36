import { useCallback, useEffect, useRef } from 'react';

/** setTimeout that is cleared when the component goes away, so a closed form never acts late. */
export function useTimers() {
  const ids = useRef<number[]>([]);
  useEffect(
    () => () => {
      for (const id of ids.current) window.clearTimeout(id);
    },
    [],
  );
  return useCallback((fn: () => void, ms: number) => {
    ids.current.push(window.setTimeout(fn, ms));
  }, []);
}
