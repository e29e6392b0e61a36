import type { FastifyBaseLogger } from 'fastify';

/**
 * A loop of this instance. Each job is safe to run in every instance at once: it claims or deletes rows so that
 * two instances never do the same work (FOR UPDATE SKIP LOCKED, leases), on PGlite and PostgreSQL alike.
 */
export type Job = {
  name: string;
  /** The wait from the end of one run to the start of the next. */
  everyMs: number;
  /** The wait before the first run after start (default 0: at once). */
  firstAfterMs?: number;
  /** One run. Counts it returns are logged under the job's name; null (nothing done) is not. */
  run: () => Promise<Record<string, number> | null>;
};

export type JobRunner = {
  /** Adds a loop; one added after start starts at once. */
  add: (job: Job) => void;
  /** Starts every loop: when the app is ready (app.ts). */
  start: () => void;
  /**
   * Stops every loop and resolves when the runs in progress have finished: when the instance starts to drain
   * (lib/shutdown.ts), and again when the app closes (the same promise). A stopped runner does not start again.
   */
  stop: () => Promise<void>;
  /**
   * Runs `work` once, in this instance, when `after` has settled (say, a request's answer has been sent: `answered` in
   * lib/http.ts); a failure is logged under `name`. Work a caller must not wait for (decision 101). stop() waits for it.
   */
  later: (name: string, work: () => Promise<unknown>, after?: Promise<unknown>) => void;
  /** Resolves once every work passed to `later` so far has finished (the tests' harness waits on it after each call). */
  settled: () => Promise<void>;
  readonly state: 'idle' | 'started' | 'stopped';
};

type Loop = { job: Job; timer: NodeJS.Timeout | null; running: Promise<void> | null };

/**
 * The one runner of the server's loops (decision 071): never two runs of a job at once, a failed run is logged and
 * the loop goes on to its next run, timers never keep the process alive.
 */
export function createJobRunner(log: Pick<FastifyBaseLogger, 'info' | 'error'>): JobRunner {
  const loops: Loop[] = [];
  const pending = new Set<Promise<void>>();
  let state: JobRunner['state'] = 'idle';
  let stopped: Promise<void> | null = null;
  const settled = async () => {
    while (pending.size) await Promise.all([...pending]);
  };

  const schedule = (loop: Loop, ms: number) => {
    loop.timer = setTimeout(() => tick(loop), ms);
    loop.timer.unref();
  };
  const tick = (loop: Loop) => {
    loop.timer = null;
    const { name, run } = loop.job;
    loop.running = Promise.resolve()
      .then(run)
      .then(
        (done) => {
          if (done) log.info(done, name);
        },
        (err: unknown) => log.error({ err, job: name }, `${name} failed`),
      )
      .finally(() => {
        loop.running = null;
        if (state === 'started') schedule(loop, loop.job.everyMs);
      });
  };
  const begin = (loop: Loop) => schedule(loop, loop.job.firstAfterMs ?? 0);

  return {
    add(job) {
      const loop: Loop = { job, timer: null, running: null };
      loops.push(loop);
      if (state === 'started') begin(loop);
    },
    start() {
      if (state !== 'idle') return;
      state = 'started';
      for (const loop of loops) begin(loop);
    },
    stop() {
      if (stopped) return stopped;
      state = 'stopped';
      for (const loop of loops) if (loop.timer) clearTimeout(loop.timer);
      stopped = Promise.all([...loops.map((loop) => loop.running), settled()]).then(() => undefined);
      return stopped;
    },
    later(name, work, after) {
      const run: Promise<void> = Promise.resolve(after)
        .catch(() => undefined)
        .then(work)
        .then(
          () => undefined,
          (err: unknown) => log.error({ err, job: name }, `${name} failed`),
        )
        .finally(() => pending.delete(run));
      pending.add(run);
    },
    settled,
    get state() {
      return state;
    },
  };
}

/**
 * One run of `run` at a time, and no request is answered by a run that began before it: a call while a run is going
 * waits for one more run that starts when that one ends (calls in the meantime share it). The simulator's webhook
 * delivery uses it, so "deliver now" never returns while an event it should have sent is still queued.
 */
export function oneRunAtATime(run: () => Promise<number>): { (): Promise<number>; idle: () => Promise<void> } {
  let running: Promise<number> | null = null;
  let next: Promise<number> | null = null;
  const call = (): Promise<number> => {
    if (!running) {
      running = run().finally(() => {
        running = null;
      });
      return running;
    }
    next ??= running
      .catch(() => 0)
      .then(() => {
        next = null;
        return call();
      });
    return next;
  };
  const idle = async () => {
    while (running || next) await (next ?? running)!.catch(() => undefined);
  };
  return Object.assign(call, { idle });
}
