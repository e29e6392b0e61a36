import { chromium } from 'playwright';
const base = process.argv[2];
const paths = process.argv.slice(3);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const p of paths) {
  const page = await browser.newPage();
  const logs = [];
  page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
  await page.goto(base + p, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const h1 = await page.locator('h1').first().textContent().catch(() => null);
  console.log(p, '| h1:', h1, '| logs:', logs.length ? logs.join(' || ') : 'none');
  await page.close();
}
await browser.close();
