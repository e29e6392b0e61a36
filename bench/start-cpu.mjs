// Restarts of one build on the same data, each timed to the first 200 of /api/v1/health (polled every 5 ms): wall
// time, the process's CPU time by then (from /proc, Linux only) and its resident memory 1.5 s later. Interleave two
// builds by calling it in turn; the machine is shared, so compare medians of several.
//
//   BENCH_DATABASE_URL=postgres://…/db node bench/start-cpu.mjs <build-dir> pg [restarts]
//   BENCH_DATA_DIR=/tmp/… node bench/start-cpu.mjs <build-dir> pglite [restarts]   (a directory a first start made)
//   NODE_ARGS=--enable-source-maps …   (as `npm start` runs the server)
import { spawn, execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, rssMb } from './lib.mjs';

const TICKS = Number(execSync('getconf CLK_TCK').toString().trim());
const cpuMs = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(f[11]) + Number(f[12])) / TICKS) * 1000;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const [buildDir, db, n = '5'] = process.argv.slice(2);
const port = process.env.BENCH_PORT ?? '3402';
const env = { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', PORT: port, CLIENT_DIST_DIR: path.resolve(ROOT, buildDir, 'client') };
if (db === 'pg') env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
else env.DATA_DIR = process.env.BENCH_DATA_DIR;
for (let i = 0; i < Number(n); i++) {
  const t0 = performance.now();
  const args = [...(process.env.NODE_ARGS ? process.env.NODE_ARGS.split(' ') : []), path.resolve(ROOT, buildDir, 'server/main.js')];
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await sleep(5);
  }
  const wall = performance.now() - t0;
  const cpu = cpuMs(child.pid);
  await sleep(1500);
  console.log(`${buildDir} ${db} wall ${wall.toFixed(0)} ms cpu ${cpu.toFixed(0)} ms rss-idle ${rssMb(child.pid)} MB load ${os.loadavg()[0].toFixed(2)}`);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}
