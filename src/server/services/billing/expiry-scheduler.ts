import type { FastifyInstance } from 'fastify';
import { startPeriodicJob } from '../../lib/periodic';
import { expireDueSubscriptions } from './expire-subscriptions';

const EVERY_MS = 60_000;

/** Runs the expiry every minute in every instance (safe: rows are claimed with SKIP LOCKED), from ready to close. */
export function startExpiryScheduler(app: FastifyInstance): void {
  startPeriodicJob(app, 'subscriptions expired', EVERY_MS, async () => {
    const expired = await expireDueSubscriptions(app.ctx.db);
    return expired ? { expired } : null;
  });
}
