// The desktop program's lease refresh (issue 34, decisions 183 and 184): `POST /api/v1/devices/:id/lease`, each
// request the program of an account of its own asking for a new signed lease, measured against bare Fastify answering
// the very same bytes (one lease answer taken once and served by bench/bare-fastify.mjs `/mirror`), interleaved
// bare · app · bare · app … · bare in rounds, on PostgreSQL and PGlite (`--postgres` or `--pglite` for one).
//
// The production limit stays: an account may activate or refresh 60 times an hour (DEVICE_LIMITS). So the bench
// signs in ACCOUNTS accounts (each from a forwarded address of its own, TRUST_PROXY=loopback as behind a load
// balancer), activates one machine for each, and sends each refresh as the next account in turn; each run on the app
// sends its share of the accounts' allowance (autocannon `amount`, which sets the run's length), so no request meets
// the limit: a 429 is counted as an error. A rate is requests over the run's own duration; bare Fastify's runs last
// BENCH_SECONDS.
//
// Environment: BENCH_ACCOUNTS (1000), BENCH_ROUNDS (3), BENCH_SECONDS (5), BENCH_CONNECTIONS (64), BENCH_PIN=1 (server on
// CPU 0, load on 1),
// BENCH_CPU_PROF=<dir> (a CPU profile of the app server written there when it stops).
import { randomBytes } from 'node:crypto';
import { autocannon, benchUserEmail, build, loadNow, record, startBare, startServer } from './lib.mjs';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const APP_PORT = Number(process.env.BENCH_PORT ?? 4112);
const BARE_PORT = APP_PORT + 1;
const ADMIN = { email: 'bench-admin@example.com', password: 'Bench!Passw0rd' };
/** What each account may still send after its activation, within the hour's 60. */
const PER_ACCOUNT = 58;
// Every bench program runs on "the same machine": one hardware hash for all (each account has one device), so that
// every refresh sends the same body, as the mirror's requests do.
const HARDWARE_ID = randomBytes(32).toString('hex');
const REFRESH_BODY = JSON.stringify({ hardwareId: HARDWARE_ID, appVersion: '2.1.0' });
const only = process.argv.find((a) => a === '--pglite' || a === '--postgres')?.slice(2);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const round2 = (x) => Math.round(x * 100) / 100;

/** Runs `fn` over `items`, `width` at a time. */
async function inTurn(items, width, fn) {
  const results = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i], i);
      }
    }),
  );
  return results;
}

/** Each account signs in as the desktop program and activates one machine: its token and device. */
async function programs(url) {
  return inTurn(
    Array.from({ length: ACCOUNTS }, (_, i) => i + 1),
    4,
    async (n) => {
      const forwarded = { 'content-type': 'application/json', 'x-forwarded-for': `10.88.${n >> 8}.${n & 255}` };
      const login = await fetch(`${url}/api/v1/auth/login`, {
        method: 'POST',
        headers: forwarded,
        body: JSON.stringify({ email: benchUserEmail(n), password: ADMIN.password, deviceType: 'desktop' }),
      }).then((r) => r.json());
      if (!login.success) throw new Error(`sign-in of ${benchUserEmail(n)}: ${login.code} ${login.message}`);
      const authorization = `Bearer ${login.data.token}`;
      const activated = await fetch(`${url}/api/v1/devices`, {
        method: 'POST',
        headers: { ...forwarded, authorization },
        body: JSON.stringify({
          installId: randomBytes(16).toString('hex'),
          hardwareId: HARDWARE_ID,
          name: `Bench PC ${n}`,
          os: 'Windows 11',
          appVersion: '2.1.0',
        }),
      }).then((r) => r.json());
      if (!activated.success) throw new Error(`activation for ${benchUserEmail(n)}: ${activated.code} ${activated.message}`);
      return { authorization, path: `/api/v1/devices/${activated.data.device.id}/lease` };
    },
  );
}

/** One run of at most `amount` requests: each request the next program in turn (or, for the mirror, the same bytes). */
function run({ url, amount, programsList, bodyOnly, seconds = SECONDS }) {
  let next = 0;
  const body = REFRESH_BODY;
  return new Promise((resolve, reject) =>
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: seconds,
        ...(amount ? { amount } : {}),
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        requests: bodyOnly
          ? undefined
          : [
              {
                setupRequest: (req) => {
                  const p = programsList[next++ % programsList.length];
                  return { ...req, path: p.path, headers: { ...req.headers, authorization: p.authorization } };
                },
              },
            ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    ),
  );
}

const row = (res) => ({
  reqPerSec: Math.round(res.requests.total / res.duration),
  p50ms: res.latency.p50,
  p99ms: res.latency.p99,
  errors: res.errors + res.timeouts + res.non2xx,
  load1: loadNow()[0],
});

if (!process.argv.includes('--no-build')) build();
const rows = [];
const perRound = [];
const bare = await startBare(BARE_PORT);
try {
  for (const db of only ? [only] : ['postgres', 'pglite']) {
    const nodeArgs = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    const server = await startServer({ port: APP_PORT, db, admin: ADMIN, users: ACCOUNTS, env: { TRUST_PROXY: 'loopback' }, nodeArgs });
    try {
      const started = performance.now();
      const list = await programs(server.url);
      console.log(`${db}: ${ACCOUNTS} accounts signed in and activated in ${Math.round(performance.now() - started)} ms (load ${loadNow()[0]})`);
      // The answer the app gives, taken once, served by bare Fastify: the same bytes and content type.
      const sample = await fetch(server.url + list[0].path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: list[0].authorization },
        body: REFRESH_BODY,
      });
      const bytes = Buffer.from(await sample.arrayBuffer());
      if (sample.status !== 200) throw new Error(`the sample refresh answered ${sample.status}: ${bytes}`);
      await fetch(`${bare.url}keep/lease`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ contentType: sample.headers.get('content-type'), base64: bytes.toString('base64') }),
      });
      // The accounts' allowance, shared by the runs on the app (a warm-up and the rounds); the sample used one.
      const amount = Math.floor((ACCOUNTS * (PER_ACCOUNT - 1)) / (ROUNDS + 1));
      // Bare Fastify has no limit: its runs last BENCH_SECONDS.
      const mirror = (warm) => run({ url: `${bare.url}mirror/lease`, bodyOnly: true, seconds: warm ? 2 : SECONDS });
      const app = (warm) => run({ url: server.url, amount: warm ? Math.round(amount / 2) : amount, programsList: list });
      await mirror(true);
      await app(true);
      const bareRuns = [row(await mirror(false))];
      const appRuns = [];
      for (let i = 0; i < ROUNDS; i++) {
        appRuns.push(row(await app(false)));
        bareRuns.push(row(await mirror(false)));
        console.log(`${db}: round ${i + 1} of ${ROUNDS}: app ${appRuns[i].reqPerSec} req/s, bare ${bareRuns[i + 1].reqPerSec} (load ${loadNow()[0]})`);
      }
      const shares = appRuns.map((r, i) => r.reqPerSec / ((bareRuns[i].reqPerSec + bareRuns[i + 1].reqPerSec) / 2));
      perRound.push({ database: db, bytes: bytes.length, bare: bareRuns, app: appRuns });
      const summary = (route, runs, extra) => ({
        database: db,
        route,
        reqPerSec: median(runs.map((x) => x.reqPerSec)),
        ...extra,
        p50ms: median(runs.map((x) => x.p50ms)),
        p99ms: median(runs.map((x) => x.p99ms)),
        errors: runs.reduce((n, x) => n + x.errors, 0),
        load1: median(runs.map((x) => x.load1)),
      });
      rows.push(summary(`bare Fastify, the same ${bytes.length} bytes`, bareRuns, { shareOfBare: 1 }));
      rows.push(summary('POST /devices/:id/lease', appRuns, { shareOfBare: round2(median(shares)) }));
    } finally {
      await server.stop();
    }
  }
} finally {
  await bare.stop();
}
record('lease-refresh', rows, { accounts: ACCOUNTS, rounds: ROUNDS, seconds: SECONDS, connections: CONNECTIONS, perRound });
