import type { Redis } from 'ioredis';
import { AppError } from '../../lib/errors';
import type { HitResult, RateLimitStore } from './store';

// INCR and set the expiry on the first hit, atomically, so that every instance shares one window.
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }
`;
const UNDO = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

/**
 * Redis unreachable: the limited calls (sign-in, sign-up, contact…) answer a clean 503, as when the database is down,
 * rather than running without limits or failing with a 500.
 */
async function orUnavailable<T>(command: Promise<T>): Promise<T> {
  try {
    return await command;
  } catch (err) {
    throw Object.assign(new AppError('SERVICE_UNAVAILABLE', 'RATE_LIMIT_STORE_UNAVAILABLE'), { cause: err });
  }
}

/** Counters in Redis (REDIS_URL), shared by every instance behind the load balancer. */
export function createRedisStore(url: string, prefix = 'rl:'): RateLimitStore {
  // ioredis is loaded (and connects) as the app starts, without holding the start up.
  const connected: Promise<Redis> = import('ioredis').then(({ Redis: Client }) => {
    const redis = new Client(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    // Connection errors surface on the commands; an unhandled 'error' event would crash the process.
    redis.on('error', () => {});
    return redis;
  });
  return {
    async hit(key, windowMs): Promise<HitResult> {
      const redis = await connected;
      const [count, ttl] = (await orUnavailable(redis.eval(HIT, 1, prefix + key, String(windowMs)))) as [number, number];
      return { count: Number(count), resetMs: Number(ttl) };
    },
    async undo(key) {
      const redis = await connected;
      await orUnavailable(redis.eval(UNDO, 1, prefix + key));
    },
    async reset(key) {
      const redis = await connected;
      await orUnavailable(redis.del(prefix + key));
    },
    async close() {
      const redis = await connected;
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
