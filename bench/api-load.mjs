// API under load: autocannon after a warm-up, 64 connections, 30 s per route, on PGlite and PostgreSQL,
// beside a route that does no work (the limit of this server on this machine).
//
// Login is bounded by argon2id and guarded by limits that a bench from one address with one account would hit
// at once (the per-IP and per-account counters count every attempt while it runs; one session per device type
// displaces the previous one). So the login row signs in with a different account on each connection
// (cloned before the server starts) and, with TRUST_PROXY=loopback as behind a load balancer on this machine, from
// a different forwarded address on each connection: it measures the work of a login, with the production limits unchanged.
import autocannon from 'autocannon';
import { benchUserEmail, build, loadNow, loginToken, record, startServer } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CONNECTIONS = 64;
const ADMIN = { email: 'bench-admin@example.com', password: 'Bench!Passw0rd' };
const only = process.argv.find((a) => a === '--pglite' || a === '--postgres')?.slice(2);

const run = (opts) =>
  new Promise((resolve, reject) => autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts }, (err, res) => (err ? reject(err) : resolve(res))));

const statusCounts = (res) => Object.fromEntries(Object.entries(res.statusCodeStats ?? {}).filter(([code]) => !code.startsWith('2')).map(([code, v]) => [code, v.count]));

/** Each connection signs in as its own account from its own (forwarded) address. */
function loginPerConnection() {
  let next = 0;
  return (client) => {
    const i = ++next;
    client.setHeaders({ 'content-type': 'application/json', 'x-forwarded-for': `10.77.${i >> 8}.${i & 255}` });
    client.setBody(JSON.stringify({ email: benchUserEmail(((i - 1) % CONNECTIONS) + 1), password: ADMIN.password, deviceType: 'desktop' }));
  };
}

if (!process.argv.includes('--no-build')) build();
const rows = [];
for (const db of only ? [only] : ['pglite', 'postgres']) {
  const server = await startServer({ port: 3403, db, admin: ADMIN, users: CONNECTIONS, env: { TRUST_PROXY: 'loopback' } });
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
      // autocannon keeps a connection's setupClient for its whole life, so each connection is one account.
      { name: 'POST /auth/login (argon2id)', path: '/api/v1/auth/login', method: 'POST', setupClient: loginPerConnection },
      // Not API reads, for scale: whole pages as a browser asks for them, rendered on the server (decision 050).
      { name: 'page / (rendered, compressed)', path: '/', headers: { 'accept-encoding': 'br, gzip' } },
      { name: 'page /blog (rendered, compressed)', path: '/blog', headers: { 'accept-encoding': 'br, gzip' } },
    ];
    // The machine is shared, so the limit is measured first and again last; ratios are to the mean of the two.
    routes.push({ ...routes[0], name: 'limit again (last)' });
    const first = rows.length;
    for (const r of routes) {
      // autocannon takes an option given as undefined for a value: only the ones this route sets.
      const opts = Object.fromEntries(Object.entries({ url: server.url + r.path, method: r.method, headers: r.headers }).filter(([, v]) => v !== undefined));
      const perClient = () => (r.setupClient ? { setupClient: r.setupClient() } : {});
      await run({ ...opts, ...perClient(), duration: 3 }); // warm-up
      const res = await run({ ...opts, ...perClient() });
      const rps = Math.round(res.requests.average);
      rows.push({
        database: db,
        route: r.name,
        reqPerSec: rps,
        p50ms: res.latency.p50,
        p99ms: res.latency.p99,
        errors: res.errors + res.timeouts + res.non2xx,
        // Which kind: connection errors (timeouts among them) or answers other than 2xx, by status.
        errorKinds: [res.errors && `${res.errors} errors (${res.timeouts} timeouts)`, res.non2xx && `non-2xx ${JSON.stringify(statusCounts(res))}`].filter(Boolean).join('; '),
        load1: loadNow()[0],
      });
    }
    const mine = rows.slice(first);
    const limit = (mine[0].reqPerSec + mine.at(-1).reqPerSec) / 2;
    for (const row of mine) row.ratioToLimit = Math.round((row.reqPerSec / limit) * 100) / 100;
  } finally {
    await server.stop();
  }
}
record('api-load', rows, { seconds: SECONDS, connections: CONNECTIONS });
