import { useEffect, useState } from 'react';
import { timeLeft, type TimeLeft } from '../../shared/dates';
import { useFirstRenderNow } from '../ssr/initial-data';

/**
 * A live countdown to `end` by the shared rule (`timeLeft`): ticks every second, null from `end` on. A page the server
 * rendered starts at the server's second (so the markup matches), then follows the browser's clock.
 */
export function useTimeLeft(end: string | number): TimeLeft | null {
  const [now, setNow] = useState(useFirstRenderNow());
  const left = timeLeft(now, end);
  const ended = left === null;
  useEffect(() => setNow(Date.now()), []);
  useEffect(() => {
    if (ended) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [ended]);
  return left;
}
