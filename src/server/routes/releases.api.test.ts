import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { load } from 'js-yaml';
import { AppUpdater } from 'electron-updater/out/AppUpdater';
import { parseUpdateInfo, resolveFiles } from 'electron-updater/out/providers/Provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, releases } from '../db/schema';
import { rolloutBucket } from '#shared/licence/rollout';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { releaseForm as form, sha512, uploadRelease } from '../test/releases';
import { createUserAndLogin } from '../test/users';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ RELEASE_MAX_BYTES: String(4 * 1024 * 1024) });
  admin = (await createUserAndLogin(t, { role: 'admin' })).token;
});
afterAll(() => t.close());

const upload = (fields: Record<string, string>, file?: { name: string; data: Buffer }, token = admin) => uploadRelease(t, token, fields, ...(file ? [file] : []));
const patch = (id: string, body: Record<string, unknown>) => t.call('PATCH', `/api/v1/admin/releases/${id}`, { token: admin, body });
/** The feed as electron-updater reads it: js-yaml's load, as its providers parse latest.yml. */
const feed = async (query = '', name = 'latest.yml') => {
  const res = await t.app.inject({ method: 'GET', url: `/updates/win/${name}${query}` });
  return { status: res.statusCode, type: res.headers['content-type'], body: res.statusCode === 200 ? (load(res.body) as Record<string, unknown>) : null, raw: res.body };
};
/** Release notes as an admin writes them: Markdown, with HTML that must not reach a page. */
const NOTES = '**First** release\n\n- hidden from screen sharing <script>alert(1)</script>';

describe(`the desktop program's releases and electron-updater's feed on ${TEST_DB_KIND}`, () => {
  const v1 = randomBytes(3 * 1024 * 1024);
  const v2 = randomBytes(1024 * 1024 + 7);
  let first: { id: string };
  let second: { id: string };

  it('an admin uploads an installer: streamed, hashed (SHA-512 base64, SHA-256 hex), a draft no feed offers, in the audit log', async () => {
    const res = await upload({ version: '1.0.0', notes: NOTES }, { name: 'Stealth Browser Setup 1.0.0.exe', data: v1 });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      version: '1.0.0',
      channel: 'stable',
      status: 'draft',
      rolloutPercent: 100,
      fileName: 'Stealth-Browser-Setup-1.0.0.exe',
      size: v1.length,
      sha512: sha512(v1),
      sha256: createHash('sha256').update(v1).digest('hex'),
      publishedAt: null,
    });
    first = data;
    expect((await feed()).status).toBe(404);
    const logged = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'release.create'));
    expect(logged.map((r) => r.details)).toContainEqual(expect.objectContaining({ releaseId: data.id, version: '1.0.0', size: v1.length }));
  });

  it('a version is semver and unique per channel; a wrong field or no installer is refused and keeps nothing', async () => {
    const taken = await upload({ version: '1.0.0' }, { name: 'again.exe', data: randomBytes(100) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'RELEASE_VERSION_TAKEN', params: { version: '1.0.0', channel: 'stable' } });
    for (const version of ['1.0', 'v1.0.0', '01.0.0', '1.0.0 ']) {
      const res = await upload({ version }, { name: 'x.exe', data: randomBytes(100) });
      expect(res.statusCode, version).toBe(version === '1.0.0 ' ? 409 : 400);
      // Refused as a request schema's field is: by code, with the field it is about.
      if (version !== '1.0.0 ')
        expect(res.json(), version).toMatchObject({ error: 'VALIDATION_ERROR', code: version === '1.0' ? 'TOO_SHORT' : 'INVALID_FORMAT', field: 'version' });
    }
    const rollout = await upload({ version: '1.0.1', rolloutPercent: '101' }, { name: 'x.exe', data: randomBytes(100) });
    expect(rollout.json()).toMatchObject({ error: 'VALIDATION_ERROR', code: 'NUMBER_TOO_LARGE', params: { max: 100 }, field: 'rolloutPercent' });
    expect((await upload({ version: '1.0.1' })).json()).toMatchObject({ code: 'INSTALLER_MISSING' });
    // A file under another name, or fields after the file, are refused without reading it.
    const { payload, headers } = form({ version: '1.0.1' });
    const misnamed = Buffer.concat([
      payload.subarray(0, payload.lastIndexOf('--')),
      Buffer.from(`${headers['content-type'].split('boundary=')[1]}\r\nContent-Disposition: form-data; name="file"; filename="x.exe"\r\n\r\nMZ\r\n--`),
      payload.subarray(payload.lastIndexOf('--') + 2),
    ]);
    const wrongField = await t.app.inject({ method: 'POST', url: '/api/v1/admin/releases', payload: misnamed, headers: { ...headers, authorization: `Bearer ${admin}` } });
    expect(wrongField.json()).toMatchObject({ code: 'INSTALLER_MISSING' });
    // A name of dots and slashes is stored under a plain one.
    const odd = await upload({ version: '1.0.2' }, { name: '../..\\..exe', data: randomBytes(100) });
    expect(odd.statusCode, odd.body).toBe(201);
    expect(odd.json().data.fileName).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]*$/);
    // The same version on the beta channel is another release.
    expect((await upload({ version: '1.0.0', channel: 'beta' }, { name: 'beta.exe', data: randomBytes(100) })).statusCode).toBe(201);
    expect(await t.db.select().from(releases).where(eq(releases.version, '1.0.1'))).toHaveLength(0);
    await patch(odd.json().data.id, { status: 'yanked' });
  });

  it('an installer past RELEASE_MAX_BYTES is stopped with 413 and nothing is kept', async () => {
    const res = await upload({ version: '9.9.9' }, { name: 'huge.exe', data: randomBytes(4 * 1024 * 1024 + 1) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'RELEASE_TOO_LARGE', params: { maxMb: 4 } });
    expect(await t.db.select().from(releases).where(eq(releases.version, '9.9.9'))).toHaveLength(0);
  });

  it('published, latest.yml offers it as electron-updater reads it, and the bytes it downloads have the SHA-512 the feed says', async () => {
    const published = await patch(first.id, { status: 'published' });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data.publishedAt).not.toBeNull();
    const { status, type, body, raw } = await feed();
    expect(status).toBe(200);
    expect(type).toBe('text/yaml; charset=utf-8');
    expect(body).toMatchObject({ version: '1.0.0', sha512: sha512(v1) });
    // The notes, written in Markdown, as HTML cleaned by the blog's rule.
    expect(body!.releaseNotes).toBe('<p><strong>First</strong> release</p>\n<ul>\n<li>hidden from screen sharing </li>\n</ul>');
    // Quoted, so that YAML gives electron-updater the text it expects, never a Date.
    expect(typeof body!.releaseDate).toBe('string');
    expect(raw).toContain("releaseDate: '");
    const [file] = body!.files as { url: string; sha512: string; size: number }[];
    expect(file).toMatchObject({ sha512: sha512(v1), size: v1.length });
    expect(body!.path).toBe(file!.url);
    expect(body).not.toHaveProperty('stagingPercentage');
    const url = new URL(file!.url);
    expect(url.origin).toBe(t.config.publicUrl);
    const download = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(download.statusCode).toBe(200);
    expect(download.headers['accept-ranges']).toBe('bytes');
    expect(sha512(download.rawPayload)).toBe(file!.sha512);
    const part = await t.app.inject({ method: 'GET', url: url.pathname, headers: { range: 'bytes=1000-1999, 2000000-2000099' } });
    expect(part.statusCode).toBe(206);
    expect(String(part.headers['content-type'])).toMatch(/^multipart\/byteranges; boundary=/);
  });

  it("the site's download gives the latest stable release, and the dialog's config names its version, size and SHA-256", async () => {
    const config = (await t.call('GET', '/api/v1/downloads/config')).json().data.windows;
    expect(config).toEqual({
      available: true,
      href: '/api/v1/downloads/windows',
      release: { version: '1.0.0', size: v1.length, sha256: createHash('sha256').update(v1).digest('hex') },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/downloads/windows' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${t.config.publicUrl}/updates/files/${first.id}/Stealth-Browser-Setup-1.0.0.exe`);
  });

  it('a release at 50 %: a device in the bucket is offered it, one outside the one before, with the feed query on the file URL; yanked, nobody is', async () => {
    const res = await upload({ version: '1.1.0', rolloutPercent: '50' }, { name: 'setup-1.1.0.exe', data: v2 });
    expect(res.statusCode, res.body).toBe(201);
    second = res.json().data;
    await patch(second.id, { status: 'published' });
    const ids = Array.from({ length: 200 }, (_, i) => `device-${i}`);
    const inside = ids.find((id) => rolloutBucket(id) < 50)!;
    const outside = ids.find((id) => rolloutBucket(id) >= 50)!;
    const inFeed = await feed(`?device=${inside}&token=abc`);
    expect(inFeed.body).toMatchObject({ version: '1.1.0', sha512: sha512(v2) });
    expect(inFeed.body).not.toHaveProperty('stagingPercentage');
    expect((inFeed.body!.files as { url: string }[])[0]!.url).toMatch(new RegExp(`/updates/files/${second.id}/setup-1.1.0.exe\\?device=${inside}&token=abc$`));
    expect((await feed(`?device=${outside}`)).body).toMatchObject({ version: '1.0.0' });
    // Without a device, electron-updater decides by its own id: the feed says the percentage, as an integer.
    expect((await feed()).body).toMatchObject({ version: '1.1.0', stagingPercentage: 50 });
    // electron-updater's own code: its provider parses the feed and resolves the file against the feed's address (the
    // device's query carried on, as the site wrote it), and its staging check reads the percentage by its own id.
    // The generic provider's base URL, as its newBaseUrl makes it of the `url` the program is configured with.
    const base = new URL(`${t.config.publicUrl}/updates/win/?device=${inside}&token=abc`);
    const raw = (await t.app.inject({ method: 'GET', url: `/updates/win/latest.yml${base.search}` })).body;
    const [resolved] = resolveFiles(parseUpdateInfo(raw, 'latest.yml', base), base);
    expect(resolved!.url.href).toBe((inFeed.body!.files as { url: string }[])[0]!.url);
    const staged = parseUpdateInfo((await feed()).raw, 'latest.yml', base);
    const stagingCheck = (userId: string) =>
      (AppUpdater.prototype as unknown as { isStagingMatch: (info: unknown) => Promise<boolean> }).isStagingMatch.call(
        { stagingUserIdPromise: { value: Promise.resolve(userId) }, _logger: { info: () => {}, warn: () => {} } },
        staged,
      );
    expect(await stagingCheck('00000000-0000-4000-8000-000000000000')).toBe(true);
    expect(await stagingCheck('00000000-0000-4000-8000-0000ffffffff')).toBe(false);
    // The bucket is the same at every request.
    expect(rolloutBucket(inside)).toBe(rolloutBucket(inside));

    // Raised to 100 %: everyone at once.
    await patch(second.id, { rolloutPercent: 100 });
    expect((await feed(`?device=${outside}`)).body).toMatchObject({ version: '1.1.0' });
    // Yanked: gone from every feed and its file.
    await patch(second.id, { status: 'yanked' });
    for (const q of ['', `?device=${inside}`]) expect((await feed(q)).body).toMatchObject({ version: '1.0.0' });
    expect((await t.app.inject({ method: 'GET', url: `/updates/files/${second.id}/setup-1.1.0.exe` })).statusCode).toBe(404);
    const changes = await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'release.update')));
    expect(changes.map((c) => c.details)).toContainEqual(expect.objectContaining({ releaseId: second.id, status: { before: 'published', after: 'yanked' } }));
  });

  it('beta.yml offers the newest of beta and stable; a draft file is not served', async () => {
    const beta = await upload({ version: '1.2.0-beta.1', channel: 'beta' }, { name: 'beta-1.2.0.exe', data: randomBytes(2048) });
    expect(beta.statusCode, beta.body).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: `/updates/files/${beta.json().data.id}/beta-1.2.0.exe` })).statusCode).toBe(404);
    await patch(beta.json().data.id, { status: 'published' });
    expect((await feed('', 'beta.yml')).body).toMatchObject({ version: '1.2.0-beta.1' });
    expect((await feed()).body).toMatchObject({ version: '1.0.0' });
    expect((await t.app.inject({ method: 'GET', url: '/updates/win/other.yml' })).statusCode).toBe(404);
  });

  it("Tauri's dynamic endpoint: 200 with version, url, signature, notes and an RFC 3339 pub_date when newer and signed, else 204", async () => {
    const signature = Buffer.from('untrusted comment: signature from tauri secret key\nRUQf...\n').toString('base64');
    const signed = await upload({ version: '1.0.5', signature, notes: 'Signed for Tauri' }, { name: 'tauri-setup.exe', data: randomBytes(4096) });
    expect(signed.statusCode, signed.body).toBe(201);
    expect(signed.json().data.signed).toBe(true);
    await patch(signed.json().data.id, { status: 'published' });
    const tauri = (path: string) => t.app.inject({ method: 'GET', url: `/updates/tauri/${path}` });
    const res = await tauri('windows/x86_64/1.0.0?device=abc');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      version: '1.0.5',
      url: `${t.config.publicUrl}/updates/files/${signed.json().data.id}/tauri-setup.exe?device=abc`,
      signature,
      notes: 'Signed for Tauri',
      pub_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(Number.isNaN(Date.parse(body.pub_date))).toBe(false);
    // Already on it or newer, another system, or the newest release unsigned: nothing to do.
    for (const path of ['windows/x86_64/1.0.5', 'windows/x86_64/2.0.0', 'darwin/aarch64/1.0.0', 'linux/x86_64/1.0.0']) expect((await tauri(path)).statusCode, path).toBe(204);
    const unsigned = await upload({ version: '1.0.6' }, { name: 'unsigned.exe', data: randomBytes(100) });
    await patch(unsigned.json().data.id, { status: 'published' });
    expect((await tauri('windows/x86_64/1.0.0')).statusCode).toBe(204);
    await patch(unsigned.json().data.id, { status: 'yanked' });
    expect((await tauri('windows/x86_64/1.0.0')).statusCode).toBe(200);
    // A newer release still rolling out: a program that names no device gets the newest out to everyone (Tauri has no
    // staging of its own), never the partial one.
    const staged = await upload({ version: '1.0.8', signature, rolloutPercent: '10' }, { name: 'staged.exe', data: randomBytes(100) });
    await patch(staged.json().data.id, { status: 'published' });
    expect((await tauri('windows/x86_64/1.0.0')).json()).toMatchObject({ version: '1.0.5' });
    await patch(staged.json().data.id, { status: 'yanked' });
    expect((await upload({ version: '1.0.7', signature: 'not base64!' }, { name: 'x.exe', data: randomBytes(10) })).statusCode).toBe(400);
    await patch(signed.json().data.id, { status: 'yanked' });
  });

  it('an installer hosted elsewhere: registered with its size and SHA-512, its file address redirects there', async () => {
    const digest = sha512(randomBytes(10));
    const res = await t.call('POST', '/api/v1/admin/releases/external', {
      token: admin,
      body: { version: '1.3.0', url: 'https://downloads.example.com/Stealth%20Setup%201.3.0.exe', size: 123456, sha512: digest },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      fileName: 'Stealth-Setup-1.3.0.exe',
      size: 123456,
      sha512: digest,
      sha256: '',
      url: 'https://downloads.example.com/Stealth%20Setup%201.3.0.exe',
    });
    await patch(res.json().data.id, { status: 'published' });
    const offered = (await feed('?device=abc')).body!;
    expect(offered).toMatchObject({ version: '1.3.0', sha512: digest });
    // Given as registered: the other host is told nothing of the device.
    expect((offered.files as { url: string }[])[0]!.url).toBe('https://downloads.example.com/Stealth%20Setup%201.3.0.exe');
    const plain = await t.call('POST', '/api/v1/admin/releases/external', {
      token: admin,
      body: { version: '1.3.1', url: 'http://downloads.example.com/x.exe', size: 1, sha512: digest },
    });
    expect(plain.statusCode).toBe(400);
  });

  it('a customer can neither list, add nor change releases', async () => {
    const customer = (await createUserAndLogin(t)).token;
    expect((await t.call('GET', '/api/v1/admin/releases', { token: customer })).statusCode).toBe(403);
    expect((await upload({ version: '5.0.0' }, { name: 'x.exe', data: randomBytes(10) }, customer)).statusCode).toBe(403);
    expect((await patch(first.id, { status: 'yanked' }).then(() => t.call('GET', '/api/v1/admin/releases', { token: admin }))).json().data.releases.length).toBeGreaterThan(0);
  });
});
