import { chromium } from 'playwright';
const url = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading'] });
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(1500);
const buf = await browser.stopTracing();
const events = JSON.parse(buf.toString()).traceEvents;
const main = events.filter((e) => e.name === 'RunTask' && e.dur > 15000);
const t0 = events.find((e) => e.name === 'navigationStart')?.ts ?? main[0]?.ts;
for (const t of main) {
  const inside = events.filter((e) => e.tid === t.tid && e.pid === t.pid && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur && e.name !== 'RunTask' && (e.dur ?? 0) > 2000);
  const top = inside.sort((a, b) => b.dur - a.dur).slice(0, 6).map((e) => `${e.name}${(e.args?.data?.url ?? e.args?.url) ? '(' + (e.args.data?.url ?? e.args.url).split('/').pop() + ')' : ''}${e.args?.data?.functionName ? '[' + e.args.data.functionName + ']' : ''}:${Math.round(e.dur / 1000)}`);
  console.log(Math.round((t.ts - t0) / 1000), 'ms  dur', Math.round(t.dur / 1000), '|', top.join(', '));
}
for (const n of ['firstContentfulPaint', 'largestContentfulPaint::Candidate']) { const e = events.find((x) => x.name === n); if (e) console.log(n, Math.round((e.ts - t0) / 1000)); }
await browser.close();
