// API under load: autocannon after a warm-up, 64 connections, 30 s per route, on PGlite and PostgreSQL,
// beside a route that does no work (the limit of this server on this machine).
import autocannon from 'autocannon';
import { build, loginToken, record, startServer } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CONNECTIONS = 64;
const ADMIN = { email: 'bench-admin@example.com', password: 'Bench!Passw0rd' };
const only = process.argv.find((a) => a === '--pglite' || a === '--postgres')?.slice(2);

const run = (opts) =>
  new Promise((resolve, reject) => autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts }, (err, res) => (err ? reject(err) : resolve(res))));

if (!process.argv.includes('--no-build')) build();
const rows = [];
for (const db of only ? [only] : ['pglite', 'postgres']) {
  const server = await startServer({ port: 3403, db, admin: ADMIN });
  try {
    const token = await loginToken(server.url, ADMIN.email, ADMIN.password);
    const posts = await (await fetch(`${server.url}/api/v1/blog/posts?page=1`)).json().catch(() => null);
    const slug = posts?.data?.posts?.[0]?.slug ?? 'stealth-browser-overview';
    const routes = [
      { name: 'limit: /health/live (no work)', path: '/api/v1/health/live' },
      { name: 'public blog list', path: '/api/v1/blog/posts?page=1' },
      { name: 'post by slug', path: `/api/v1/blog/posts/${slug}` },
      { name: 'public plans', path: '/api/v1/subscriptions/plans/public' },
      { name: 'GET /auth/me', path: '/api/v1/auth/me', headers: { authorization: `Bearer ${token}` } },
      {
        name: 'POST /auth/login (argon2id)',
        path: '/api/v1/auth/login',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...ADMIN, deviceType: 'desktop' }),
      },
    ];
    let limit = 0;
    for (const r of routes) {
      await run({ url: server.url + r.path, method: r.method, headers: r.headers, body: r.body, duration: 3 }); // warm-up
      const res = await run({ url: server.url + r.path, method: r.method, headers: r.headers, body: r.body });
      const rps = Math.round(res.requests.average);
      if (!limit) limit = rps;
      rows.push({
        database: db,
        route: r.name,
        reqPerSec: rps,
        p50ms: res.latency.p50,
        p99ms: res.latency.p99,
        errors: res.errors + res.non2xx,
        ratioToLimit: Math.round((rps / limit) * 100) / 100,
      });
    }
  } finally {
    await server.stop();
  }
}
record('api-load', rows, { seconds: SECONDS, connections: CONNECTIONS });
