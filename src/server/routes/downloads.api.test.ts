import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloads } from '../db/schema';
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
      data: { windows: { available: false, href: '/api/v1/downloads/windows' }, macos: { available: false }, demoVideoUrl: null },
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
    expect(res.json().data).toEqual({ windows: { available: true, href: '/api/v1/downloads/windows' }, macos: { available: false }, demoVideoUrl: 'https://cdn.example.com/demo.mp4' });
  });

  it('counts each download and redirects to the installer, uncached', async () => {
    for (const ua of ['Mozilla/5.0 (Windows NT 10.0; Win64; x64)', 'Mozilla/5.0 (Windows NT 11.0)']) {
      const res = await t.call('GET', '/api/v1/downloads/windows', { headers: { 'user-agent': ua } });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(installer);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const rows = await t.db.select().from(downloads);
    expect(rows.map((r) => [r.platform, r.userAgent]).sort()).toEqual([
      ['windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)'],
      ['windows', 'Mozilla/5.0 (Windows NT 11.0)'],
    ]);
  });
});
