// Start and memory: time from process start to the first served request, and resident memory idle and under
// load, on PGlite and PostgreSQL. The first start is on an empty database (PGlite creates its cluster, every
// migration runs, content is seeded); the restart is what a deploy or a crash recovery costs.
import { autocannon, build, loadNow, record, startServer } from './lib.mjs';

const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);

if (!process.argv.includes('--no-build')) build();
const rows = [];
for (const db of ['pglite', 'postgres']) {
  let first;
  let server;
  try {
    first = await startServer({ port: Number(process.env.BENCH_PORT ?? 3402), db });
    await first.stop({ keepData: true });
    server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3402), db, reuse: first.data });
  } catch (err) {
    rows.push({ database: db, error: String(err.message ?? err) });
    continue;
  }
  try {
    await new Promise((r) => setTimeout(r, 2000));
    const idle = server.rssMb();
    let peak = idle;
    const timer = setInterval(() => (peak = Math.max(peak, server.rssMb() ?? 0)), 200);
    await autocannon({ url: `${server.url}/api/v1/blog/posts?page=1`, connections: 64, duration: LOAD_SECONDS });
    clearInterval(timer);
    rows.push({
      database: db,
      firstStartMs: Math.round(first.startMs),
      restartMs: Math.round(server.startMs),
      rssIdleMb: idle,
      rssUnderLoadMb: peak,
      load1: loadNow()[0],
    });
  } finally {
    await server.stop();
  }
}
record('start-memory', rows, { note: 'firstStartMs: empty database (cluster, migrations, seed); restartMs: the same data again' });
