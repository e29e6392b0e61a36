import { createBotCheck, type BotCheck } from '../../adapters/bot-check';
import { createRateLimiterFor, type RateLimiter } from '../../adapters/rate-limit';
import type { AppContext } from '../../context';

type AuthDeps = { limiter: RateLimiter; botCheck: BotCheck };

const cache = new WeakMap<AppContext, AuthDeps>();

/** The rate limiter and bot check of one app (one Redis connection for every limit), made on first use and closed with the app. */
export function authDeps(ctx: AppContext): AuthDeps {
  let deps = cache.get(ctx);
  if (!deps) {
    const limiter = createRateLimiterFor(ctx.config);
    deps = { limiter, botCheck: createBotCheck(ctx.config) };
    cache.set(ctx, deps);
    ctx.onClose(() => limiter.close());
  }
  return deps;
}
