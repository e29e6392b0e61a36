import type { FastifyInstance } from 'fastify';
import { startPeriodicJob } from '../../lib/periodic';
import { runProviderCancellations } from './provider-cancellations';

const EVERY_MS = 60_000;

/**
 * Retries, every minute in every instance, the cancellations at Razorpay that failed when an account was deleted
 * (safe: rows are claimed with SKIP LOCKED and a lease), from ready to close.
 */
export function startCancellationRetries(app: FastifyInstance): void {
  startPeriodicJob(app, 'subscriptions of deleted accounts cancelled at the payment provider', EVERY_MS, async () => {
    const done = await runProviderCancellations(app.ctx.db, app.payments, { log: app.log });
    return done.cancelled || done.failed ? done : null;
  });
}
