import { createBotCheck, type BotCheck } from '../../adapters/bot-check';
import { createRateLimiterFor, type Limit, type RateLimiter } from '../../adapters/rate-limit';
import type { AppContext } from '../../context';

/** Five messages per address per 15 minutes: enough for a person, too few for a flood. */
export const CONTACT_LIMIT: Limit = { name: 'contact-ip', max: 5, windowMs: 15 * 60_000 };

type ContactDeps = { limiter: RateLimiter; botCheck: BotCheck };
const cache = new WeakMap<AppContext, ContactDeps>();

/** The rate limiter (Redis or memory) and bot check (Turnstile or off) of one app, closed with it. */
export function contactDeps(ctx: AppContext): ContactDeps {
  let deps = cache.get(ctx);
  if (!deps) {
    const limiter = createRateLimiterFor(ctx.config);
    deps = { limiter, botCheck: createBotCheck(ctx.config) };
    cache.set(ctx, deps);
    ctx.onClose(() => limiter.close());
  }
  return deps;
}
