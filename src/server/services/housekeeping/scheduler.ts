import type { Db } from '../../db/client';
import type { Job } from '../../lib/jobs';
import { pruneOldRows } from './prune';
import { rollUpOldRows } from './roll-up';

const EVERY_MS = 60 * 60_000;

/**
 * Every hour, in every instance: deletes old sessions, e-mail links, sent mail, webhook events and usage batch keys,
 * and rolls old downloads and usage reports up into daily counts.
 */
export function housekeepingJob(db: Db): Job {
  return {
    name: 'old rows deleted',
    everyMs: EVERY_MS,
    run: async () => {
      const pruned = await pruneOldRows(db);
      const rolled = await rollUpOldRows(db);
      const counts = { ...pruned, downloadsRolledUp: rolled.downloads, usageEventsRolledUp: rolled.usageEvents };
      return Object.values(counts).some((n) => n > 0) ? counts : null;
    },
  };
}
