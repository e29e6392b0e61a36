import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolloutBucket } from '#shared/licence/rollout';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { uploadRelease } from '../test/releases';
import { createUserAndLogin } from '../test/users';
import { UpdateClient, UpdateError, type UpdateInfo } from '../../licence-client/updates';

/**
 * The reference update client (decision 190) against the site's own routes: the feed read as electron-updater reads it,
 * the installer fetched in ranges, resumed after a cut, and refused when its bytes are not the feed's.
 */
let t: TestApp;
let admin: string;
let dir: string;
const v1 = randomBytes(100_000);
const v2 = randomBytes(150_001);
/** Every request the client made, as the site saw it. */
const seen: { url: string; range?: string; status: number }[] = [];

/** fetch, answered by the app itself (inject), as the program's fetch would be by the site. */
const siteFetch: typeof fetch = async (input, init) => {
  const url = new URL(String(input));
  const headers = (init?.headers ?? {}) as Record<string, string>;
  const res = await t.app.inject({ method: 'GET', url: url.pathname + url.search, headers });
  seen.push({ url: url.pathname + url.search, range: headers.range, status: res.statusCode });
  const out = new Headers();
  for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, String(v));
  return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers: out });
};

const client = (currentVersion: string, over: { chunkBytes?: number; fetch?: typeof fetch } = {}) =>
  new UpdateClient({ baseUrl: t.config.publicUrl, currentVersion, chunkBytes: over.chunkBytes ?? 32 * 1024, fetch: over.fetch ?? siteFetch });
const publish = async (fields: Record<string, string>, data: Buffer) => {
  const res = await uploadRelease(t, admin, fields, { name: `setup-${fields.version}.exe`, data });
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json().data;
  expect((await t.call('PATCH', `/api/v1/admin/releases/${id}`, { token: admin, body: { status: 'published' } })).statusCode).toBe(200);
  return id as string;
};
const ids = Array.from({ length: 200 }, (_, i) => `device-${i}`);
const inside = ids.find((id) => rolloutBucket(id) < 50)!;
const outside = ids.find((id) => rolloutBucket(id) >= 50)!;
let second: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUserAndLogin(t, { role: 'admin' })).token;
  dir = await mkdtemp(path.join(tmpdir(), 'update-client-'));
  await publish({ version: '1.0.0' }, v1);
  second = await publish({ version: '1.1.0', rolloutPercent: '50' }, v2);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await t.close();
});

describe(`the reference update client on ${TEST_DB_KIND}`, () => {
  it('is offered 1.1.0 inside the rollout and nothing outside it; a program already on it is offered nothing', async () => {
    expect(await client('1.0.0').check(inside)).toMatchObject({ version: '1.1.0', size: v2.length, sha512: createHash('sha512').update(v2).digest('base64') });
    expect(await client('1.0.0').check(outside)).toBeNull();
    expect(await client('1.1.0').check(inside)).toBeNull();
    expect(await client('0.9.0').check(outside)).toMatchObject({ version: '1.0.0' });
  });

  it('downloads the installer in range requests, the device named on each, and keeps it when its SHA-512 is the feed’s', async () => {
    const update = (await client('1.0.0').check(inside))!;
    seen.length = 0;
    const progress: number[] = [];
    const file = await client('1.0.0').download(update, path.join(dir, 'setup-1.1.0.exe'), (got) => progress.push(got));
    expect(Buffer.compare(await readFile(file), v2)).toBe(0);
    // 150 001 bytes in pieces of 32 KiB: five ranges, each answered 206, the feed's query carried on each.
    expect(seen.map((s) => s.range)).toEqual(['bytes=0-32767', 'bytes=32768-65535', 'bytes=65536-98303', 'bytes=98304-131071', 'bytes=131072-150000']);
    expect(seen.every((s) => s.status === 206 && s.url === `/updates/files/${second}/setup-1.1.0.exe?device=${inside}`)).toBe(true);
    expect(progress.at(-1)).toBe(v2.length);
  });

  it('resumes a download cut short from the bytes it holds', async () => {
    const update = (await client('1.0.0').check(inside))!;
    const dest = path.join(dir, 'resumed.exe');
    await writeFile(`${dest}.part`, v2.subarray(0, 70_000));
    seen.length = 0;
    await client('1.0.0', { chunkBytes: 64 * 1024 }).download(update, dest);
    expect(seen.map((s) => s.range)).toEqual(['bytes=70000-135535', 'bytes=135536-150000']);
    expect(Buffer.compare(await readFile(dest), v2)).toBe(0);
  });

  it('stops at once when a server offers more bytes than the feed says, or other ranges than asked', async () => {
    const update: UpdateInfo = { ...(await client('1.0.0').check(inside))!, size: 100 };
    await expect(client('1.0.0').download(update, path.join(dir, 'short.exe'))).rejects.toMatchObject({ reason: 'BAD_RANGE' });
    const huge: typeof fetch = async () => new Response('x', { status: 200, headers: { 'content-length': String(2 ** 33) } });
    await expect(client('1.0.0', { fetch: huge }).download(update, path.join(dir, 'huge.exe'))).rejects.toMatchObject({ reason: 'SIZE_MISMATCH' });
  });

  it('deletes an installer whose bytes are not the feed’s, and says so', async () => {
    const update: UpdateInfo = { ...(await client('1.0.0').check(inside))!, sha512: createHash('sha512').update('another file').digest('base64') };
    const dest = path.join(dir, 'tampered.exe');
    await expect(client('1.0.0').download(update, dest)).rejects.toMatchObject({ reason: 'SHA512_MISMATCH' });
    await expect(readFile(`${dest}.part`)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(readFile(dest)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a feed it cannot read and a site that cannot be reached, with a reason', async () => {
    const yaml =
      (text: string): typeof fetch =>
      async () =>
        new Response(text, { status: 200 });
    await expect(client('1.0.0', { fetch: yaml('version: 2.0.0\n') }).check('d')).rejects.toBeInstanceOf(UpdateError);
    await expect(client('1.0.0', { fetch: yaml('- not a feed') }).check('d')).rejects.toMatchObject({ reason: 'BAD_FEED' });
    const offline: typeof fetch = async () => {
      throw new TypeError('fetch failed');
    };
    await expect(client('1.0.0', { fetch: offline }).check('d')).rejects.toMatchObject({ reason: 'OFFLINE' });
    // An installer over plain HTTP elsewhere than this computer is not one to download.
    const plain = yaml("version: '9.0.0'\nfiles:\n  - url: 'http://downloads.example.com/setup.exe'\n    sha512: 'x'\n    size: 10\n");
    await expect(client('1.0.0', { fetch: plain }).check('d')).rejects.toMatchObject({ reason: 'BAD_FEED' });
  });

  it('is offered nothing newer once 1.1.0 is yanked', async () => {
    await t.call('PATCH', `/api/v1/admin/releases/${second}`, { token: admin, body: { status: 'yanked' } });
    expect(await client('1.0.0').check(inside)).toBeNull();
  });
});
