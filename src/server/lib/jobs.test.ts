import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createJobRunner, oneRunAtATime } from './jobs';

/** A logger that keeps what it is told. */
function recorder() {
  const lines: { level: 'info' | 'error'; obj: Record<string, unknown>; msg: string }[] = [];
  return {
    lines,
    log: {
      info: (obj: Record<string, unknown>, msg: string) => void lines.push({ level: 'info', obj, msg }),
      error: (obj: Record<string, unknown>, msg: string) => void lines.push({ level: 'error', obj, msg }),
    } as never,
  };
}

describe('the job runner', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('later: runs a work once after what it waits for, logs its failure, and settled/stop wait for it', async () => {
    const { log, lines } = recorder();
    const runner = createJobRunner(log);
    let answer!: () => void;
    const sent = new Promise<void>((resolve) => (answer = resolve));
    const done: string[] = [];
    runner.later('mail', async () => void done.push('mail'), sent);
    runner.later('broken', async () => {
      throw new Error('smtp down');
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toEqual([]);
    let settled = false;
    void runner.settled().then(() => (settled = true));
    answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toEqual(['mail']);
    expect(settled).toBe(true);
    expect(lines).toMatchObject([{ level: 'error', obj: { job: 'broken' }, msg: 'broken failed' }]);
    runner.later('last', async () => void done.push('last'));
    await runner.stop();
    expect(done).toEqual(['mail', 'last']);
  });

  it('runs nothing until started, then at once and every interval after the previous run', async () => {
    const { log } = recorder();
    const runner = createJobRunner(log);
    const run = vi.fn(async () => null);
    runner.add({ name: 'tick', everyMs: 1000, run });
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).not.toHaveBeenCalled();
    expect(runner.state).toBe('idle');

    runner.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3000);
    expect(run).toHaveBeenCalledTimes(5);
    await runner.stop();
  });

  it('waits firstAfterMs before the first run', async () => {
    const runner = createJobRunner(recorder().log);
    const run = vi.fn(async () => null);
    runner.add({ name: 'late', everyMs: 1000, firstAfterMs: 500, run });
    runner.start();
    await vi.advanceTimersByTimeAsync(499);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    await runner.stop();
  });

  it('never runs a job twice at once: the next run waits for the slow one to end', async () => {
    const runner = createJobRunner(recorder().log);
    let finish!: () => void;
    let active = 0;
    let most = 0;
    const run = vi.fn(async () => {
      active++;
      most = Math.max(most, active);
      await new Promise<void>((r) => (finish = r));
      active--;
      return null;
    });
    runner.add({ name: 'slow', everyMs: 100, run });
    runner.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(100);
    expect(run).toHaveBeenCalledTimes(2);
    expect(most).toBe(1);
    finish();
    await runner.stop();
  });

  it('logs a failed run with the job name and tries again at the next tick', async () => {
    const { lines, log } = recorder();
    const runner = createJobRunner(log);
    const run = vi
      .fn<() => Promise<Record<string, number> | null>>()
      .mockRejectedValueOnce(new Error('database unreachable'))
      .mockResolvedValueOnce({ expired: 3 })
      .mockResolvedValue(null);
    runner.add({ name: 'subscriptions expired', everyMs: 60_000, run });
    runner.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(lines).toEqual([{ level: 'error', obj: { err: new Error('database unreachable'), job: 'subscriptions expired' }, msg: 'subscriptions expired failed' }]);

    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(2);
    // What a run did is logged; a run that did nothing is not.
    expect(lines[1]).toEqual({ level: 'info', obj: { expired: 3 }, msg: 'subscriptions expired' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(3);
    expect(lines).toHaveLength(2);
    await runner.stop();
  });

  it('a job that throws before its first await is logged too, and the loop goes on', async () => {
    const { lines, log } = recorder();
    const runner = createJobRunner(log);
    const run = vi.fn((): Promise<null> => {
      throw new Error('synchronous');
    });
    runner.add({ name: 'broken', everyMs: 10, run });
    runner.start();
    await vi.advanceTimersByTimeAsync(25);
    expect(run).toHaveBeenCalledTimes(3);
    expect(lines.map((l) => l.msg)).toEqual(['broken failed', 'broken failed', 'broken failed']);
    await runner.stop();
  });

  it('stop ends every loop, waits for the run in progress, and is the same promise when called again', async () => {
    const runner = createJobRunner(recorder().log);
    let finish!: () => void;
    const slow = vi.fn(() => new Promise<null>((r) => (finish = () => r(null))));
    const quick = vi.fn(async () => null);
    runner.add({ name: 'slow', everyMs: 100, run: slow });
    runner.add({ name: 'quick', everyMs: 100, run: quick });
    runner.start();
    await vi.advanceTimersByTimeAsync(0);

    let done = false;
    const stopping = runner.stop().then(() => (done = true));
    expect(runner.state).toBe('stopped');
    expect(runner.stop()).toBe(runner.stop());
    await vi.advanceTimersByTimeAsync(1000);
    expect(done).toBe(false);
    finish();
    await stopping;
    expect(done).toBe(true);
    // Nothing runs after stop, and a stopped runner does not start again.
    runner.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(slow).toHaveBeenCalledTimes(1);
    expect(quick).toHaveBeenCalledTimes(1);
  });

  it('a job added after start starts at once', async () => {
    const runner = createJobRunner(recorder().log);
    runner.start();
    const run = vi.fn(async () => null);
    runner.add({ name: 'later', everyMs: 1000, run });
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    await runner.stop();
  });
});

describe('oneRunAtATime', () => {
  it('a call during a run is answered by a fresh run that starts after it; calls meanwhile share that run', async () => {
    const queue: string[] = ['a'];
    const seen: string[][] = [];
    let release!: () => void;
    let gate = new Promise<void>((r) => (release = r));
    const deliver = oneRunAtATime(async () => {
      const taken = queue.splice(0); // what this run claims when it starts
      await gate;
      seen.push(taken);
      return taken.length;
    });

    const first = deliver();
    queue.push('b'); // queued after the first run claimed its rows
    const second = deliver();
    const third = deliver();
    expect(third).toBe(second);
    release();
    gate = Promise.resolve();
    expect(await first).toBe(1);
    expect(await second).toBe(1);
    expect(seen).toEqual([['a'], ['b']]);
    await deliver.idle();
    expect(await deliver()).toBe(0);
  });

  it('a failed run does not stop the next one, and idle waits for both', async () => {
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const run = oneRunAtATime(async () => {
      calls += 1;
      if (calls === 1) {
        await gate;
        throw new Error('network');
      }
      return 7;
    });
    const first = run();
    const second = run();
    const idle = run.idle();
    release();
    await expect(first).rejects.toThrow('network');
    expect(await second).toBe(7);
    await idle;
    expect(calls).toBe(2);
  });
});
