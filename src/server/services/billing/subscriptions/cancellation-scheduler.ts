import type { AppContext } from '#server/context';
import type { Job } from '#server/lib/jobs';
import { runProviderCancellations } from './provider-cancellations';

const EVERY_MS = 60_000;

/**
 * Retries, every minute in every instance, the cancellations at Razorpay that failed when an account was deleted
 * (safe: rows are claimed with SKIP LOCKED and a lease).
 */
export function cancellationRetriesJob(ctx: Pick<AppContext, 'db' | 'payments' | 'log'>): Job {
  return {
    name: 'subscriptions of deleted accounts cancelled at the payment provider',
    everyMs: EVERY_MS,
    run: async () => {
      const done = await runProviderCancellations(ctx, { log: ctx.log });
      return done.cancelled || done.failed ? done : null;
    },
  };
}
