// Instructions counted by valgrind's callgrind in a server started under it (bench/instructions.mjs): counters zeroed
// before a run of requests and dumped after it with callgrind_control, the dump's total read back.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { autocannon } from './lib.mjs';

export const WARM = Number(process.env.BENCH_WARM ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 4);
export const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4_000);
const IDLE_MS = 5_000;

export const load = (url, amount) => new Promise((resolve, reject) => autocannon({ url, connections: 8, amount }, (e, r) => (e ? reject(e) : resolve(r))));

/** The `wrap` of startServer/startBare (bench/lib.mjs) that runs a server under callgrind, its dumps in outDir. */
export function underCallgrind(outDir) {
  return ['valgrind', '--tool=callgrind', '--dump-line=no', `--log-file=${path.join(outDir, 'valgrind.log')}`, `--callgrind-out-file=${path.join(outDir, 'cg.out')}`];
}

const control = (pid, flag) => execFileSync('callgrind_control', [flag, String(pid)], { stdio: 'ignore' });

/** The instructions the process ran while `during` ran, from a zero of its counters to a dump of them. */
async function instructionsOf(pid, outDir, during) {
  const before = new Set(readdirSync(outDir));
  control(pid, '-z');
  const result = await during();
  control(pid, '-d');
  const files = readdirSync(outDir).filter((f) => f.startsWith('cg.out.') && !before.has(f));
  if (files.length !== 1) throw new Error(`expected one new dump in ${outDir}, found ${files.length}`);
  const text = readFileSync(path.join(outDir, files[0]), 'utf8');
  return { total: Number((/^totals: (\d+)/m.exec(text) ?? /^summary: (\d+)/m.exec(text))[1]), result };
}

const timed = async (fn) => {
  const started = performance.now();
  const value = await fn();
  return { value, seconds: (performance.now() - started) / 1000 };
};

export const thousands = (x) => `${(x / 1000).toFixed(1)}k`;

/**
 * The instructions the process runs per second with no request: the app's own loops (the blog version's read every
 * second, the mail outbox, expiry…). Under valgrind a run of requests lasts some 50 times longer than it would, so
 * that work would be counted against the requests 50 times over; it is measured and taken off.
 */
export async function idlePerSecond(pid, outDir) {
  const { total, result } = await instructionsOf(pid, outDir, () => timed(() => new Promise((r) => setTimeout(r, IDLE_MS))));
  return total / result.seconds;
}

/**
 * Instructions per request of one address: BENCH_WARM requests first (unless `warm` is false: the JIT has compiled
 * what it will), then BENCH_RUNS runs of BENCH_REQUESTS, each less `idle` instructions a second for its length.
 * Prints and returns the lowest run.
 */
export async function countPerRequest(name, pid, outDir, url, { idle = 0, warm = true } = {}) {
  if (warm) await load(url, WARM);
  const perRequest = [];
  for (let i = 0; i < RUNS; i++) {
    const { total, result } = await instructionsOf(pid, outDir, () => timed(() => load(url, REQUESTS)));
    const res = result.value;
    if (res.non2xx || res.errors) throw new Error(`${name}: ${res.non2xx} non-2xx, ${res.errors} errors`);
    perRequest.push((total - idle * result.seconds) / res.requests.total);
  }
  const low = Math.min(...perRequest);
  console.log(`${name.padEnd(64)} ${thousands(low).padStart(8)} instructions/request  (runs: ${perRequest.map(thousands).join(' ')})`);
  return low;
}
