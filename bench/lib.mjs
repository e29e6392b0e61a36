import { randomBytes } from 'node:crypto';
// Shared helpers of the benchmark scripts: build once, start the server as `npm start` does, measure, stop.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannonRun from 'autocannon';
import PipelinedRequestsQueue from 'autocannon/lib/pipelinedRequestsQueue.js';
import { createThrowawayDatabase } from '../scripts/throwaway-database.mjs';

/**
 * autocannon, the load generator of every script here, without reading the answers' bodies. autocannon 9 decodes
 * every body into a string as it arrives (PipelinedRequestsQueue#addBody: `req.body += data`), for checks no script
 * here uses (expectBody, a request's onResponse). The load generator shares this machine's two cores with the server:
 * on a compressed page that decoding, of binary brotli bytes, was 75 % of its CPU (a profile of autocannon on `/`),
 * so the page rows measured the client. Bytes are still counted (addByteCount).
 * BENCH_READ_BODIES=1 measures as before (autocannon decoding every body), to compare.
 */
if (typeof PipelinedRequestsQueue.prototype.addBody !== 'function') throw new Error('autocannon changed: see bench/lib.mjs');
if (!process.env.BENCH_READ_BODIES) PipelinedRequestsQueue.prototype.addBody = () => {};
export const autocannon = autocannonRun;

/**
 * BENCH_PIN=1 runs the servers on CPU 0 and this process, the load generator, on CPU 1 (Linux, taskset), so that on
 * a two-core machine the two no longer take turns on the same core: an attempt at figures that repeat.
 */
const PIN = Boolean(process.env.BENCH_PIN);
if (PIN) execFileSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });

/**
 * Starts a Node server process (pinned to CPU 0 with BENCH_PIN; taskset execs, so the pid is the server's). `wrap` runs
 * it under another program that keeps the pid, e.g. valgrind (bench/instructions.mjs).
 */
export function spawnNode(args, options, wrap = []) {
  const command = [...(PIN ? ['taskset', '-c', '0'] : []), ...wrap, process.execPath, ...args];
  return spawn(command[0], command.slice(1), options);
}

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BUILD_DIR = process.env.BUILD_DIR || 'dist-bench';
export const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function build() {
  const res = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, BUILD_DIR } });
  if (res.status !== 0) throw new Error('build failed');
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts bare Fastify (bench/bare-fastify.mjs, or another `script` that takes its port the same way), the reference of
 * the API figures, and waits for its first answer.
 */
export async function startBare(port, { nodeArgs = [], wrap = [], script = 'bench/bare-fastify.mjs', env = {} } = {}) {
  const child = spawnNode([...nodeArgs, path.join(ROOT, script), String(port)], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } }, wrap);
  const url = `http://127.0.0.1:${port}/`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`bare Fastify exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  return { url, pid: child.pid, stop: () => new Promise((r) => (child.kill('SIGTERM'), child.once('exit', r))) };
}

/** A licence key set made by the build's own CLI (dist/server/licence-key.js), for a production start on PostgreSQL. */
export function licenceKeys(buildDir = BUILD_DIR) {
  const res = spawnSync(process.execPath, [path.resolve(ROOT, buildDir, 'server/licence-key.js'), 'bench'], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`licence-key failed: ${res.stderr}`);
  return res.stdout.trim();
}

/** Starts the built server (PGlite in a fresh directory, or a fresh PostgreSQL database) and waits for its first answer. */
export async function startServer({ port = 3400, db = 'pglite', env = {}, admin = null, users = 0, reuse = null, buildDir = BUILD_DIR, nodeArgs = [], wrap = [] } = {}) {
  const extra = { ...env };
  let dropDb = async () => {};
  if (reuse) {
    // A restart on the data of an earlier start (migrations applied, content seeded): reuse is its `data`.
    Object.assign(extra, reuse.env);
    dropDb = reuse.drop;
  } else if (db === 'postgres') {
    const database = await createThrowawayDatabase(PG_URL, 'sb_bench');
    extra.DATABASE_URL = database.url;
    // A production start on PostgreSQL names its licence keys (decision 183).
    extra.LICENCE_SIGNING_KEYS ??= licenceKeys(buildDir);
    extra.TWO_FACTOR_KEY ??= randomBytes(32).toString('base64');
    dropDb = database.drop;
  } else {
    extra.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'stealth-bench-'));
  }
  if (admin) {
    // An account to sign in with, made before the server holds the database.
    const res = spawnSync(process.execPath, [path.resolve(ROOT, buildDir, 'server/admin-create.js'), admin.email, admin.password], {
      cwd: ROOT,
      stdio: 'ignore',
      env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...extra },
    });
    if (res.status !== 0) throw new Error('admin:create failed');
    if (users > 0) await cloneUsers(extra, admin.email, users);
  }
  const started = performance.now();
  const child = spawnNode(
    [...nodeArgs, path.resolve(ROOT, buildDir, 'server/main.js')],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      // The log level of `npm start` (info: one JSON line per request on stdout, which goes nowhere here), so the
      // cost of logging is part of every figure; BENCH_LOG_LEVEL changes it.
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
        PORT: String(port),
        CLIENT_DIST_DIR: path.resolve(ROOT, buildDir, 'client'),
        ...extra,
      },
    },
    wrap,
  );
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await sleep(50);
  }
  const startMs = performance.now() - started;
  return {
    url,
    pid: child.pid,
    startMs,
    databaseUrl: extra.DATABASE_URL,
    dataDir: extra.DATA_DIR,
    rssMb: () => rssMb(child.pid),
    /** What a later startServer({ reuse }) needs to start again on the same data. */
    data: { env: { DATABASE_URL: extra.DATABASE_URL, DATA_DIR: extra.DATA_DIR }, drop: dropDb },
    /** Stops the server; keepData leaves the database for a restart. */
    stop: async ({ keepData = false } = {}) => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      if (!keepData) await dropDb();
    },
  };
}

/** The addresses of the accounts cloneUsers makes (all with the admin's password, verified, role user, in their trial). */
export const benchUserEmail = (i) => `bench-user-${i}@example.com`;

/**
 * Makes n verified accounts with the admin's password hash, straight in the database before the server opens it
 * (PGlite allows one process). The login bench signs in with a different account on each connection, so it
 * measures argon2id and the session insert rather than the per-account limits (8 failures, one session a device).
 */
async function cloneUsers(extra, templateEmail, n) {
  // Verified today, so each has its one-day trial running, as a new customer's account has.
  const sql = `insert into users (email, password_hash, first_name, last_name, is_email_verified, email_verified_at, trial_expires)
    select 'bench-user-' || g || '@example.com', password_hash, 'Bench', 'User', true, now(), now() + interval '1 day'
    from users, generate_series(1, ${Number(n)}) g where email = '${templateEmail.replace(/'/g, "''")}'`;
  if (extra.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: extra.DATABASE_URL });
    await c.connect();
    await c.query(sql);
    await c.end();
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create({ dataDir: path.join(extra.DATA_DIR, 'pglite') });
    await db.query(sql);
    await db.close();
  }
}

/**
 * Latency of one request at a time on one kept-alive connection, timed with sub-millisecond precision
 * (autocannon's histogram has whole milliseconds, too coarse for a 1.3x ratio of 2 ms figures).
 */
export async function sequentialLatency(url, { headers = {}, requests = 1000, warmup = 100 } = {}) {
  const http = await import('node:http');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise((resolve, reject) => {
      const t0 = performance.now();
      const req = http.get(url, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - t0) : reject(new Error(`${url}: ${res.statusCode}`))));
      });
      req.on('error', reject);
    });
  for (let i = 0; i < warmup; i++) await once();
  const times = [];
  for (let i = 0; i < requests; i++) times.push(await once());
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (q) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 100) / 100;
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99) };
}

export function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return null;
  }
}

/** The machine is shared: the load average (1, 5, 15 min) when the measure started and when it ended goes beside every figure. */
const LOAD_AT_START = os.loadavg().map((x) => Math.round(x * 100) / 100);
export const loadNow = () => os.loadavg().map((x) => Math.round(x * 100) / 100);

export function machine() {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    date: new Date().toISOString(),
    loadAtStart: LOAD_AT_START,
    loadAtEnd: loadNow(),
  };
}

/** Writes bench/results/<name>.json (or bench/results/$BENCH_LABEL/<name>.json) and prints a table. */
export function record(name, rows, extra = {}) {
  // BENCH_LABEL=before keeps a set of figures apart (bench/results/before/) from the latest ones.
  const dir = path.join(ROOT, 'bench/results', process.env.BENCH_LABEL ?? '');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify({ machine: machine(), build: BUILD_DIR, ...extra, rows }, null, 2) + '\n');
  console.table(rows);
  console.log(`load average at start ${LOAD_AT_START.join(' ')}, at end ${loadNow().join(' ')} (${os.cpus().length} CPUs)`);
  console.log(`written ${path.relative(ROOT, file)}`);
}

/** Signs in (the account comes from startServer's admin option) and returns the access token. */
export async function loginToken(url, email, password) {
  const res = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, deviceType: 'desktop' }),
  });
  const body = await res.json();
  if (!body.success) throw new Error(`login failed: ${body.message}`);
  return body.data.token;
}
