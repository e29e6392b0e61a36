// Scaling with data: p50 of the public list, a post and the admin list at 100, 10 000 and 100 000 posts
// (PostgreSQL). Target: p50 at 100 000 within 1.3x of p50 at 100.
import autocannon from 'autocannon';
import pg from 'pg';
import { build, loginToken, record, startServer } from './lib.mjs';

const SIZES = (process.env.BENCH_SIZES ?? '100,10000,100000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ADMIN = { email: 'bench-admin@example.com', password: 'Bench!Passw0rd' };

const run = (opts) => new Promise((resolve, reject) => autocannon({ connections: 8, duration: SECONDS, ...opts }, (err, res) => (err ? reject(err) : resolve(res))));

async function fillPosts(databaseUrl, total) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query('select count(*)::int as n from blog_posts');
  const missing = total - rows[0].n;
  if (missing > 0) {
    await client.query(
      `insert into blog_posts (title, slug, excerpt, content, read_time, status, created_at, updated_at)
       select 'Bench post ' || g, 'bench-post-' || g || '-' || $2, 'An excerpt for bench post ' || g,
              '<p>' || repeat('Body text of a benchmark post. ', 40) || '</p>', 1 + g % 9,
              (array['published','published','published','draft','archived'])[1 + g % 5],
              now() - make_interval(mins => g), now() - make_interval(mins => g)
       from generate_series(1, $1) g`,
      [missing, Date.now()],
    );
    await client.query('analyze blog_posts');
  }
  const slug = (await client.query(`select slug from blog_posts where status = 'published' order by created_at desc offset 50 limit 1`)).rows[0]?.slug;
  await client.end();
  return slug;
}

if (!process.argv.includes('--no-build')) build();
const server = await startServer({ port: 3404, db: 'postgres', admin: ADMIN });
const rows = [];
try {
  const token = await loginToken(server.url, ADMIN.email, ADMIN.password);
  for (const size of SIZES) {
    const slug = await fillPosts(server.databaseUrl, size);
    const targets = [
      { name: 'public list page 1', path: '/api/v1/blog/posts?page=1' },
      { name: 'public list last page', path: `/api/v1/blog/posts?page=${Math.max(1, Math.floor((size * 0.6) / 6))}` },
      { name: 'post by slug', path: `/api/v1/blog/posts/${slug}` },
      { name: 'admin list page 1', path: '/api/v1/admin/blog/posts?page=1', headers: { authorization: `Bearer ${token}` } },
    ];
    for (const t of targets) {
      await run({ url: server.url + t.path, headers: t.headers, duration: 2 });
      const res = await run({ url: server.url + t.path, headers: t.headers });
      rows.push({ posts: size, route: t.name, p50ms: res.latency.p50, p99ms: res.latency.p99, reqPerSec: Math.round(res.requests.average), errors: res.errors + res.non2xx });
    }
  }
} finally {
  await server.stop();
}
const base = Object.fromEntries(rows.filter((r) => r.posts === SIZES[0]).map((r) => [r.route, r.p50ms]));
for (const r of rows) r.ratioToSmallest = base[r.route] ? Math.round((r.p50ms / base[r.route]) * 100) / 100 : null;
record('scaling', rows);
