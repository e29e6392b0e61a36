import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryStore, createRateLimiter, createRedisStore, type RateLimitStore } from './index';
import { redisAnswers } from '../../test/redis-answers';

const LIMIT = { name: 'test', max: 3, windowMs: 60_000 };

/** A store and a way to let its time pass: the memory store reads the clock it is given; Redis keeps its own. */
type Subject = { store: RateLimitStore; passTime: (ms: number) => Promise<void> };

function contract(name: string, make: () => Subject) {
  describe(`${name} store`, () => {
    const { store, passTime } = make();
    afterAll(() => store.close());
    const limiter = createRateLimiter(store);
    const subject = () => `s-${randomBytes(6).toString('hex')}`;

    it('allows max hits in a window, then answers 429 with the wait', async () => {
      const who = subject();
      for (let i = 0; i < LIMIT.max; i++) await limiter.consume(LIMIT, who);
      const err = await limiter.consume(LIMIT, who).catch((e) => e);
      expect(err).toMatchObject({ error: 'TOO_MANY_REQUESTS', status: 429, message: 'Too many attempts. Please wait 1 minute and try again.' });
      expect(err.extra.retryAfterSeconds).toBeGreaterThan(50);
      expect(err.extra.retryAfterSeconds).toBeLessThanOrEqual(60);
      // Another subject has its own counter.
      await expect(limiter.consume(LIMIT, subject())).resolves.toBeUndefined();
    });

    it('gives hits back and forgets keys', async () => {
      const who = subject();
      for (let i = 0; i < LIMIT.max; i++) {
        await limiter.consume(LIMIT, who);
        await limiter.refund(LIMIT, who);
      }
      for (let i = 0; i < LIMIT.max; i++) await limiter.consume(LIMIT, who);
      await expect(limiter.consume(LIMIT, who)).rejects.toMatchObject({ status: 429 });
      await limiter.reset(LIMIT, who);
      await expect(limiter.consume(LIMIT, who)).resolves.toBeUndefined();
    });

    it('opens a new window when the old one ends', async () => {
      const who = subject();
      const short = { name: 'short', max: 1, windowMs: 150 };
      await limiter.consume(short, who);
      await expect(limiter.consume(short, who)).rejects.toMatchObject({ status: 429 });
      await passTime(short.windowMs);
      await expect(limiter.consume(short, who)).resolves.toBeUndefined();
    });

    it('counts concurrent hits exactly', async () => {
      const who = subject();
      const big = { name: 'burst', max: 20, windowMs: 60_000 };
      const results = await Promise.allSettled(Array.from({ length: 30 }, () => limiter.consume(big, who)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(20);
    });
  });
}

contract('memory', () => {
  let now = Date.now();
  return {
    store: createMemoryStore(() => now),
    passTime: async (ms) => {
      now += ms;
    },
  };
});

it('keeps a memory window closed until its last millisecond has passed', async () => {
  let now = 0;
  const limiter = createRateLimiter(createMemoryStore(() => now));
  const short = { name: 'short', max: 1, windowMs: 150 };
  await limiter.consume(short, 'x');
  now += short.windowMs - 1;
  await expect(limiter.consume(short, 'x')).rejects.toMatchObject({ status: 429, extra: { retryAfterSeconds: 1 } });
  now += 1;
  await expect(limiter.consume(short, 'x')).resolves.toBeUndefined();
});

it('answers a clean 503 when Redis does not answer (no 500, no silent bypass)', async () => {
  const limiter = createRateLimiter(createRedisStore('redis://127.0.0.1:1'));
  try {
    await expect(limiter.consume(LIMIT, 'x')).rejects.toMatchObject({
      error: 'SERVICE_UNAVAILABLE',
      status: 503,
      message: 'The service is temporarily unavailable. Please try again shortly.',
    });
  } finally {
    await limiter.close();
  }
});

const redisUrl = process.env.TEST_REDIS_URL;
const redisUp = await redisAnswers(redisUrl);
describe.skipIf(!redisUp)('with Redis at TEST_REDIS_URL', () => {
  // Redis ends a window on its own clock: the time passes for real, with a margin for the timer.
  contract('redis', () => ({
    store: createRedisStore(redisUrl!, `rl-test-${randomBytes(4).toString('hex')}:`),
    passTime: (ms) => new Promise((r) => setTimeout(r, ms + 50)),
  }));

  it('shares one window between two instances', async () => {
    const prefix = `rl-shared-${randomBytes(4).toString('hex')}:`;
    const a = createRateLimiter(createRedisStore(redisUrl!, prefix));
    const b = createRateLimiter(createRedisStore(redisUrl!, prefix));
    try {
      await a.consume(LIMIT, 'x');
      await b.consume(LIMIT, 'x');
      await a.consume(LIMIT, 'x');
      await expect(b.consume(LIMIT, 'x')).rejects.toMatchObject({ status: 429 });
    } finally {
      await a.close();
      await b.close();
    }
  });
});
