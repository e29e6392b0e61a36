import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { load } from 'js-yaml';
import { Provider } from 'electron-updater/out/providers/Provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLease } from '#shared/licence/lease';
import { queryRows } from '../db/client';
import { releases } from '../db/schema';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { activateDevice, machine, refreshLease } from '../test/devices';
import { sha512, uploadRelease } from '../test/releases';
import { createUserAndLogin } from '../test/users';

/**
 * What a release changes beyond the feeds (decision 190): its blockmap beside the installer, the downloads counted for
 * it, the changelog and its RSS feed, the public version every kept answer is made at, and a required release that
 * forces older programs forward through the licence lease.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ RELEASE_MAX_BYTES: String(2 * 1024 * 1024) });
  admin = (await createUserAndLogin(t, { role: 'admin' })).token;
});
afterAll(() => t.close());

const patch = (id: string, body: Record<string, unknown>) => t.call('PATCH', `/api/v1/admin/releases/${id}`, { token: admin, body });
const adminList = async () => (await t.call('GET', '/api/v1/admin/releases', { token: admin })).json().data.releases as { id: string; downloads: number; blockmap: boolean }[];
const changelog = async () => (await t.call('GET', '/api/v1/changelog')).json().data.releases as { version: string; date: string; notesHtml: string }[];
const publicVersion = async () => Number((await queryRows<{ v: string }>(t.db, sql`SELECT v FROM blog_posts_version`))[0]?.v);

describe(`a release on the site on ${TEST_DB_KIND}`, () => {
  const installer = randomBytes(300_000);
  const blockmap = randomBytes(2_000);
  let id: string;

  it("an installer with its blockmap: both kept, the blockmap served at the installer's address + .blockmap, ranges too", async () => {
    const res = await uploadRelease(
      t,
      admin,
      { version: '3.0.0', notes: 'Faster start' },
      { name: 'setup-3.0.0.exe', data: installer },
      { field: 'blockmap', name: 'setup-3.0.0.exe.blockmap', data: blockmap },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ blockmap: true, size: installer.length, sha512: sha512(installer), downloads: 0 });
    id = res.json().data.id;
    // A draft's blockmap is no more served than its installer.
    expect((await t.app.inject({ method: 'GET', url: `/updates/files/${id}/setup-3.0.0.exe.blockmap` })).statusCode).toBe(404);
    await patch(id, { status: 'published' });
    const feed = load((await t.app.inject({ method: 'GET', url: '/updates/win/latest.yml?device=d1' })).body) as { files: { url: string }[] };
    // electron-updater asks for the blockmap at the file's URL with ".blockmap" added to its path, the query kept.
    const url = new URL(feed.files[0]!.url);
    const map = await t.app.inject({ method: 'GET', url: `${url.pathname}.blockmap${url.search}` });
    expect(map.statusCode).toBe(200);
    expect(Buffer.compare(map.rawPayload, blockmap)).toBe(0);
    const part = await t.app.inject({ method: 'GET', url: `${url.pathname}.blockmap`, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(Buffer.compare(part.rawPayload, blockmap.subarray(100, 200))).toBe(0);
    // Another name is no file of it.
    expect((await t.app.inject({ method: 'GET', url: `${url.pathname}.sig` })).statusCode).toBe(404);
  });

  it("serves the running version's blockmap where electron-updater's differential download asks for it", async () => {
    const next = randomBytes(2_500);
    const res = await uploadRelease(
      t,
      admin,
      { version: '3.0.3' },
      { name: 'setup-3.0.3.exe', data: randomBytes(1000) },
      { field: 'blockmap', name: 'setup-3.0.3.exe.blockmap', data: next },
    );
    const newer = res.json().data.id as string;
    await patch(newer, { status: 'published' });
    // Its own code: the blockmaps of 3.0.0 (running) and 3.0.3 (offered), from the offered installer's address.
    const [oldUrl, newUrl] = (Provider.prototype as unknown as { getBlockMapFiles: (u: URL, o: string, n: string) => URL[] }).getBlockMapFiles(
      new URL(`${t.config.publicUrl}/updates/files/${newer}/setup-3.0.3.exe?device=d1`),
      '3.0.0',
      '3.0.3',
    );
    const get = (u: URL) => t.app.inject({ method: 'GET', url: u.pathname + u.search });
    expect(Buffer.compare((await get(newUrl!)).rawPayload, next)).toBe(0);
    const old = await get(oldUrl!);
    expect(old.statusCode).toBe(200);
    expect(Buffer.compare(old.rawPayload, blockmap)).toBe(0);
    await patch(newer, { status: 'yanked' });
  });

  it('answers a HEAD with the headers and reads nothing from storage', async () => {
    const reads: unknown[] = [];
    const read = t.app.ctx.storage.read.bind(t.app.ctx.storage);
    t.app.ctx.storage.read = async (...args) => {
      reads.push(args);
      return read(...args);
    };
    try {
      const url = `/updates/files/${id}/setup-3.0.0.exe`;
      const whole = await t.app.inject({ method: 'HEAD', url });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-length']).toBe(String(installer.length));
      const many = await t.app.inject({
        method: 'HEAD',
        url,
        headers: {
          range: Array.from({ length: 500 }, (_, i) => `${i * 2}-${i * 2}`)
            .join(',')
            .replace(/^/, 'bytes='),
        },
      });
      expect(many.statusCode).toBe(206);
      expect(reads).toHaveLength(0);
      expect((await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-9' } })).rawPayload).toHaveLength(10);
      expect(reads).toHaveLength(1);
    } finally {
      t.app.ctx.storage.read = read;
    }
  });

  it('notes longer than a form field may carry are refused, not cut short', async () => {
    const res = await uploadRelease(t, admin, { version: '3.0.9', notes: 'है'.repeat(27_000) }, { name: 'long.exe', data: randomBytes(100) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'TEXT_TOO_LONG', field: 'notes' });
  });

  it('a blockmap past its limit is refused with its own code, and neither the release nor its installer is kept', async () => {
    const removed: string[] = [];
    const remove = t.app.ctx.storage.remove.bind(t.app.ctx.storage);
    t.app.ctx.storage.remove = async (bucket, key) => {
      removed.push(key);
      return remove(bucket, key);
    };
    try {
      const res = await uploadRelease(
        t,
        admin,
        { version: '3.0.1' },
        { name: 'setup-3.0.1.exe', data: randomBytes(1000) },
        { field: 'blockmap', name: 'x.blockmap', data: randomBytes(2 * 1024 * 1024 + 1) },
      );
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'BLOCKMAP_TOO_LARGE', params: { maxMb: 2 } });
    } finally {
      t.app.ctx.storage.remove = remove;
    }
    expect(await t.db.select().from(releases).where(eq(releases.version, '3.0.1'))).toHaveLength(0);
    // The installer it had stored is gone from storage too.
    const installerKey = removed.find((k) => k.endsWith('-setup-3.0.1.exe'));
    expect(installerKey).toBeDefined();
    await expect(t.app.ctx.storage.read('releases', installerKey!)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it("downloads from the site's button are counted for the release they gave, once per address and hour", async () => {
    const from = (address: string) => t.app.inject({ method: 'GET', url: '/api/v1/downloads/windows', remoteAddress: address });
    for (const address of ['203.0.113.5', '203.0.113.5', '203.0.113.6']) expect((await from(address)).statusCode).toBe(302);
    expect((await adminList()).find((r) => r.id === id)).toMatchObject({ downloads: 2 });
  });

  it('the changelog lists the published stable releases, newest first, with Markdown notes as clean HTML; drafts, betas and yanked ones stay out', async () => {
    const older = await uploadRelease(
      t,
      admin,
      { version: '2.9.0', notes: '## Fixed\n\n- [Details](javascript:alert(1)) <img src=x onerror=alert(1)>' },
      { name: 'a.exe', data: randomBytes(100) },
    );
    await patch(older.json().data.id, { status: 'published' });
    const draft = await uploadRelease(t, admin, { version: '3.1.0' }, { name: 'b.exe', data: randomBytes(100) });
    const beta = await uploadRelease(t, admin, { version: '3.2.0-beta.1', channel: 'beta' }, { name: 'c.exe', data: randomBytes(100) });
    await patch(beta.json().data.id, { status: 'published' });
    const yanked = await uploadRelease(t, admin, { version: '2.9.5' }, { name: 'd.exe', data: randomBytes(100) });
    await patch(yanked.json().data.id, { status: 'published' });
    await patch(yanked.json().data.id, { status: 'yanked' });
    expect(draft.statusCode).toBe(201);

    const log = await changelog();
    expect(log.map((r) => r.version)).toEqual(['3.0.0', '2.9.0']);
    expect(log[0]!.notesHtml).toBe('<p>Faster start</p>');
    expect(log[1]!.notesHtml).toContain('<h2>Fixed</h2>');
    expect(log[1]!.notesHtml).not.toMatch(/javascript:|onerror/);
    expect(Number.isNaN(Date.parse(log[0]!.date))).toBe(false);

    const rss = await t.app.inject({ method: 'GET', url: '/changelog/rss.xml' });
    expect(rss.statusCode).toBe(200);
    expect(rss.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const titles = [...rss.body.matchAll(/<item>\s*<title>([^<]+)<\/title>\s*<link>([^<]+)<\/link>/g)].map((m) => [m[1], m[2]]);
    expect(titles).toEqual([
      ['Stealth Browser 3.0.0', `${t.config.publicUrl}/changelog#v3.0.0`],
      ['Stealth Browser 2.9.0', `${t.config.publicUrl}/changelog#v2.9.0`],
    ]);
    expect(rss.body).toContain('&lt;p&gt;Faster start&lt;/p&gt;');
  });

  it('every change of a release bumps the public version, so kept answers (changelog, feed, RSS) show it at once', async () => {
    const before = await publicVersion();
    expect((await changelog())[0]!.notesHtml).toBe('<p>Faster start</p>');
    await patch(id, { notes: 'Faster start, *smaller* download' });
    expect(await publicVersion()).toBeGreaterThan(before);
    expect((await changelog())[0]!.notesHtml).toBe('<p>Faster start, <em>smaller</em> download</p>');
    expect((await t.app.inject({ method: 'GET', url: '/changelog/rss.xml' })).body).toContain('&lt;em&gt;smaller&lt;/em&gt;');
    expect(load((await t.app.inject({ method: 'GET', url: '/updates/win/latest.yml' })).body)).toMatchObject({ releaseNotes: '<p>Faster start, <em>smaller</em> download</p>' });
    // Counting a download changes no release: the version stays.
    const counted = await publicVersion();
    await t.app.inject({ method: 'GET', url: '/api/v1/downloads/windows', remoteAddress: '203.0.113.77' });
    expect(await publicVersion()).toBe(counted);
  });

  it('a required release forces older programs forward: their refresh is refused naming it, and a lease names it as min_app_version', async () => {
    const u = await createUserAndLogin(t);
    const device = await activateDevice(t, u.token, machine('Asha laptop', { appVersion: '3.0.0' }));
    const required = await uploadRelease(t, admin, { version: '3.0.2', required: 'true' }, { name: 'fix.exe', data: randomBytes(100) });
    expect(required.json().data).toMatchObject({ required: true, status: 'draft' });
    // A draft forces nothing.
    expect((await refreshLease(t, u.token, device, '3.0.0')).statusCode).toBe(200);
    await patch(required.json().data.id, { status: 'published' });
    const old = await refreshLease(t, u.token, device, '3.0.0');
    expect(old.statusCode).toBe(403);
    expect(old.json()).toMatchObject({ code: 'APP_TOO_OLD', params: { minVersion: '3.0.2' } });
    const updated = await refreshLease(t, u.token, device, '3.0.2');
    expect(updated.statusCode, updated.body).toBe(200);
    const jwks = (await t.call('GET', '/.well-known/jwks.json')).json();
    const claims = await verifyLease(updated.json().data.lease, jwks, { now: Math.floor(Date.now() / 1000), issuer: t.config.publicUrl });
    expect(claims.min_app_version).toBe('3.0.2');
    // No longer required: the configured floor again.
    await patch(required.json().data.id, { required: false });
    expect((await refreshLease(t, u.token, device, '3.0.0')).statusCode).toBe(200);
  });
});
