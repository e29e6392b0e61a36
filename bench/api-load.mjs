// API under load: autocannon, 64 connections, on PGlite and PostgreSQL, each route measured against a bare Fastify
// process answering {hello:'world'} (bench/bare-fastify.mjs) in the same run: the limit of Node and Fastify on this
// machine. The app's own /health/live (every per-request cost of the app, no work) is kept as a second reference.
//
// The machine is shared, so the measures are taken in rounds (BENCH_ROUNDS, 3) of BENCH_SECONDS (8) each: every
// round measures bare Fastify, then each route once; bare Fastify is measured again after the last round. A route's
// share of bare is its req/s over the mean of the bare figures just before and just after its round; the table gives
// the median over the rounds of req/s, share and p99.
//
// BENCH_COMPARE=<build directory> (an earlier build, e.g. of main before a change) starts that build too, on the
// same kind of database, and measures each route on it right after the same route on BUILD_DIR, in the same rounds:
// rows named "… [compare]". Two builds compared under the same load of a shared machine.
//
// Login is bounded by argon2id and guarded by limits that a bench from one address with one account would hit
// at once (the per-IP and per-account counters count every attempt while it runs; one session per device type
// displaces the previous one). So the login row signs in with a different account on each connection
// (cloned before the server starts) and, with TRUST_PROXY=loopback as behind a load balancer on this machine, from
// a different forwarded address on each connection: it measures the work of a login, with the production limits
// unchanged. It is measured once, after the rounds (it takes seconds of CPU per connection).
import { autocannon, benchUserEmail, build, loadNow, loginToken, record, startBare, startServer } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 64;
const APP_PORT = Number(process.env.BENCH_PORT ?? 4102);
const BARE_PORT = APP_PORT + 1;
const ADMIN = { email: 'bench-admin@example.com', password: 'Bench!Passw0rd' };
const only = process.argv.find((a) => a === '--pglite' || a === '--postgres')?.slice(2);
const withLogin = !process.argv.includes('--no-login');
const COMPARE = process.env.BENCH_COMPARE;
const TARGETS = process.env.BENCH_TARGETS?.split(',');

const run = (opts) => new Promise((resolve, reject) => autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts }, (err, res) => (err ? reject(err) : resolve(res))));

const statusCounts = (res) =>
  Object.fromEntries(
    Object.entries(res.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, v]) => [code, v.count]),
  );
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const round2 = (x) => Math.round(x * 100) / 100;

/** Each connection signs in as its own account from its own (forwarded) address. */
function loginPerConnection() {
  let next = 0;
  return (client) => {
    const i = ++next;
    client.setHeaders({ 'content-type': 'application/json', 'x-forwarded-for': `10.77.${i >> 8}.${i & 255}` });
    client.setBody(JSON.stringify({ email: benchUserEmail(((i - 1) % CONNECTIONS) + 1), password: ADMIN.password, deviceType: 'desktop' }));
  };
}

/** One autocannon measure of a route, as a row. */
async function measure(r, warm) {
  const opts = Object.fromEntries(Object.entries({ url: r.url, method: r.method, headers: r.headers }).filter(([, v]) => v !== undefined));
  const perClient = () => (r.setupClient ? { setupClient: r.setupClient() } : {});
  if (warm) await run({ ...opts, ...perClient(), duration: 2 });
  const res = await run({ ...opts, ...perClient() });
  return {
    reqPerSec: Math.round(res.requests.average),
    p50ms: res.latency.p50,
    p99ms: res.latency.p99,
    errors: res.errors + res.timeouts + res.non2xx,
    errorKinds: [res.errors && `${res.errors} errors (${res.timeouts} timeouts)`, res.non2xx && `non-2xx ${JSON.stringify(statusCounts(res))}`].filter(Boolean).join('; '),
    load1: loadNow()[0],
  };
}

if (!process.argv.includes('--no-build')) build();
const rows = [];
const rounds = [];
const bare = await startBare(BARE_PORT);
try {
  for (const db of only ? [only] : ['pglite', 'postgres']) {
    const server = await startServer({ port: APP_PORT, db, admin: ADMIN, users: withLogin ? CONNECTIONS : 0, env: { TRUST_PROXY: 'loopback' } });
    const other = COMPARE ? await startServer({ port: APP_PORT + 2, db, admin: ADMIN, env: { TRUST_PROXY: 'loopback' }, buildDir: COMPARE }) : null;
    try {
      const token = await loginToken(server.url, ADMIN.email, ADMIN.password);
      const auth = { authorization: `Bearer ${token}` };
      const posts = await (await fetch(`${server.url}/api/v1/blog/posts?page=1`)).json().catch(() => null);
      const slug = posts?.data?.posts?.[0]?.slug ?? 'stealth-browser-overview';
      const page = { 'accept-encoding': 'br, gzip' };
      const routes = [
        // Bare Fastify with the least every answer of the app keeps (bench/bare-fastify.mjs): the ceiling of a route.
        { name: 'bare Fastify + API headers, request id, log line', url: `${bare.url}least` },
        { name: 'app hello: /health/live (no work)', path: '/api/v1/health/live' },
        { name: 'public blog list', path: '/api/v1/blog/posts?page=1', target: 'public' },
        { name: 'post by slug', path: `/api/v1/blog/posts/${slug}`, target: 'public' },
        { name: 'public plans', path: '/api/v1/subscriptions/plans/public', target: 'public' },
        { name: 'GET /auth/me', path: '/api/v1/auth/me', headers: auth, target: 'signed-in' },
        { name: 'GET /users/dashboard', path: '/api/v1/users/dashboard', headers: auth, target: 'signed-in' },
        { name: 'GET /entitlement', path: '/api/v1/entitlement', headers: auth, target: 'signed-in' },
        // Whole pages as a browser asks for them, rendered on the server (decision 050); first, bare Fastify writing
        // as many bytes as the landing page compressed (its ceiling).
        { name: "bare Fastify, an answer of the landing's size", target: 'page', bytesOf: '/' },
        { name: 'page / (rendered, compressed)', path: '/', headers: page, target: 'page' },
        { name: 'page /blog (rendered, compressed)', path: '/blog', headers: page, target: 'page' },
        { name: 'page of a post (rendered, compressed)', path: `/blog/${slug}`, headers: page, target: 'page' },
      ]
        // BENCH_TARGETS=signed-in,page measures those alone (the app hello always): quicker while iterating.
        .filter((r) => !TARGETS || !r.target || TARGETS.includes(r.target))
        .map((r) => ({ ...r, url: r.url ?? (r.path && server.url + r.path) }));
      if (other) {
        const otherAuth = { authorization: `Bearer ${await loginToken(other.url, ADMIN.email, ADMIN.password)}` };
        for (const r of routes.filter((x) => x.path)) {
          const headers = r.headers === auth ? otherAuth : r.headers;
          routes.splice(routes.indexOf(r) + 1, 0, { ...r, name: `${r.name} [compare]`, url: other.url + r.path, headers });
        }
      }
      // What each page answers a browser that accepts compression (the target asks for it).
      for (const r of routes.filter((x) => x.bytesOf)) {
        const bytes = Number((await fetch(server.url + r.bytesOf, { headers: page })).headers.get('content-length'));
        r.url = `${bare.url}bytes/${bytes}`;
        r.name += ` (${bytes} bytes)`;
      }
      for (const r of routes.filter((x) => x.target === 'page' && x.path)) {
        const res = await fetch(r.url, { headers: r.headers, decompress: false });
        r.encoding = res.headers.get('content-encoding') ?? 'none';
        r.etag = res.headers.has('etag');
      }
      const bareRoute = { name: 'bare Fastify {hello:"world"}', url: bare.url };
      const bareRuns = [];
      const routeRuns = routes.map(() => []);
      for (let i = 0; i < ROUNDS; i++) {
        bareRuns.push(await measure(bareRoute, i === 0));
        for (const [j, r] of routes.entries()) routeRuns[j].push(await measure(r, i === 0));
        console.log(`${db}: round ${i + 1} of ${ROUNDS} done (load ${loadNow()[0]})`);
      }
      bareRuns.push(await measure(bareRoute, false));
      rounds.push({ database: db, bare: bareRuns, routes: routes.map((r, j) => ({ route: r.name, runs: routeRuns[j] })) });
      const shareOf = (runs, i) => runs[i].reqPerSec / ((bareRuns[i].reqPerSec + bareRuns[i + 1].reqPerSec) / 2);
      // The app hello of the same build (of the compared build for its rows).
      const helloName = (name) => `${routes[1].name}${other && name.endsWith('[compare]') ? ' [compare]' : ''}`;
      const helloOf = (name) => routeRuns[routes.findIndex((r) => r.name === helloName(name))];
      const summary = (name, runs, extra = {}) => ({
        database: db,
        route: name,
        reqPerSec: median(runs.map((x) => x.reqPerSec)),
        shareOfBare: round2(median(runs.map((_, i) => shareOf(runs, i)))),
        shareOfAppHello: round2(median(runs.map((x, i) => x.reqPerSec / helloOf(name)[i].reqPerSec))),
        p50ms: median(runs.map((x) => x.p50ms)),
        p99ms: median(runs.map((x) => x.p99ms)),
        errors: runs.reduce((n, x) => n + x.errors, 0),
        errorKinds: runs
          .map((x) => x.errorKinds)
          .filter(Boolean)
          .join(' | '),
        load1: median(runs.map((x) => x.load1)),
        ...extra,
      });
      rows.push({ ...summary(bareRoute.name, bareRuns.slice(0, -1)), shareOfBare: 1, reqPerSecEach: bareRuns.map((x) => x.reqPerSec).join(' / ') });
      for (const [j, r] of routes.entries()) rows.push(summary(r.name, routeRuns[j], r.encoding ? { encoding: r.encoding, etag: r.etag } : {}));
      if (withLogin) {
        const before = await measure(bareRoute, false);
        const login = await measure({ name: 'login', url: `${server.url}/api/v1/auth/login`, method: 'POST', setupClient: loginPerConnection }, true);
        rows.push({ database: db, route: 'POST /auth/login (argon2id)', ...login, shareOfBare: round2(login.reqPerSec / before.reqPerSec) });
      }
    } finally {
      await server.stop();
      await other?.stop();
    }
  }
} finally {
  await bare.stop();
}
record('api-load', rows, { seconds: SECONDS, rounds: ROUNDS, connections: CONNECTIONS, compare: COMPARE ?? null, perRound: rounds });
