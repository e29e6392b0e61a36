import type { AppContext } from '#server/context';
import type { Job } from '#server/lib/jobs';
import { runAutomaticRefunds } from './automatic-refunds';

/** Retries, every minute in every instance, the automatic refunds Razorpay has not taken yet (rows claimed with a lease). */
export function automaticRefundsJob(ctx: Pick<AppContext, 'db' | 'config' | 'payments' | 'log'>): Job {
  return {
    name: 'automatic refunds of payments that bought nothing',
    everyMs: 60_000,
    run: async () => {
      const done = await runAutomaticRefunds(ctx, { log: ctx.log });
      return done.refunded || done.failed ? done : null;
    },
  };
}
