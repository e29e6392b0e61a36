// Shared helpers of the benchmark scripts: build once, start the server as `npm start` does, measure, stop.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BUILD_DIR = process.env.BUILD_DIR || 'dist-bench';
export const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function build() {
  const res = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, BUILD_DIR } });
  if (res.status !== 0) throw new Error('build failed');
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Starts the built server (PGlite in a fresh directory, or a fresh PostgreSQL database) and waits for its first answer. */
export async function startServer({ port = 3400, db = 'pglite', env = {}, admin = null } = {}) {
  const extra = { ...env };
  let dropDb = async () => {};
  if (db === 'postgres') {
    const { default: pg } = await import('pg');
    const name = `sb_bench_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(PG_URL);
    u.pathname = `/${name}`;
    extra.DATABASE_URL = u.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    extra.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'stealth-bench-'));
  }
  if (admin) {
    // An account to sign in with, made before the server holds the database.
    const res = spawnSync(process.execPath, [path.join(ROOT, BUILD_DIR, 'server/cli/admin-create.js'), admin.email, admin.password], {
      cwd: ROOT,
      stdio: 'ignore',
      env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...extra },
    });
    if (res.status !== 0) throw new Error('admin:create failed');
  }
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, BUILD_DIR, 'server/main.js')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(port), CLIENT_DIST_DIR: path.join(ROOT, BUILD_DIR, 'client'), ...extra },
  });
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
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await dropDb();
    },
  };
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

export function machine() {
  return { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, date: new Date().toISOString() };
}

/** Writes bench/results/<name>.json and prints a table. */
export function record(name, rows, extra = {}) {
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  const file = path.join(ROOT, 'bench/results', `${name}.json`);
  writeFileSync(file, JSON.stringify({ machine: machine(), ...extra, rows }, null, 2) + '\n');
  console.table(rows);
  console.log(`written ${path.relative(ROOT, file)}`);
}

/** Signs in (the account comes from startServer's admin option) and returns the access token. */
export async function loginToken(url, email, password) {
  const res = await fetch(`${url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password, deviceType: 'desktop' }) });
  const body = await res.json();
  if (!body.success) throw new Error(`login failed: ${body.message}`);
  return body.data.token;
}
