import type { FastifyInstance } from 'fastify';
import { startPeriodicJob } from '../../lib/periodic';
import { pruneOldRows } from './prune';

const EVERY_MS = 60 * 60_000;

/** Deletes old sessions, e-mail links, sent mail and webhook events every hour, in every instance. */
export function startHousekeeping(app: FastifyInstance): void {
  startPeriodicJob(app, 'old rows deleted', EVERY_MS, async () => {
    const counts = await pruneOldRows(app.ctx.db);
    return Object.values(counts).some((n) => n > 0) ? counts : null;
  });
}
