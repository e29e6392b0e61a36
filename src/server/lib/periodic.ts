import type { FastifyInstance } from 'fastify';

/**
 * Runs `job` every `everyMs` in this instance, from ready (once at once) to close, never two runs at the same
 * time; close waits for a run in progress. A failed run is logged and the next one goes ahead. The jobs are safe
 * to run in every instance at once: each claims or deletes rows so that two instances never do the same work.
 */
export function startPeriodicJob(app: FastifyInstance, name: string, everyMs: number, job: () => Promise<Record<string, number> | null>): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = job()
      .then((done) => {
        if (done) app.log.info(done, name);
      })
      .catch((err: unknown) => app.log.error({ err }, `${name} failed`))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, everyMs);
    timer.unref();
    tick();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
