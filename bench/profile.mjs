// Where the time of one route goes, in the state the bench measures it in: a CPU profile of the built server while
// it answers one address under load, after it has served the public pages (as in bench/api-load.mjs's rounds), and
// the same for bare Fastify's `/least` (bench/bare-fastify.mjs), the ceiling. Prints the self time of the heaviest
// functions of each, as a share of the samples taken while that address was under load.
//
//   BUILD_DIR=dist node bench/profile.mjs [path] [seconds]     (default /api/v1/health/live, 8 s; PGlite)
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { autocannon, startBare, startServer } from './lib.mjs';

const target = process.argv[2] ?? '/api/v1/health/live';
const seconds = Number(process.argv[3] ?? 8);
const TOP = Number(process.env.TOP ?? 30);
const now = () => Number(process.hrtime.bigint() / 1000n);
const load = (url, duration, headers = {}) => new Promise((resolve, reject) => autocannon({ url, connections: 64, duration, headers }, (e, r) => (e ? reject(e) : resolve(r))));

/** Self time by function over the samples taken in [from, to] (µs of the monotonic clock, as the profile's). */
function summary(dir, label, { requests, from, to }) {
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  let t = profile.startTime;
  const self = new Map();
  let total = 0;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i];
    if (t < from || t > to) return;
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    if (functionName === '(idle)') return;
    const key = `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(dist[^/]*\/)/, '$1')}:${lineNumber + 1}` : ''}`;
    self.set(key, (self.get(key) ?? 0) + 1);
    total++;
  });
  const interval = (profile.endTime - profile.startTime) / profile.samples.length;
  console.log(`\n${label}: ${requests} answers in ${seconds} s, ${total} busy samples, ${((total * interval) / requests).toFixed(1)} µs busy per answer`);
  for (const [key, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${((100 * n) / total).toFixed(1).padStart(5)} %  ${key}`);
}

const profileOptions = (dir) => ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=100'];

const bareDir = mkdtempSync(path.join(os.tmpdir(), 'prof-bare-'));
const bare = await startBare(Number(process.env.BENCH_PORT ?? 4330), { nodeArgs: profileOptions(bareDir) });
const appDir = mkdtempSync(path.join(os.tmpdir(), 'prof-app-'));
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 4330) + 1, nodeArgs: profileOptions(appDir) });

// The ceiling as the bench meets it: bare Fastify has answered `/` first.
await load(bare.url, 2);
const leastFrom = now();
const least = { requests: (await load(`${bare.url}least`, seconds)).requests.total, from: leastFrom, to: now() };
await bare.stop();
// The app as the bench meets it: it has served the public pages, compressed, before the API rows.
const br = { 'accept-encoding': 'br, gzip' };
for (const page of ['/', '/blog']) await load(`${server.url}${page}`, 2, br);
await load(`${server.url}${target}`, 2);
const measuredFrom = now();
const measured = { requests: (await load(`${server.url}${target}`, seconds)).requests.total, from: measuredFrom, to: now() };
await server.stop();

summary(bareDir, 'bare Fastify /least', least);
summary(appDir, `app ${target}`, measured);
