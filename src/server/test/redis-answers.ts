import { Socket } from 'node:net';

/** Whether something accepts connections at a redis:// URL (tests that need Redis skip, with a reason, when not). */
export function redisAnswers(url: string | undefined): Promise<boolean> {
  if (!url) return Promise.resolve(false);
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const s = new Socket();
    s.setTimeout(500);
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
    s.once('timeout', () => (s.destroy(), resolve(false)));
    s.connect(Number(port || 6379), hostname);
  });
}
