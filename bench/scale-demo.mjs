// npm run scale:demo: three identical app processes behind Debian's nginx, on one PostgreSQL database, one Redis,
// one S3-compatible bucket (when the S3 test server is installed) and one SMTP server. Drives the mixed workload
// with one, two and three instances, then kills one instance under load, and checks that every acknowledged write
// is in the database and every mail was sent once. Writes bench/results/scale-throughput.json and scale-fault.json.
//
// Needs PostgreSQL on 127.0.0.1:5432 (BENCH_DATABASE_URL to change it) and Redis on 127.0.0.1:6379 (BENCH_REDIS_URL).
// Knobs: SCALE_SECONDS (20 per step), SCALE_WARMUP_SECONDS (3), SCALE_CONCURRENCY (32 clients),
// SCALE_MAX_REQUESTS (50000 per step), --no-build.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Socket } from 'node:net';

process.env.BUILD_DIR ||= 'dist-scale';
const { ROOT, BUILD_DIR, PG_URL, build, licenceKeys, record } = await import('./lib.mjs');
const { ensureNginx, startNginx } = await import('./scale/nginx.mjs');
const { startS3Sink, startSmtpSink } = await import('./scale/sinks.mjs');
const { runWorkload, summarise, MIX } = await import('./scale/workload.mjs');
const { createLoadUsers } = await import('./scale/users.mjs');
const { cpuDelta, cpuSnapshot, standardGroups } = await import('./scale/cpu.mjs');
const { default: pg } = await import('pg');

const SECONDS = Number(process.env.SCALE_SECONDS ?? 20);
const WARMUP = Number(process.env.SCALE_WARMUP_SECONDS ?? 3);
const CONCURRENCY = Number(process.env.SCALE_CONCURRENCY ?? 32);
const MAX_REQUESTS = Number(process.env.SCALE_MAX_REQUESTS ?? 50_000);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LB_PORT = 3420;
const APP_PORTS = [3421, 3422, 3423];
const POOL_SIZE = 10;
const USER_PASSWORD = 'Scale!Demo-Passw0rd';
const ADMIN = { email: 'scale-admin@example.com', password: 'Scale!Admin-Passw0rd', ip: '10.250.0.1' };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const cleanups = [];
const children = new Set();
// Whatever happens, our own children (by pid) do not outlive the demo.
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void cleanup().finally(() => process.exit(130)));
process.on('uncaughtException', (err) => {
  console.error(err);
  void cleanup().finally(() => process.exit(1));
});

async function cleanup() {
  while (cleanups.length)
    await cleanups
      .pop()()
      .catch((err) => console.error('cleanup:', err.message));
}

function tcpAnswers(url, fallbackPort) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const s = new Socket();
    s.setTimeout(1000);
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
    s.once('timeout', () => (s.destroy(), resolve(false)));
    s.connect(Number(port || fallbackPort), hostname);
  });
}

async function createDatabase() {
  const name = `sb_scale_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const [{ max_connections: max }] = (await admin.query('show max_connections')).rows;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  cleanups.push(async () => {
    if (process.env.SCALE_KEEP_DB) return console.log(`kept database ${name}`);
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  return { url: url.toString(), maxConnections: Number(max) };
}

/** One app process as `npm start` runs it in production; its log goes to a file beside the others. */
function startApp(port, env, logDir) {
  const logFile = path.join(logDir, `app-${port}.log`);
  const out = createWriteStream(logFile);
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(ROOT, BUILD_DIR, 'server/main.js')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', CLIENT_DIST_DIR: path.join(ROOT, BUILD_DIR, 'client'), ...env },
  });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  children.add(child);
  const url = `http://127.0.0.1:${port}`;
  const ready = (async () => {
    for (;;) {
      try {
        if ((await fetch(`${url}/api/v1/health`)).ok) return;
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) throw new Error(`instance on ${port} exited with ${child.exitCode}:\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
      await sleep(50);
    }
  })();
  return {
    port,
    url,
    child,
    ready,
    kill: (signal) => child.kill(signal),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** One account per virtual client; half of them pay, so their billing page has a subscription to show. */
async function createUsers(databaseUrl, count) {
  let plan;
  return createLoadUsers(databaseUrl, {
    count,
    prefix: 'scale-user',
    firstName: 'Scale',
    password: USER_PASSWORD,
    extra: async (c, userId, i) => {
      // The others see none (a 404 the page expects).
      if (i % 2 !== 0) return;
      plan ??= (await c.query(`select id, code, name, amount_paise, interval from plans where code = 'stealth_month'`)).rows[0];
      await c.query(
        `insert into subscriptions (user_id, plan_id, plan_code, plan_name, kind, status, current_start, current_end, amount_paise, interval)
         values ($1, $2, $3, $4, 'subscription', 'active', now(), now() + interval '30 days', $5, $6)`,
        [userId, plan.id, plan.code, plan.name, plan.amount_paise, plan.interval],
      );
      await c.query(`update users set subscription_plan = $2, subscription_status = 'active' where id = $1`, [userId, plan.code]);
    },
  });
}

/** Every acknowledged write of the run, looked up in the database; and each mail received once. */
async function verify(databaseUrl, acked, smtp) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const count = async (sql, ids) => Number((await c.query(sql, [ids])).rows[0].n);
  const contactIds = acked.contacts.map((x) => x.id);
  const postIds = acked.posts.map((x) => x.id);
  const found = {
    contacts: await count(`select count(*) as n from contact_messages where id = any($1::uuid[])`, contactIds),
    posts: await count(`select count(*) as n from blog_posts where id = any($1::uuid[]) and status = 'published'`, postIds),
    sessions: await count(`select count(*) as n from sessions where id = any($1::uuid[])`, [...new Set(acked.sessions)]),
  };
  // Mail: wait for the senders of the surviving instances to empty the outbox (a dead instance's lease expires).
  let pending = 0;
  for (let i = 0; i < 300; i++) {
    pending = Number((await c.query(`select count(*) as n from outbox where status = 'pending'`)).rows[0].n);
    if (pending === 0) break;
    await sleep(500);
  }
  const sentRows = Number((await c.query(`select count(*) as n from outbox where status = 'sent'`)).rows[0].n);
  await c.end();
  const received = new Map();
  for (const s of smtp.subjects) received.set(s, (received.get(s) ?? 0) + 1);
  const duplicates = [...received.values()].filter((n) => n > 1).length;
  const contactMailsReceived = acked.contacts.filter((x) => [...received.keys()].some((s) => s.includes(x.subject))).length;
  return {
    acknowledged: { contacts: contactIds.length, posts: postIds.length, sessions: new Set(acked.sessions).size, uploads: acked.uploads.length },
    foundInDatabase: found,
    lost: contactIds.length - found.contacts + (postIds.length - found.posts) + (new Set(acked.sessions).size - found.sessions),
    mail: { outboxSent: sentRows, outboxPending: pending, smtpReceived: smtp.subjects.length, duplicates, contactMailsReceived },
  };
}

// ---------------------------------------------------------------------------------------------------------------

ensureNginx();
if (!process.argv.includes('--no-build')) build();
if (!(await tcpAnswers(PG_URL, 5432))) throw new Error(`PostgreSQL does not answer at ${new URL(PG_URL).host} (BENCH_DATABASE_URL)`);
if (!(await tcpAnswers(REDIS_URL, 6379))) throw new Error(`Redis does not answer at ${new URL(REDIS_URL).host} (BENCH_REDIS_URL)`);

const logDir = mkdtempSync(path.join(os.tmpdir(), 'stealth-scale-logs-'));
try {
  const database = await createDatabase();
  const smtp = await startSmtpSink();
  cleanups.push(smtp.stop);
  const s3 = await startS3Sink('stealth-scale');
  if (s3) cleanups.push(s3.stop);
  else console.log('The S3 test server (@20minutes/s3rver) is not installed: uploads are left out of the workload.');

  const env = {
    DATABASE_URL: database.url,
    // Every instance signs leases with the same keys (decision 183).
    LICENCE_SIGNING_KEYS: licenceKeys(),
    TWO_FACTOR_KEY: Buffer.alloc(32, 9).toString('base64'),
    DATABASE_POOL_SIZE: String(POOL_SIZE),
    REDIS_URL,
    SMTP_URL: smtp.url,
    TRUST_PROXY: 'loopback',
    PUBLIC_URL: `http://127.0.0.1:${LB_PORT}`,
    // More than nginx's upstream keepalive_timeout (3 s, bench/scale/nginx.mjs): see docs/operations.md §6.
    SHUTDOWN_DRAIN_SECONDS: '5',
    ...(s3?.env ?? {}),
  };
  console.log(`PostgreSQL max_connections ${database.maxConnections}; ${APP_PORTS.length} instances × pool ${POOL_SIZE} = ${APP_PORTS.length * POOL_SIZE} connections at most.`);
  // All three start at once on the fresh database: the migrations run once, under the advisory lock.
  const apps = APP_PORTS.map((port) => startApp(port, env, logDir));
  cleanups.push(async () => {
    for (const app of apps) await app.stop();
  });
  await Promise.all(apps.map((a) => a.ready));
  const migrations = await (async () => {
    const c = new pg.Client({ connectionString: database.url });
    await c.connect();
    const { rows } = await c.query('select name, count(*)::int as n from schema_migrations group by name order by name');
    await c.end();
    return rows;
  })();
  console.log(`3 instances up; migrations applied once each: ${migrations.every((r) => r.n === 1) ? 'yes' : 'NO'} (${migrations.length} files)`);

  const made = spawnSync(process.execPath, [path.join(ROOT, BUILD_DIR, 'server/admin-create.js'), ADMIN.email, ADMIN.password], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
  });
  if (made.status !== 0) throw new Error(`admin:create failed: ${made.stderr}`);
  const users = await createUsers(database.url, CONCURRENCY);
  const adminLogin = await (
    await fetch(`${apps[0].url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ADMIN.ip },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password, deviceType: 'web' }),
    })
  ).json();
  if (!adminLogin.success) throw new Error(`admin login failed: ${adminLogin.message}`);
  const admin = { ...ADMIN, token: adminLogin.data.token };

  const acked = { contacts: [], posts: [], sessions: [], uploads: [] };
  const keep = (run) => {
    for (const k of Object.keys(acked)) acked[k].push(...run.acked[k]);
  };
  const load = (base, seconds, events) => runWorkload({ base, seconds, maxRequests: MAX_REQUESTS, concurrency: CONCURRENCY, users, admin, withImages: Boolean(s3), events });

  // --- one, two and three instances ---
  const rows = [];
  const cpu = [];
  for (const n of [1, 2, 3]) {
    const lb = await startNginx({ port: LB_PORT, upstreams: apps.slice(0, n).map((a) => `127.0.0.1:${a.port}`) });
    children.add(lb.child);
    try {
      if (WARMUP) keep(await load(lb.url, WARMUP));
      const groups = standardGroups({ appPids: () => apps.map((a) => a.child.pid), nginxPid: () => lb.pid });
      const before = cpuSnapshot(groups);
      const run = await load(lb.url, SECONDS);
      const used = cpuDelta(before, cpuSnapshot(groups));
      keep(run);
      const s = summarise(run);
      rows.push({
        instances: n,
        ...s,
        spread: Object.values(s.spread).join('/'),
        stoppedBy: run.stoppedBy,
        machineBusyPct: used.machineBusyPct,
        appCores: used.cores.apps,
        reqPerAppCore: used.cores.apps ? Math.round(s.reqPerSec / used.cores.apps) : null,
      });
      cpu.push({ instances: n, ...used });
      console.log(`${n} instance(s): ${s.reqPerSec} req/s, p50 ${s.p50ms} ms, p99 ${s.p99ms} ms, ${s.errors} errors; CPU ${JSON.stringify(used)}`);
    } finally {
      await lb.stop();
    }
  }
  const base = rows[0].reqPerSec;
  for (const r of rows) r.speedup = Math.round((r.reqPerSec / base) * 100) / 100;

  // --- under load: one instance drained (SIGTERM), then another killed (SIGKILL) ---
  const lb = await startNginx({ port: LB_PORT, upstreams: apps.map((a) => `127.0.0.1:${a.port}`) });
  children.add(lb.child);
  let killedAt = null;
  // The signal is sent at killedAt; the process is gone when its exit is seen (tens of ms on a busy machine).
  let exitedAt = null;
  let drainedAt = null;
  const drained = apps[1];
  const victim = apps[2];
  const drainAt = Math.max(1, Math.round(SECONDS * 0.25));
  const killAt = Math.max(2, Math.round(SECONDS * 0.5));
  let fault;
  try {
    fault = await load(lb.url, SECONDS, [
      { atSeconds: drainAt, run: (now) => ((drainedAt = now), drained.kill('SIGTERM')) },
      {
        atSeconds: killAt,
        run: (now) => {
          killedAt = now;
          victim.child.once('exit', () => (exitedAt = performance.now()));
          victim.kill('SIGKILL');
        },
      },
    ]);
    keep(fault);
  } finally {
    await lb.stop();
  }
  if (drained.child.exitCode === null) await Promise.race([new Promise((r) => drained.child.once('exit', r)), sleep(20_000)]);
  const victimAddr = `127.0.0.1:${victim.port}`;
  const failed = fault.log.filter((r) => !r.expected);
  // In flight on the killed instance: passed to it before it was gone, and answered after the kill.
  const goneAt = exitedAt ?? killedAt;
  const inFlight = failed.filter((r) => killedAt !== null && r.started <= goneAt && r.ended >= killedAt && (r.upstream.includes(victimAddr) || r.status === 0));
  const beyond = failed.filter((r) => !inFlight.includes(r));
  const afterKill = fault.log.filter((r) => killedAt !== null && r.started > killedAt);
  const faultSummary = summarise(fault);

  const check = await verify(database.url, acked, smtp);
  const faultRow = {
    instances: '3 → 1',
    drainedAfterSeconds: drainAt,
    killedAfterSeconds: killAt,
    msFromSignalToExit: exitedAt && killedAt ? Math.round(exitedAt - killedAt) : null,
    resentAfterClosedKeepAlive: fault.log.filter((r) => r.resent).length,
    msFromDrainToMarkedDown: (() => {
      const change = lb.healthChanges().find((c) => c.upstream === `127.0.0.1:${drained.port}` && !c.ready && c.at >= drainedAt);
      return change ? Math.round(change.at - drainedAt) : null;
    })(),
    drainedExitCode: drained.child.exitCode,
    requests: faultSummary.requests,
    reqPerSec: faultSummary.reqPerSec,
    p99ms: faultSummary.p99ms,
    failed: failed.length,
    failedInFlightOnKilled: inFlight.length,
    failedBeyondInFlight: beyond.length,
    servedAfterKillByKilled: afterKill.filter((r) => r.status >= 200 && r.status < 300 && r.upstream.split(',').pop().trim() === victimAddr).length,
  };
  const config = {
    seconds: SECONDS,
    warmupSeconds: WARMUP,
    concurrency: CONCURRENCY,
    maxRequestsPerStep: MAX_REQUESTS,
    mix: MIX,
    poolSize: POOL_SIZE,
    maxConnections: database.maxConnections,
    bucket: Boolean(s3),
    loadBalancer: 'nginx (Debian), 1 worker, readiness checked every 500 ms (marked down, graceful reload) and passive health checks',
  };
  record('scale-throughput', rows, { config, migrationsAppliedOnce: migrations.every((r) => r.n === 1), cpu });
  record('scale-fault', [faultRow], {
    config,
    failures: failed.slice(0, 50).map((r) => ({
      kind: r.kind,
      method: r.method,
      path: r.path,
      status: r.status,
      upstream: r.upstream,
      error: r.error,
      msAfterDrain: Math.round(r.ended - drainedAt),
      startedMsAfterKill: Math.round(r.started - killedAt),
      msAfterKill: Math.round(r.ended - killedAt),
    })),
    verification: check,
  });
  console.log('verification:', JSON.stringify(check, null, 2));

  const problems = [];
  if (check.lost) problems.push(`${check.lost} acknowledged writes missing from the database`);
  if (check.mail.duplicates) problems.push(`${check.mail.duplicates} mails received more than once`);
  if (check.mail.outboxPending) problems.push(`${check.mail.outboxPending} mails still pending`);
  if (check.mail.contactMailsReceived !== check.acknowledged.contacts) problems.push('a contact notice mail was not received');
  if (beyond.length) problems.push(`${beyond.length} requests failed beyond those in flight on the killed instance`);
  if (drained.child.exitCode !== 0) problems.push(`the drained instance did not exit cleanly (${drained.child.exitCode})`);
  if (rows.some((r) => r.errors)) problems.push('errors in the 1/2/3-instance steps');
  if (problems.length) {
    console.error(`\nFAILED:\n- ${problems.join('\n- ')}\nInstance logs: ${logDir}`);
    process.exitCode = 1;
  } else {
    console.log(
      `\nAll acknowledged writes are in the database, each mail was sent once, and no request failed beyond those in flight on the killed instance. Instance logs: ${logDir}`,
    );
  }
} finally {
  await cleanup();
}
