import { AppError } from '../../lib/errors';
import { createMemoryStore } from './memory-store';
import { createRedisStore } from './redis-store';
import type { RateLimitStore } from './store';

export type { RateLimitStore } from './store';
export { createMemoryStore } from './memory-store';
export { createRedisStore } from './redis-store';

export type Limit = { name: string; max: number; windowMs: number };

export type RateLimiter = {
  /** Counts a hit on (limit, subject); throws a 429 AppError when the limit is passed. */
  consume: (limit: Limit, subject: string) => Promise<void>;
  /** Gives back one hit (for limits that count only failures). */
  refund: (limit: Limit, subject: string) => Promise<void>;
  reset: (limit: Limit, subject: string) => Promise<void>;
  close: () => Promise<void>;
};

/** The 429 of every limit: a clear message with the wait, and the seconds to wait for clients that read them. */
export function tooManyAttempts(resetMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(resetMs / 1000));
  return new AppError('TOO_MANY_REQUESTS', 'RATE_LIMITED', { params: { minutes: Math.ceil(seconds / 60) }, extra: { retryAfterSeconds: seconds } });
}

export function createRateLimiter(store: RateLimitStore): RateLimiter {
  const key = (limit: Limit, subject: string) => `${limit.name}:${subject}`;
  return {
    async consume(limit, subject) {
      const { count, resetMs } = await store.hit(key(limit, subject), limit.windowMs);
      if (count > limit.max) throw tooManyAttempts(resetMs);
    },
    refund: (limit, subject) => store.undo(key(limit, subject)),
    reset: (limit, subject) => store.reset(key(limit, subject)),
    close: () => store.close(),
  };
}

/** Redis when REDIS_URL is set (shared by all instances), else process memory. */
export function createRateLimiterFor(config: { REDIS_URL?: string }): RateLimiter {
  return createRateLimiter(config.REDIS_URL ? createRedisStore(config.REDIS_URL) : createMemoryStore());
}
