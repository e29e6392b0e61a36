import net from 'node:net';
import type { FastifyInstance } from 'fastify';

export type ShutdownOptions = {
  /** How long readiness fails before the instance stops accepting: the load balancer's time to notice (SHUTDOWN_DRAIN_SECONDS). */
  drainMs: number;
  /** How long open connections may take to finish after the listener closed, before the rest are closed. */
  graceMs?: number;
  /** Closed after the app: the database. */
  closeDatabase: () => Promise<void>;
};

const POLL_MS = 25;

function openConnections(app: FastifyInstance): Promise<number> {
  return new Promise((resolve) => app.server.getConnections((err, count) => resolve(err ? 0 : count)));
}

/**
 * Takes the instance out of service without failing a request (docs/operations.md §6), and tells whether all went well:
 * 1. readiness answers 503 and every response says `Connection: close` (app.ts), for SHUTDOWN_DRAIN_SECONDS, while
 *    requests are still served: the balancer stops sending, and each kept-alive connection it reuses is closed by
 *    its answer instead of being cut while a request may be on its way;
 * 2. the listener closes: a new connection is refused, which a balancer retries elsewhere, POSTs included, as
 *    nothing was sent;
 * 3. what is in flight is answered, each connection closing after its answer (up to graceMs);
 * 4. the app and then the database close. Any failure there is returned as false: the process exits non-zero, so
 *    that a failed PGlite close is seen.
 * The instance's loops (mail delivery, expiry, housekeeping…) stop as the drain begins; close waits for a run in
 * progress and for work left for after an answer (`jobs.later`: a reset or verification mail), also by a request answered during the drain. What they leave is done by the other instances, or by this one's next start (the work is in the database).
 */
export async function drainAndClose(app: FastifyInstance, options: ShutdownOptions): Promise<boolean> {
  const graceMs = options.graceMs ?? 10_000;
  app.ctx.draining = true;
  const jobsStopped = app.ctx.jobs.stop();
  if (options.drainMs) await new Promise((r) => setTimeout(r, options.drainMs));
  let clean = true;
  if (app.server.listening) {
    // net.Server's own close stops accepting and leaves open connections alone (http.Server's would also cut the idle
    // ones, racing a request the balancer may be writing on one).
    // Its callback waits for the last connection to end, so it is not awaited: the loop below watches them.
    net.Server.prototype.close.call(app.server);
    const until = Date.now() + graceMs;
    while ((await openConnections(app)) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, POLL_MS));
  }
  await jobsStopped;
  // Requests answered during the drain may have left work for after their answer since the loops stopped.
  await app.ctx.jobs.settled();
  try {
    await app.close();
  } catch (err) {
    clean = false;
    app.log.error({ err }, 'closing the app failed');
  }
  try {
    await options.closeDatabase();
  } catch (err) {
    clean = false;
    app.log.error({ err }, 'closing the database failed');
  }
  return clean;
}
