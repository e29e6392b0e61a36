// Scaling with data: the public list (first and last page), a post and the admin list at 100, 10 000 and
// 100 000 posts (PostgreSQL). Target: p50 at 100 000 within 1.3x of p50 at 100.
//
// p50 is timed one request at a time on one kept-alive connection (sub-millisecond precision: the work of one
// request, not the queue of many); the req/s and p99 of 8 connections under autocannon stand beside it.
import pg from 'pg';
import { autocannon, build, loadNow, loginToken, record, sequentialLatency, startServer } from './lib.mjs';

const SIZES = (process.env.BENCH_SIZES ?? '100,10000,100000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ADMIN = { email: 'bench-admin@example.com', password: 'Bench!Passw0rd' };

const run = (opts) => new Promise((resolve, reject) => autocannon({ connections: 8, duration: SECONDS, ...opts }, (err, res) => (err ? reject(err) : resolve(res))));

/** Tops blog_posts up to `total` rows (every column of the table; 3 in 5 published, newest first by created_at). */
async function fillPosts(databaseUrl, total) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query('select count(*)::int as n from blog_posts');
  const missing = total - rows[0].n;
  if (missing > 0) {
    await client.query(
      `insert into blog_posts (title, slug, excerpt, content, featured_image, read_time, status, meta_title, meta_description, meta_keywords, meta_image, created_at, updated_at)
       select 'Bench post ' || g, 'bench-post-' || g || '-' || $2::text, 'An excerpt for bench post ' || g,
              '<p>' || repeat('Body text of a benchmark post. ', 40) || '</p>', null, 1 + g % 9,
              (array['published','published','published','draft','archived'])[1 + g % 5], null, null, null, null,
              now() - make_interval(mins => g), now() - make_interval(mins => g)
       from generate_series(1, $1::int) g`,
      [missing, String(Date.now())],
    );
    await client.query('vacuum analyze blog_posts');
  }
  const slug = (await client.query(`select slug from blog_posts where status = 'published' order by created_at desc offset 50 limit 1`)).rows[0]?.slug;
  await client.end();
  return slug;
}

if (!process.argv.includes('--no-build')) build();
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3404), db: 'postgres', admin: ADMIN });
const rows = [];
try {
  const token = await loginToken(server.url, ADMIN.email, ADMIN.password);
  for (const size of SIZES) {
    const slug = await fillPosts(server.databaseUrl, size);
    const first = await (await fetch(`${server.url}/api/v1/blog/posts?page=1`)).json();
    const lastPage = first.data.pagination.totalPages;
    const targets = [
      { name: 'public list page 1', path: '/api/v1/blog/posts?page=1' },
      { name: 'public list last page', path: `/api/v1/blog/posts?page=${lastPage}` },
      { name: 'post by slug', path: `/api/v1/blog/posts/${slug}` },
      { name: 'admin list page 1', path: '/api/v1/admin/blog/posts?page=1', headers: { authorization: `Bearer ${token}` } },
    ];
    for (const t of targets) {
      const lat = await sequentialLatency(server.url + t.path, { headers: t.headers, requests: Number(process.env.BENCH_REQUESTS ?? 1000) });
      await run({ url: server.url + t.path, headers: t.headers ?? {}, duration: 2 });
      const res = await run({ url: server.url + t.path, headers: t.headers ?? {} });
      rows.push({
        posts: size,
        route: t.name,
        p50ms: lat.p50,
        p99ms: lat.p99,
        reqPerSec8: Math.round(res.requests.average),
        p99ms8: res.latency.p99,
        errors: res.errors + res.timeouts + res.non2xx,
        load1: loadNow()[0],
      });
    }
  }
} finally {
  await server.stop();
}
const base = Object.fromEntries(rows.filter((r) => r.posts === SIZES[0]).map((r) => [r.route, r.p50ms]));
for (const r of rows) r.ratioToSmallest = base[r.route] ? Math.round((r.p50ms / base[r.route]) * 100) / 100 : null;
record('scaling', rows, { timing: 'p50/p99: one request at a time on one connection; reqPerSec8/p99ms8: autocannon, 8 connections' });
