// Lighthouse (mobile preset, median of 3 runs) on /, /blog, a post and /contact-us, with Debian's Chromium.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, loadNow, record, ROOT, startServer } from './lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

if (!process.argv.includes('--no-build')) build();
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3405) });
const rows = [];
try {
  const posts = await (await fetch(`${server.url}/api/v1/blog/posts?page=1`)).json().catch(() => null);
  const slug = posts?.data?.posts?.[0]?.slug ?? 'stealth-browser-overview';
  for (const page of ['/', '/blog', `/blog/${slug}`, '/contact-us']) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const out = path.join(os.tmpdir(), `lh-${process.pid}-${i}.json`);
      // Lighthouse now and then fails to record a trace (NO_NAVSTART) on a busy machine: such a run is repeated.
      let res;
      for (let attempt = 0; attempt < 3 && res?.status !== 0; attempt++)
        res = spawnSync(
          process.execPath,
          [
            path.join(ROOT, 'node_modules/lighthouse/cli/index.js'),
            server.url + page,
            '--quiet',
            '--output=json',
            `--output-path=${out}`,
            '--only-categories=performance,accessibility,best-practices,seo',
            `--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync`,
          ],
          { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' }, stdio: ['ignore', 'ignore', 'inherit'] },
        );
      if (res.status !== 0) throw new Error(`lighthouse failed on ${page}`);
      const lhr = JSON.parse(readFileSync(out, 'utf8'));
      // BENCH_LH_KEEP=dir keeps every report (to read which audits cost points); otherwise they are removed.
      if (process.env.BENCH_LH_KEEP) {
        mkdirSync(process.env.BENCH_LH_KEEP, { recursive: true });
        copyFileSync(out, path.join(process.env.BENCH_LH_KEEP, `${page.replace(/\W+/g, '_') || 'root'}-${i}.json`));
      }
      rmSync(out, { force: true });
      runs.push({
        performance: Math.round(lhr.categories.performance.score * 100),
        accessibility: Math.round(lhr.categories.accessibility.score * 100),
        bestPractices: Math.round(lhr.categories['best-practices'].score * 100),
        seo: Math.round(lhr.categories.seo.score * 100),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
        cls: Math.round(lhr.audits['cumulative-layout-shift'].numericValue * 1000) / 1000,
        tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
      });
    }
    const pick = (k) => median(runs.map((r) => r[k]));
    rows.push({
      page,
      load1: loadNow()[0],
      performance: pick('performance'),
      accessibility: pick('accessibility'),
      bestPractices: pick('bestPractices'),
      seo: pick('seo'),
      lcpMs: pick('lcpMs'),
      cls: pick('cls'),
      tbtMs: pick('tbtMs'),
    });
  }
} finally {
  await server.stop();
}
record('lighthouse', rows, { runs: RUNS, preset: 'mobile (Lighthouse default)' });
