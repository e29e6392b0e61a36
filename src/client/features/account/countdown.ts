import { useEffect, useState } from 'react';

export type Remaining = { days: number; hours: number; minutes: number; seconds: number; done: boolean };

/** Time left until an instant, split for display; never negative. */
export function remainingUntil(target: Date, now = new Date()): Remaining {
  const ms = Math.max(0, target.getTime() - now.getTime());
  const total = Math.floor(ms / 1000);
  return { days: Math.floor(total / 86400), hours: Math.floor((total % 86400) / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60, done: ms === 0 };
}

/** Days left in a paid period: rounded up, at least 0 (spec §4). */
export function daysRemaining(end: string | Date | null, now = new Date()): number {
  if (!end) return 0;
  return Math.max(0, Math.ceil((new Date(end).getTime() - now.getTime()) / 86_400_000));
}

/** A live countdown, ticking every second until it reaches zero. */
export function useCountdown(target: string | null): Remaining | null {
  const [now, setNow] = useState(() => new Date());
  const done = target ? new Date(target).getTime() <= now.getTime() : true;
  useEffect(() => {
    if (!target || done) return;
    const id = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(id);
  }, [target, done]);
  return target ? remainingUntil(new Date(target), now) : null;
}
