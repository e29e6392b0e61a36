// node bench/mixed-load.mjs: the hardening issue's load check. One built instance in production mode on a fresh
// PostgreSQL database, driven by the same mixed workload as the scale-out demo (bench/scale/workload.mjs: visitors
// reading the blog, users signing in and loading dashboard and billing, an admin publishing, contact messages) at
// 100 concurrent clients for 60 s. Passes with zero errors and every acknowledged write found in the database
// afterwards. Writes bench/results/mixed-load.json.
//
// Knobs: LOAD_SECONDS (60), LOAD_CONCURRENCY (100), LOAD_MAX_REQUESTS (1000000), --no-build.
// Needs PostgreSQL on 127.0.0.1:5432 (BENCH_DATABASE_URL to change it).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

process.env.BUILD_DIR ||= 'dist-bench';
const { ROOT, BUILD_DIR, build, record, startServer } = await import('./lib.mjs');
const { runWorkload, summarise, MIX } = await import('./scale/workload.mjs');
const { createLoadUsers } = await import('./scale/users.mjs');
const { default: pg } = await import('pg');

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONCURRENCY = Number(process.env.LOAD_CONCURRENCY ?? 100);
const MAX_REQUESTS = Number(process.env.LOAD_MAX_REQUESTS ?? 1_000_000);
const PASSWORD = 'Mixed!Load-Passw0rd';
const ADMIN = { email: 'load-admin@example.com', password: 'Load!Admin-Passw0rd', ip: '10.251.0.1' };

/** Every acknowledged write looked up in the database: contact messages (and their notice mail), posts, sessions. */
async function accountFor(databaseUrl, acked) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const count = async (sql, ids) => Number((await c.query(sql, [ids])).rows[0].n);
  const sessions = [...new Set(acked.sessions)];
  const found = {
    contacts: await count(
      'select count(*) as n from contact_messages where id = any($1::uuid[])',
      acked.contacts.map((x) => x.id),
    ),
    contactMails: await count(
      `select count(distinct subject) as n from outbox where kind = 'contact-notice' and subject = any($1::text[])`,
      acked.contacts.map((x) => `[Contact] ${x.subject}`),
    ),
    posts: await count(
      `select count(*) as n from blog_posts where id = any($1::uuid[]) and status = 'published'`,
      acked.posts.map((x) => x.id),
    ),
    sessions: await count('select count(*) as n from sessions where id = any($1::uuid[])', sessions),
  };
  await c.end();
  const acknowledged = { contacts: acked.contacts.length, contactMails: acked.contacts.length, posts: acked.posts.length, sessions: sessions.length };
  const lost = Object.keys(acknowledged).reduce((n, k) => n + (acknowledged[k] - found[k]), 0);
  return { acknowledged, found, lost };
}

if (!process.argv.includes('--no-build')) build();
const server = await startServer({
  port: 3430,
  db: 'postgres',
  admin: ADMIN,
  env: { TRUST_PROXY: 'loopback', DATABASE_POOL_SIZE: '20', LOG_LEVEL: 'warn', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'stealth-load-')) },
});
let exitCode = 1;
try {
  // One account per virtual client (one web session per user: another client's sign-in would end it).
  const users = await createLoadUsers(server.databaseUrl, { count: CONCURRENCY, prefix: 'load-user', firstName: 'Load', password: PASSWORD });
  const login = await (
    await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ADMIN.ip },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password, deviceType: 'web' }),
    })
  ).json();
  if (!login.success) throw new Error(`admin login failed: ${login.message}`);
  const admin = { ...ADMIN, token: login.data.token };

  console.log(`mixed load: ${CONCURRENCY} clients for ${SECONDS} s against ${server.url} (PostgreSQL), mix ${JSON.stringify(MIX)}`);
  const rssBefore = server.rssMb();
  const run = await runWorkload({ base: server.url, seconds: SECONDS, maxRequests: MAX_REQUESTS, concurrency: CONCURRENCY, users, admin, withImages: true });
  const s = summarise(run);
  const writes = await accountFor(server.databaseUrl, run.acked);
  const byKind = {};
  for (const r of run.log) {
    const k = (byKind[r.kind] ??= { requests: 0, errors: 0 });
    k.requests++;
    if (!r.expected) k.errors++;
  }
  const failures = run.log
    .filter((r) => !r.expected)
    .slice(0, 10)
    .map((r) => `${r.method} ${r.path} → ${r.status} ${r.error ?? ''}`);
  const passed = s.errors === 0 && writes.lost === 0;
  record(
    'mixed-load',
    [
      {
        clients: CONCURRENCY,
        seconds: s.seconds,
        requests: s.requests,
        reqPerSec: s.reqPerSec,
        p50ms: s.p50ms,
        p99ms: s.p99ms,
        readP99ms: s.readP99ms,
        loginP99ms: s.loginP99ms,
        errors: s.errors,
        lostWrites: writes.lost,
      },
    ],
    {
      database: 'postgres',
      instances: 1,
      mix: MIX,
      byKind,
      writes,
      rssMb: { before: rssBefore, after: server.rssMb() },
      failures,
      passed,
      buildDir: path.relative(ROOT, path.join(ROOT, BUILD_DIR)),
    },
  );
  console.log(JSON.stringify({ byKind, writes }, null, 2));
  if (failures.length) console.log('first failures:', failures);
  console.log(passed ? 'PASSED: zero errors, every acknowledged write accounted for.' : 'FAILED: see errors and lost writes above.');
  exitCode = passed ? 0 : 1;
} finally {
  await server.stop();
}
process.exit(exitCode);
