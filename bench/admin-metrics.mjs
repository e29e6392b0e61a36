// Admin overview at scale: GET /api/v1/admin/metrics?days= on PostgreSQL with 100 000 accounts, 100 000 payments,
// 30 000 subscriptions, 100 000 downloads and 2 000 refunds spread over the last year, with the indexes of migration
// 0110 and, for comparison, without them. Run: node bench/admin-metrics.mjs [--no-build] (BUILD_DIR, BENCH_PORT).
import pg from 'pg';
import { build, loginToken, record, sequentialLatency, startServer } from './lib.mjs';

const USERS = Number(process.env.BENCH_METRICS_USERS ?? 100_000);
const PAYMENTS = Number(process.env.BENCH_METRICS_PAYMENTS ?? 100_000);
const SUBSCRIPTIONS = Math.round(USERS * 0.3);
const REQUESTS = Number(process.env.BENCH_METRICS_REQUESTS ?? 30);
const PERIODS = [7, 30, 90, 365];
const ADMIN = { email: 'bench-metrics-admin@example.com', password: 'Bench!Metrics-pass1' };
/** The indexes of migration 0110 (and 0121's users_created_idx, which the sign-ups read). */
const INDEXES = {
  users_created_idx: 'create index users_created_idx on users (created_at desc, id desc)',
  users_trial_expires_idx: 'create index users_trial_expires_idx on users (trial_expires) where is_email_verified',
  users_verified_at_idx: 'create index users_verified_at_idx on users (email_verified_at) where is_email_verified',
  payments_paid_at_idx: 'create index payments_paid_at_idx on payments (paid_at) include (amount_paid_paise, subscription_id, user_id)',
  subscriptions_cancelled_at_idx: 'create index subscriptions_cancelled_at_idx on subscriptions (cancelled_at) where cancelled_at is not null',
  subscriptions_lifetime_idx: "create index subscriptions_lifetime_idx on subscriptions (plan_code) where current_end is null and kind = 'order'",
  downloads_created_idx: 'create index downloads_created_idx on downloads (created_at)',
};

/** A year of business, written with set-based SQL (a few seconds on PostgreSQL). */
async function seed(c) {
  const t0 = performance.now();
  await c.query(`insert into users (email, password_hash, first_name, last_name, is_email_verified, email_verified_at, trial_expires, created_at)
    select 'metrics-' || g || '@example.com', 'x', 'Bench', 'User', g % 10 <> 0, at + interval '5 minutes',
           case when g % 10 <> 0 then at + interval '1 day 5 minutes' end, at
    from (select g, now() - random() * interval '365 days' as at from generate_series(1, ${USERS}) g) s`);
  // Subscriptions: the recurring plans in turn, most active, some set to cancel, some over; a lifetime order in 15.
  await c.query(`insert into subscriptions (user_id, plan_id, plan_code, plan_name, kind, status, amount_paise, interval, current_start, current_end,
                                            cancel_at_period_end, cancelled_at, created_at)
    select u.id, p.id, p.code, p.name, case when p.interval = 'lifetime' then 'order' else 'subscription' end,
           case when g % 7 = 0 then 'expired' when g % 11 = 0 then 'halted' else 'active' end,
           p.amount_paise, p.interval, u.created_at,
           case when p.interval = 'lifetime' then null when g % 7 = 0 then now() - interval '3 days' else now() + (g % 300) * interval '1 day' end,
           g % 9 = 0, case when g % 9 = 0 then now() - random() * interval '365 days' end, u.created_at
    from (select g, (array['stealth_week', 'stealth_month', 'stealth_year', 'stealth_month'])[1 + g % 4] as code,
                 case when g % 15 = 0 then 'stealth_lifetime' end as lifetime
          from generate_series(1, ${SUBSCRIPTIONS}) g) s
    join plans p on p.code = coalesce(s.lifetime, s.code)
    join (select id, created_at, row_number() over () as n from users where email like 'metrics-%' limit ${SUBSCRIPTIONS}) u on u.n = s.g`);
  await c.query(`insert into payments (user_id, subscription_id, razorpay_payment_id, amount_paise, amount_paid_paise, status, description, paid_at, created_at)
    select s.user_id, s.id, 'pay_bench_' || g, s.amount_paise, case when g % 20 = 0 then 0 else s.amount_paise end,
           case when g % 20 = 0 then 'failed' else 'captured' end, 'bench', at, at
    from (select g, 1 + (g % ${SUBSCRIPTIONS}) as n, now() - random() * interval '365 days' as at from generate_series(1, ${PAYMENTS}) g) x
    join (select id, user_id, amount_paise, row_number() over () as n from subscriptions) s on s.n = x.n`);
  await c.query(`insert into refunds (payment_id, amount_paise, status, razorpay_refund_id, created_at)
    select id, amount_paid_paise / 2, 'processed', 'rfnd_bench_' || row_number() over (), paid_at + interval '2 days'
    from payments where amount_paid_paise > 0 and razorpay_payment_id like 'pay_bench_%' limit ${Math.round(PAYMENTS / 50)}`);
  await c.query(`insert into downloads (platform, user_agent, created_at)
    select 'windows', 'bench', now() - random() * interval '365 days' from generate_series(1, ${PAYMENTS})`);
  // What autovacuum does after such inserts: statistics, and the visibility map that lets the sums read the indexes alone.
  await c.query('vacuum analyze');
  return Math.round(performance.now() - t0);
}

async function counts(c) {
  const held = {};
  for (const t of ['users', 'subscriptions', 'payments', 'refunds', 'downloads']) held[t] = Number((await c.query(`select count(*) as n from ${t}`)).rows[0].n);
  return held;
}

async function measure(url, token, indexes) {
  const rows = [];
  for (const days of PERIODS) {
    const latency = await sequentialLatency(`${url}/api/v1/admin/metrics?days=${days}`, { headers: { authorization: `Bearer ${token}` }, requests: REQUESTS, warmup: 3 });
    rows.push({ indexes, days, p50Ms: latency.p50, p90Ms: latency.p90, p99Ms: latency.p99 });
  }
  return rows;
}

if (!process.argv.includes('--no-build')) build();
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3403), db: 'postgres', admin: ADMIN });
const c = new pg.Client({ connectionString: server.databaseUrl });
await c.connect();
const rows = [];
let seedMs;
let rowsHeld;
try {
  seedMs = await seed(c);
  rowsHeld = await counts(c);
  const token = await loginToken(server.url, ADMIN.email, ADMIN.password);
  const check = await (await fetch(`${server.url}/api/v1/admin/metrics?days=90`, { headers: { authorization: `Bearer ${token}` } })).json();
  if (!check.success) throw new Error(`metrics failed: ${check.message}`);
  console.log(`90 days: MRR ${check.data.mrr} paise, ${check.data.activeSubscriptions} active, revenue ${check.data.totals.revenue} paise, ${check.data.totals.signups} sign-ups`);
  rows.push(...(await measure(server.url, token, 'yes')));
  for (const name of Object.keys(INDEXES)) await c.query(`drop index if exists ${name}`);
  await c.query('vacuum analyze');
  rows.push(...(await measure(server.url, token, 'no')));
  for (const sql of Object.values(INDEXES)) await c.query(sql);
} finally {
  await c.end();
  // BENCH_METRICS_KEEP=1 leaves the database for a look at the plans (psql on the printed address).
  await server.stop({ keepData: Boolean(process.env.BENCH_METRICS_KEEP) });
  if (process.env.BENCH_METRICS_KEEP) console.log(`database kept: ${server.databaseUrl}`);
}
record('admin-metrics', rows, { seedMs, tables: rowsHeld, requestsPerFigure: REQUESTS, note: 'one request at a time; indexes "no": those of 0110 and users_created_idx dropped' });
