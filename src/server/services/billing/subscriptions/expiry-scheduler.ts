import type { Db } from '#server/db/client';
import type { Job } from '#server/lib/jobs';
import { expireDueSubscriptions } from './expire-subscriptions';

const EVERY_MS = 60_000;

/** Subscriptions past their end become expired, every minute in every instance (safe: rows are claimed with SKIP LOCKED). */
export function expiryJob(db: Db): Job {
  return {
    name: 'subscriptions expired',
    everyMs: EVERY_MS,
    run: async () => {
      const expired = await expireDueSubscriptions(db);
      return expired ? { expired } : null;
    },
  };
}
