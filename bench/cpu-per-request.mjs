// CPU time per answered request of the server process, in microseconds: the fixed per-request cost of the app
// against bare Fastify (bench/bare-fastify.mjs), measured in a way a busy machine disturbs little (the process's own
// CPU time from /proc over an autocannon run, divided by the answers; Linux only).
//
//   node bench/cpu-per-request.mjs [build-dir[:log-level[:ENV=value…]] …]   (default: BUILD_DIR or dist, at info)
//   PATHS=/api/v1/health/live,/api/v1/blog/posts?page=1 node bench/cpu-per-request.mjs dist dist:warn
//
// Each build starts on PGlite, warms up 2 s, then three runs of 4 s at 32 connections; bare Fastify before and after.
// Ports: BENCH_PORT (4320) for bare Fastify, the builds on the ports after it.
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { autocannon, ROOT, startBare, startServer } from './lib.mjs';

const TICKS_PER_SECOND = Number(execSync('getconf CLK_TCK').toString().trim());
const cpuSeconds = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
};
const run = (url, headers, duration) => new Promise((resolve, reject) => autocannon({ url, connections: 32, duration, headers }, (e, r) => (e ? reject(e) : resolve(r))));

async function measure(name, pid, url, headers = {}) {
  await run(url, headers, 2);
  const us = [];
  for (let i = 0; i < 3; i++) {
    const before = cpuSeconds(pid);
    const res = await run(url, headers, 4);
    us.push(((cpuSeconds(pid) - before) * 1e6) / res.requests.total);
  }
  us.sort((a, b) => a - b);
  console.log(`${name}\t${us.map((x) => x.toFixed(0)).join(' ')} µs/request (median ${us[1].toFixed(0)})`);
}

const PORT = Number(process.env.BENCH_PORT ?? 4320);
const bare = await startBare(PORT);
await measure('bare Fastify', bare.pid, bare.url);
// The ceiling of an app route: bare Fastify with the least every answer of the app keeps (bare-fastify.mjs /least).
await measure('bare Fastify /least', bare.pid, `${bare.url}least`);
const specs = process.argv.slice(2).length ? process.argv.slice(2) : [process.env.BUILD_DIR ?? 'dist'];
const paths = (process.env.PATHS ?? '/api/v1/health/live').split(',');
for (const [i, spec] of specs.entries()) {
  const [buildDir, level = 'info', ...envs] = spec.split(':');
  process.env.BENCH_LOG_LEVEL = level;
  const server = await startServer({ port: PORT + 1 + i, buildDir, env: Object.fromEntries(envs.map((e) => e.split('='))) });
  const pid = Number(
    execSync(`pgrep -f "${path.resolve(ROOT, buildDir)}/server/main.js" | head -1`)
      .toString()
      .trim(),
  );
  for (const p of paths) await measure(`${spec} ${p}`, pid, server.url + p);
  await server.stop();
}
await measure('bare Fastify', bare.pid, bare.url);
await bare.stop();
