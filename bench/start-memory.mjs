// Start and memory: time from process start to the first served request, and resident memory idle and under load.
import autocannon from 'autocannon';
import { build, record, startServer } from './lib.mjs';

if (!process.argv.includes('--no-build')) build();
const rows = [];
for (const db of ['pglite', 'postgres']) {
  let server;
  try {
    server = await startServer({ port: 3402, db });
  } catch (err) {
    rows.push({ database: db, error: String(err.message ?? err) });
    continue;
  }
  try {
    await new Promise((r) => setTimeout(r, 2000));
    const idle = server.rssMb();
    let peak = idle;
    const timer = setInterval(() => (peak = Math.max(peak, server.rssMb() ?? 0)), 200);
    await autocannon({ url: `${server.url}/api/v1/blog/posts?page=1`, connections: 64, duration: Number(process.env.BENCH_LOAD_SECONDS ?? 10) });
    clearInterval(timer);
    rows.push({ database: db, firstRequestMs: Math.round(server.startMs), rssIdleMb: idle, rssUnderLoadMb: peak });
  } finally {
    await server.stop();
  }
}
record('start-memory', rows);
