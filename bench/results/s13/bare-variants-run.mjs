// Session 13: bare Fastify with the app's framework parts added one at a time (bare-variants.mjs), instructions per request
// under callgrind. Run from the repository root: VARIANTS='ERR;ZOD,ERR,COMPRESS,ROUTES' node bench/results/s13/bare-variants-run.mjs
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { autocannon } from '../../lib.mjs';
const load = (url, amount) => new Promise((res, rej) => autocannon({ url, connections: 8, amount }, (e, r) => (e ? rej(e) : res(r))));
for (const variant of (process.env.VARIANTS ?? ',ZOD,ERR,COMPRESS,ROUTES').split(';')) {
  const dir = mkdtempSync('/tmp/ib3-');
  const env = { ...process.env, ...Object.fromEntries(variant.split(',').filter(Boolean).map((v) => [v, '1'])) };
  const child = spawn('valgrind', ['--tool=callgrind', '--dump-line=no', `--log-file=${dir}/vg.log`, `--callgrind-out-file=${dir}/cg.out`, process.execPath, 'bench/results/s13/bare-variants.mjs', '4811'], { stdio: 'ignore', env });
  for (;;) { try { if ((await fetch('http://127.0.0.1:4811/')).ok) break; } catch {} await new Promise((r) => setTimeout(r, 200)); }
  const url = 'http://127.0.0.1:4811/api/v1/health/live';
  await load(url, 20000);
  const seen = new Set(); const xs = [];
  for (let i = 0; i < 4; i++) {
    for (const f of readdirSync(dir)) seen.add(f);
    execFileSync('callgrind_control', ['-z', String(child.pid)], { stdio: 'ignore' });
    const r = await load(url, 4000);
    execFileSync('callgrind_control', ['-d', String(child.pid)], { stdio: 'ignore' });
    const f = readdirSync(dir).find((x) => x.startsWith('cg.out.') && !seen.has(x));
    xs.push(Number(/^totals: (\d+)/m.exec(readFileSync(`${dir}/${f}`, 'utf8'))[1]) / r.requests.total / 1000);
  }
  console.log((variant || 'base').padEnd(28), Math.min(...xs).toFixed(1) + 'k', xs.map((x) => x.toFixed(1)).join(' '));
  child.kill(); await new Promise((r) => child.once('exit', r));
}
