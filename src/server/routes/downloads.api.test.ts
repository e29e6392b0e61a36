import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloads } from '../db/schema';
import { recordDownload } from '../services/downloads/record-download';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';

describe(`downloads without an installer configured (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('tells the client the download is not available yet and there is no demo video', async () => {
    const res = await t.call('GET', '/api/v1/downloads/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { windows: { available: false, href: '/api/v1/downloads/windows', release: null }, macos: { available: false }, demoVideoUrl: null },
    });
  });

  it('answers the download with a 404 that says so, and counts nothing', async () => {
    const res = await t.call('GET', '/api/v1/downloads/windows');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'DOWNLOAD_UNAVAILABLE', message: 'The Windows download is not available yet. Please check back soon.' });
    expect(await t.db.select().from(downloads)).toHaveLength(0);
  });
});

describe(`downloads with an installer configured (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  const installer = 'https://downloads.example.com/StealthBrowserSetup-2.1.0.exe';
  beforeAll(async () => {
    t = await createTestApp({ INSTALLER_URL_WINDOWS: installer, DEMO_VIDEO_URL: 'https://cdn.example.com/demo.mp4' });
  });
  afterAll(() => t.close());

  it('offers the Windows download and the demo video', async () => {
    const res = await t.call('GET', '/api/v1/downloads/config');
    expect(res.json().data).toEqual({
      windows: { available: true, href: '/api/v1/downloads/windows', release: null },
      macos: { available: false },
      demoVideoUrl: 'https://cdn.example.com/demo.mp4',
    });
  });

  it('redirects every download to the installer, uncached, and counts an address once an hour with its browser family, not its address', async () => {
    const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
    // A flood from one address, each request with a different 500-character user agent: every one gets the installer.
    for (let i = 0; i < 40; i++) {
      const res = await t.call('GET', '/api/v1/downloads/windows', { headers: { 'user-agent': `${chrome} ${String(i).padEnd(400, 'x')}` }, remoteAddress: '198.51.100.7' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(installer);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // Another address, and the same IPv6 /64 twice (one budget, as the rate limits count it).
    await t.call('GET', '/api/v1/downloads/windows', {
      headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 11.0; rv:133.0) Gecko/20100101 Firefox/133.0' },
      remoteAddress: '203.0.113.9',
    });
    await t.call('GET', '/api/v1/downloads/windows', { headers: { 'user-agent': chrome }, remoteAddress: '2001:db8:1:2::10' });
    await t.call('GET', '/api/v1/downloads/windows', { headers: { 'user-agent': chrome }, remoteAddress: '2001:db8:1:2::99' });

    const rows = await t.db.select().from(downloads);
    expect(rows.map((r) => [r.platform, r.userAgent]).sort()).toEqual([
      ['windows', 'Chrome on Windows'],
      ['windows', 'Chrome on Windows'],
      ['windows', 'Firefox on Windows'],
    ]);
    const stored = JSON.stringify(rows);
    for (const address of ['198.51.100.7', '203.0.113.9', '2001:db8:1:2']) expect(stored).not.toContain(address);
    expect(new Set(rows.map((r) => r.visitor)).size).toBe(3);
  });

  it('counts the same address again in the next hour, under a hash that does not link the two hours', async () => {
    await t.db.delete(downloads);
    const at = new Date('2026-11-20T10:15:00Z');
    const again = [at, new Date('2026-11-20T10:59:59Z'), new Date('2026-11-20T11:00:00Z')];
    const counted = [];
    for (const now of again) counted.push(await recordDownload(t.app.ctx, 'windows', '198.51.100.7', 'curl/8.0', now));
    expect(counted).toEqual([true, false, true]);
    const rows = await t.db.select().from(downloads).orderBy(downloads.createdAt);
    expect(rows.map((r) => [r.countedHour?.toISOString(), r.userAgent])).toEqual([
      ['2026-11-20T10:00:00.000Z', 'curl on Unknown'],
      ['2026-11-20T11:00:00.000Z', 'curl on Unknown'],
    ]);
    expect(rows[0].visitor).not.toBe(rows[1].visitor);
  });
});

describe(`downloads behind a load balancer (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ INSTALLER_URL_WINDOWS: 'https://downloads.example.com/setup.exe', TRUST_PROXY: '10.0.0.0/8' });
  });
  afterAll(() => t.close());

  it('counts by the client address the balancer names, and a forged X-Forwarded-For from outside buys no second count', async () => {
    const viaBalancer = (client: string) => t.call('GET', '/api/v1/downloads/windows', { headers: { 'x-forwarded-for': client }, remoteAddress: '10.0.0.5' });
    for (const client of ['198.51.100.1', '198.51.100.2', '198.51.100.1']) expect((await viaBalancer(client)).statusCode).toBe(302);
    // Straight to the instance, writing a different client each time: the peer's own address counts, once.
    for (const forged of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
      expect((await t.call('GET', '/api/v1/downloads/windows', { headers: { 'x-forwarded-for': forged }, remoteAddress: '203.0.113.50' })).statusCode).toBe(302);
    }
    expect(await t.db.select().from(downloads)).toHaveLength(3);
  });
});
