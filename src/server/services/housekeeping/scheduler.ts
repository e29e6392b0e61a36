import type { Db } from '../../db/client';
import type { Job } from '../../lib/jobs';
import { pruneOldRows } from './prune';

const EVERY_MS = 60 * 60_000;

/** Deletes old sessions, e-mail links, sent mail and webhook events every hour, in every instance. */
export function housekeepingJob(db: Db): Job {
  return {
    name: 'old rows deleted',
    everyMs: EVERY_MS,
    run: async () => {
      const counts = await pruneOldRows(db);
      return Object.values(counts).some((n) => n > 0) ? counts : null;
    },
  };
}
