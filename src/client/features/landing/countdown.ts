export type TimeLeft = { days: number; hours: number; minutes: number; seconds: number };

/** What is left until `end`, in whole seconds, or null once it has passed. */
export function timeLeft(now: number, end: number): TimeLeft | null {
  const ms = end - now;
  if (ms <= 0) return null;
  // Rounded up: the badge reads 00s only when the offer has actually ended.
  const total = Math.ceil(ms / 1000);
  return { days: Math.floor(total / 86_400), hours: Math.floor((total % 86_400) / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** '3d 04h 05m 06s': fixed-width parts so the badge does not jump as it ticks. */
export const formatTimeLeft = (t: TimeLeft) => `${t.days}d ${pad(t.hours)}h ${pad(t.minutes)}m ${pad(t.seconds)}s`;
