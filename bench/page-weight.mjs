// Page weight: gzip bytes of the JavaScript and CSS that /, /blog and a post load before interaction.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { build, record, startServer } from './lib.mjs';

const BUDGET_KB = 110;
// The signed-in and admin screens' own chunks (a name, then Vite's 8-character hash): never on the landing page.
const FORBIDDEN_ON_LANDING = /\/assets\/(admin|billing|account|settings|dashboard|checkout|overview)-[\w-]{8}\.js$/;
// The landing page in each language (issue 18) is held to the same budget.
const LANDINGS = ['/', '/hi', '/es', '/fr'];

if (!process.argv.includes('--no-build')) build();
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3401) });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const rows = [];
try {
  const posts = await (await fetch(`${server.url}/api/v1/blog/posts?page=1`)).json().catch(() => null);
  const slug = posts?.data?.posts?.[0]?.slug ?? 'stealth-browser-overview';
  for (const pagePath of [...LANDINGS, '/blog', `/blog/${slug}`]) {
    const page = await browser.newPage();
    const assets = [];
    page.on('response', async (res) => {
      const type = res.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      try {
        assets.push({ url: res.url(), type, gz: gzipSync(await res.body()).length });
      } catch {
        // a response without a body (redirect) weighs nothing
      }
    });
    await page.goto(server.url + pagePath, { waitUntil: 'networkidle' });
    await page.close();
    if (process.env.BENCH_DETAIL) {
      // Which chunks make the weight, heaviest first (BENCH_DETAIL=1).
      console.log(`\n${pagePath}`);
      for (const a of [...assets].sort((x, y) => y.gz - x.gz)) console.log(`  ${(a.gz / 1024).toFixed(1).padStart(6)} KB  ${new URL(a.url).pathname}`);
    }
    const js = assets.filter((a) => a.type === 'script');
    const css = assets.filter((a) => a.type === 'stylesheet');
    const kb = (list) => Math.round((list.reduce((s, a) => s + a.gz, 0) / 1024) * 10) / 10;
    const forbidden = LANDINGS.includes(pagePath) ? js.filter((a) => FORBIDDEN_ON_LANDING.test(a.url)).map((a) => new URL(a.url).pathname) : [];
    rows.push({
      page: pagePath,
      jsKbGzip: kb(js),
      cssKbGzip: kb(css),
      scripts: js.length,
      ...(LANDINGS.includes(pagePath) ? { budgetKb: BUDGET_KB, withinBudget: kb(js) <= BUDGET_KB, forbiddenChunks: forbidden.join(' ') || 'none' } : {}),
    });
  }
} finally {
  await browser.close();
  await server.stop();
}
record('page-weight', rows);
