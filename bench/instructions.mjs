// Instructions per answered request, counted by valgrind's callgrind: a figure that repeats on a noisy machine, where
// CPU time and req/s do not (a VM's neighbours change both by 25 % from one minute to the next).
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
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { countPerRequest, idlePerSecond, load, thousands, underCallgrind, WARM } from './callgrind.mjs';
import { startBare, startServer } from './lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4340);
const paths = (process.env.PATHS ?? '/api/v1/health/live').split(',');

const bareDir = mkdtempSync(path.join(os.tmpdir(), 'instr-bare-'));
const bare = await startBare(PORT, { wrap: underCallgrind(bareDir) });
await countPerRequest('bare Fastify /', bare.pid, bareDir, bare.url);
await countPerRequest('bare Fastify /least', bare.pid, bareDir, `${bare.url}least`);
await bare.stop();

const specs = process.argv.slice(2).length ? process.argv.slice(2) : [process.env.BUILD_DIR ?? 'dist'];
for (const [i, spec] of specs.entries()) {
  const [buildDir, level = 'info', ...envs] = spec.split(':');
  process.env.BENCH_LOG_LEVEL = level;
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'instr-app-'));
  const server = await startServer({ port: PORT + 1 + i, db: 'postgres', buildDir, env: Object.fromEntries(envs.map((e) => e.split('='))), wrap: underCallgrind(outDir) });
  // As in the API bench, the process has served the public pages before it is measured: BENCH_PAGES (`/,/blog`;
  // empty: none) to see what serving a page leaves on every later request.
  for (const page of (process.env.BENCH_PAGES ?? '/,/blog').split(',').filter(Boolean)) await load(`${server.url}${page}`, 200);
  // The first address is warmed up before the idle count, so that the JIT's compiling is not counted as idle work.
  await load(server.url + paths[0], WARM);
  const idle = await idlePerSecond(server.pid, outDir);
  console.log(`${`${spec} with no request`.padEnd(64)} ${thousands(idle).padStart(8)} instructions/second (taken off each run below)`);
  for (const [j, p] of paths.entries()) await countPerRequest(`${spec} ${p}`, server.pid, outDir, server.url + p, { idle, warm: j > 0 });
  await server.stop();
}
