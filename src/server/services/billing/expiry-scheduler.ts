import type { FastifyInstance } from 'fastify';
import { expireDueSubscriptions } from './expire-subscriptions';

const EVERY_MS = 60_000;

/** Runs the expiry every minute in every instance (safe: rows are claimed with SKIP LOCKED), from ready to close. */
export function startExpiryScheduler(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = expireDueSubscriptions(app.ctx.db)
      .then((n) => {
        if (n) app.log.info({ expired: n }, 'subscriptions expired');
      })
      .catch((err: unknown) => app.log.error({ err }, 'subscription expiry failed'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, EVERY_MS);
    timer.unref();
    tick();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
