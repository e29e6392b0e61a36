// Admin customer search at scale: GET /api/v1/admin/users?q= on PostgreSQL with 100 000 accounts, with the prefix
// indexes of migration 0121 and, for comparison, without them; and one customer's page (GET /admin/users/{id}).
// Run: node bench/admin-customers.mjs [--no-build] (BUILD_DIR, BENCH_PORT, BENCH_CUSTOMERS_USERS).
import pg from 'pg';
import { build, loginToken, record, sequentialLatency, startServer } from './lib.mjs';

const USERS = Number(process.env.BENCH_CUSTOMERS_USERS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_CUSTOMERS_REQUESTS ?? 30);
const ADMIN = { email: 'bench-customers-admin@example.com', password: 'Bench!Customers-pass1' };
/** Migration 0121's search indexes (users_created_idx stays: the admin overview needs it too). */
const INDEXES = {
  users_email_prefix_idx: 'create index users_email_prefix_idx on users (email text_pattern_ops)',
  users_full_name_prefix_idx: "create index users_full_name_prefix_idx on users (lower(first_name || ' ' || last_name) text_pattern_ops)",
  users_last_name_prefix_idx: 'create index users_last_name_prefix_idx on users (lower(last_name) text_pattern_ops)',
  users_email_domain_prefix_idx: "create index users_email_domain_prefix_idx on users (split_part(email, '@', 2) text_pattern_ops)",
};
/** What an admin types: a whole address, the start of one, a first name shared by many, a full name, a last name, a domain, nothing. */
const SEARCHES = [
  ['address', 'cust-54321@'],
  ['address start', 'cust-5432'],
  ['first name (1 in 50)', 'asha'],
  ['full name', 'asha verma'],
  ['last name', 'verma'],
  ['domain', '@firm-17.example'],
  ['nobody', 'zzzz'],
  ['everyone, page 1', ''],
];

/** 100 000 accounts: 50 first names, 200 last names, 500 company domains. */
async function seed(c) {
  const t0 = performance.now();
  await c.query(`insert into users (email, password_hash, first_name, last_name, created_at)
    select 'cust-' || g || '@firm-' || (g % 500) || '.example.com', 'x',
           (array['Asha','Ravi','Meera','Arjun','Kavya','Rahul','Priya','Vikram','Ananya','Rohan'])[1 + g % 10] || case when g % 50 >= 10 then (g % 50)::text else '' end,
           (array['Verma','Iyer','Rao','Shah','Nair'])[1 + g % 5] || case when g % 200 >= 5 then (g % 200)::text else '' end,
           now() - random() * interval '365 days'
    from generate_series(1, ${USERS}) g`);
  await c.query('analyze users');
  return Math.round(performance.now() - t0);
}

async function measure(url, token, indexes, customerId) {
  const rows = [];
  for (const [what, q] of SEARCHES) {
    const target = `${url}/api/v1/admin/users?q=${encodeURIComponent(q)}`;
    const found = (await (await fetch(target, { headers: { authorization: `Bearer ${token}` } })).json()).data.pagination.totalItems;
    const latency = await sequentialLatency(target, { headers: { authorization: `Bearer ${token}` }, requests: REQUESTS, warmup: 3 });
    rows.push({ indexes, search: what, q, found, p50Ms: latency.p50, p90Ms: latency.p90, p99Ms: latency.p99 });
  }
  const page = await sequentialLatency(`${url}/api/v1/admin/users/${customerId}`, { headers: { authorization: `Bearer ${token}` }, requests: REQUESTS, warmup: 3 });
  rows.push({ indexes, search: "one customer's page", q: '', found: 1, p50Ms: page.p50, p90Ms: page.p90, p99Ms: page.p99 });
  return rows;
}

if (!process.argv.includes('--no-build')) build();
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3404), db: 'postgres', admin: ADMIN });
const c = new pg.Client({ connectionString: server.databaseUrl });
await c.connect();
const rows = [];
let seedMs;
const plans = {};
try {
  seedMs = await seed(c);
  const [{ id: customerId }] = (await c.query("select id from users where email = 'cust-54321@firm-321.example.com'")).rows;
  const token = await loginToken(server.url, ADMIN.email, ADMIN.password);
  const explain = async () =>
    (
      await c.query(
        `explain select id from users where email like 'cust-5432%' or lower(first_name || ' ' || last_name) like 'cust-5432%' or lower(last_name) like 'cust-5432%' order by created_at desc limit 20`,
      )
    ).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
  plans.withIndexes = await explain();
  rows.push(...(await measure(server.url, token, 'yes', customerId)));
  for (const name of Object.keys(INDEXES)) await c.query(`drop index if exists ${name}`);
  await c.query('analyze users');
  plans.withoutIndexes = await explain();
  rows.push(...(await measure(server.url, token, 'no', customerId)));
  for (const sql of Object.values(INDEXES)) await c.query(sql);
} finally {
  await c.end();
  await server.stop();
}
console.log(`plan with the indexes:\n${plans.withIndexes}\n\nwithout:\n${plans.withoutIndexes}`);
record('admin-customers', rows, { seedMs, users: USERS, requestsPerFigure: REQUESTS, plans, note: 'one request at a time; indexes "no": the four prefix indexes of 0121 dropped' });
