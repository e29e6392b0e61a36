// Instructions per answered request, counted by valgrind's callgrind: a figure that repeats on a noisy machine, where
// CPU time and req/s do not (a VM's neighbours change both by 25 % from one minute to the next: bench/README.md).
// It counts the server's own instructions in user space (its JavaScript, the JIT's code, V8, Node and libuv, the
// garbage collector), not the kernel's work in its system calls.
//
//   node bench/instructions.mjs [build-dir[:log-level[:ENV=value…]] …]   (default: BUILD_DIR or dist, at info)
//   PATHS=/api/v1/health/live,/api/v1/blog/posts?page=1 node bench/instructions.mjs dist dist-other
//
// Bare Fastify's `/` and `/least` (bench/bare-fastify.mjs) are counted first, then each build on PostgreSQL (a start
// under valgrind is about 50 times slower, and PGlite's start is long already). Every address is warmed up with
// BENCH_WARM (20 000) requests, so that the JIT has compiled what it will, then counted over BENCH_RUNS (4) runs of
// BENCH_REQUESTS (4 000) requests each at 8 connections: callgrind's counters are zeroed before a run and dumped
// after it (callgrind_control). The lowest run is given, and the spread of the runs beside it. What an app process
// runs with no request (its loops), per second, is counted first and taken off each run for the run's duration.
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { autocannon, startBare, startServer } from './lib.mjs';

const WARM = Number(process.env.BENCH_WARM ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 4);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4_000);
const PORT = Number(process.env.BENCH_PORT ?? 4340);
const IDLE_MS = 5_000;
const paths = (process.env.PATHS ?? '/api/v1/health/live').split(',');

const load = (url, amount) =>
  new Promise((resolve, reject) => autocannon({ url, connections: 8, amount }, (e, r) => (e ? reject(e) : resolve(r))));

function callgrind(outDir) {
  return ['valgrind', '--tool=callgrind', '--dump-line=no', `--log-file=${path.join(outDir, 'valgrind.log')}`, `--callgrind-out-file=${path.join(outDir, 'cg.out')}`];
}

/** The instructions the process ran between a zero and a dump of its counters. */
function totalsOf(outDir, before) {
  const files = readdirSync(outDir).filter((f) => f.startsWith('cg.out.') && !before.has(f));
  if (files.length !== 1) throw new Error(`expected one new dump in ${outDir}, found ${files.length}`);
  const text = readFileSync(path.join(outDir, files[0]), 'utf8');
  const totals = /^totals: (\d+)/m.exec(text) ?? /^summary: (\d+)/m.exec(text);
  before.add(files[0]);
  return Number(totals[1]);
}

const control = (pid, flag) => execFileSync('callgrind_control', [flag, String(pid)], { stdio: 'ignore' });

/**
 * The instructions the process runs per second with no request: the app's own loops (the blog version's read every
 * second, the mail outbox, expiry…). Under valgrind a run of requests lasts some 50 times longer than it would, so
 * that work would be counted against the requests 50 times over; it is measured and taken off.
 */
async function idlePerSecond(pid, outDir, seen) {
  control(pid, '-z');
  const started = performance.now();
  await new Promise((r) => setTimeout(r, IDLE_MS));
  control(pid, '-d');
  return totalsOf(outDir, seen) / ((performance.now() - started) / 1000);
}

const k = (x) => `${(x / 1000).toFixed(1)}k`;

async function count(name, pid, outDir, url, idle = 0) {
  await load(url, WARM);
  const seen = new Set(readdirSync(outDir));
  const perRequest = [];
  for (let i = 0; i < RUNS; i++) {
    control(pid, '-z');
    const started = performance.now();
    const res = await load(url, REQUESTS);
    if (res.non2xx || res.errors) throw new Error(`${name}: ${res.non2xx} non-2xx, ${res.errors} errors`);
    control(pid, '-d');
    const seconds = (performance.now() - started) / 1000;
    perRequest.push((totalsOf(outDir, seen) - idle * seconds) / res.requests.total);
  }
  const low = Math.min(...perRequest);
  console.log(`${name.padEnd(64)} ${k(low).padStart(8)} instructions/request  (runs: ${perRequest.map(k).join(' ')})`);
  return low;
}

const bareDir = mkdtempSync(path.join(os.tmpdir(), 'instr-bare-'));
const bare = await startBare(PORT, { wrap: callgrind(bareDir) });
await count('bare Fastify /', bare.pid, bareDir, bare.url);
await count('bare Fastify /least', bare.pid, bareDir, `${bare.url}least`);
await bare.stop();

const specs = process.argv.slice(2).length ? process.argv.slice(2) : [process.env.BUILD_DIR ?? 'dist'];
for (const [i, spec] of specs.entries()) {
  const [buildDir, level = 'info', ...envs] = spec.split(':');
  process.env.BENCH_LOG_LEVEL = level;
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'instr-app-'));
  const server = await startServer({ port: PORT + 1 + i, db: 'postgres', buildDir, env: Object.fromEntries(envs.map((e) => e.split('='))), wrap: callgrind(outDir) });
  // As in the API bench, the process has served the public pages before it is measured.
  for (const page of ['/', '/blog']) await load(`${server.url}${page}`, 200);
  await load(server.url + paths[0], WARM);
  const idle = await idlePerSecond(server.pid, outDir, new Set(readdirSync(outDir)));
  console.log(`${`${spec} with no request`.padEnd(64)} ${k(idle).padStart(8)} instructions/second (taken off each run below)`);
  for (const p of paths) await count(`${spec} ${p}`, server.pid, outDir, server.url + p, idle);
  await server.stop();
}
