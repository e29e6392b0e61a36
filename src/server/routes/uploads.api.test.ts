import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
// @ts-expect-error: the fake S3 server ships no types
import S3rver from '@20minutes/s3rver';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { DataSplitter } from 'electron-updater/out/differentialDownloader/DataSplitter';
import { OperationKind } from 'electron-updater/out/differentialDownloader/downloadPlanBuilder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGES, multipart } from '../test/blog';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { createUserAndLogin } from '../test/users';

const upload = (t: TestApp, token: string | undefined, file: Parameters<typeof multipart>[0]) => {
  const { payload, headers } = multipart(file);
  return t.app.inject({ method: 'POST', url: '/api/v1/admin/uploads', payload, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
};

/** The same behaviour whichever storage is configured. */
function storageSuite(name: string, setup: () => Promise<{ t: TestApp; list?: () => string[] }>) {
  describe(`image uploads to ${name} on ${TEST_DB_KIND}`, () => {
    let t: TestApp;
    let list: (() => string[]) | undefined;
    let admin: string;
    let user: string;
    beforeAll(async () => {
      ({ t, list } = await setup());
      admin = (await createUserAndLogin(t, { role: 'admin' })).token;
      user = (await createUserAndLogin(t)).token;
    });
    afterAll(() => t.close());

    it('stores PNG, JPG, GIF and WebP as blog-{timestamp}-{name} and serves them with their type and a one-hour cache', async () => {
      for (const [ext, data] of Object.entries(IMAGES)) {
        const before = Date.now();
        const res = await upload(t, admin, { filename: `My Photo ${ext}.${ext}`, contentType: 'application/octet-stream', data });
        expect(res.statusCode, ext).toBe(201);
        const { url, name: fileName } = JSON.parse(res.body).data;
        const [, stamp] = /^blog-(\d+)-my-photo-/.exec(fileName) ?? [];
        expect(Number(stamp)).toBeGreaterThanOrEqual(before);
        expect(fileName).toBe(`blog-${stamp}-my-photo-${ext}.${ext}`);
        expect(url).toBe(`/storage/blog-images/${fileName}`);

        const served = await t.app.inject({ method: 'GET', url });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe({ png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' }[ext]);
        expect(served.headers['cache-control']).toBe('public, max-age=3600');
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        expect(served.rawPayload.equals(data)).toBe(true);
      }
    });

    it('decides the type by content: a PNG named .gif is stored as .png; HTML, SVG or text named .png is refused', async () => {
      const res = await upload(t, admin, { filename: 'sneaky.gif', contentType: 'image/gif', data: IMAGES.png });
      expect(JSON.parse(res.body).data.name).toMatch(/^blog-\d+-sneaky\.png$/);
      const fakes = [
        ['page.png', 'image/png', Buffer.from('<html><script>alert(1)</script></html>')],
        ['vector.png', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
        ['notes.jpg', 'image/jpeg', Buffer.from('just text')],
        ['riff.webp', 'image/webp', Buffer.from('RIFF\0\0\0\0WAVEfmt ')],
      ] as const;
      for (const [filename, contentType, data] of fakes) {
        const bad = await upload(t, admin, { filename, contentType, data });
        expect(bad.statusCode, filename).toBe(415);
        expect(JSON.parse(bad.body)).toEqual({ success: false, error: 'UNSUPPORTED_MEDIA_TYPE', code: 'UPLOAD_TYPE', message: 'Only PNG, JPG, GIF or WebP images are allowed' });
      }
    });

    it('accepts 10 MB and refuses anything larger with 413', async () => {
      const exact = Buffer.alloc(10 * 1024 * 1024);
      IMAGES.png.copy(exact);
      expect((await upload(t, admin, { filename: 'big.png', contentType: 'image/png', data: exact })).statusCode).toBe(201);
      const over = Buffer.alloc(10 * 1024 * 1024 + 1);
      IMAGES.png.copy(over);
      const res = await upload(t, admin, { filename: 'huge.png', contentType: 'image/png', data: over });
      expect(res.statusCode).toBe(413);
      expect(JSON.parse(res.body)).toMatchObject({ error: 'PAYLOAD_TOO_LARGE', message: 'The image must be 10 MB or smaller' });
    });

    it('never overwrites: the same name in the same millisecond gets a new name', async () => {
      const results = await Promise.all([1, 2, 3].map(() => upload(t, admin, { filename: 'same.png', contentType: 'image/png', data: IMAGES.png })));
      const names = results.map((r) => JSON.parse(r.body).data.name as string);
      expect(new Set(names).size).toBe(3);
      if (list) expect(list().filter((n) => n.includes('same')).length).toBeGreaterThanOrEqual(3);
    });

    it('refuses visitors and non-admins, a missing file and a non-multipart body', async () => {
      expect((await upload(t, undefined, { filename: 'a.png', contentType: 'image/png', data: IMAGES.png })).statusCode).toBe(401);
      const member = await upload(t, user, { filename: 'a.png', contentType: 'image/png', data: IMAGES.png });
      expect(member.statusCode).toBe(403);
      expect(JSON.parse(member.body).message).toBe('Access denied. Admin privileges required.');
      const empty = await upload(t, admin, { filename: 'a.png', contentType: 'image/png', data: Buffer.alloc(0) });
      expect(empty.statusCode).toBe(400);
      expect(JSON.parse(empty.body).message).toBe('Choose an image to upload');
      const json = await t.call('POST', '/api/v1/admin/uploads', { token: admin, body: { file: 'x' } });
      expect(json.statusCode).toBe(400);
      expect(json.json().message).toBe('Choose an image to upload');
    });

    it('answers Range requests: one range, several as multipart/byteranges that electron-updater reads byte for byte, a suffix, 416 past the end', async () => {
      const data = Buffer.concat([IMAGES.png, randomBytes(300_000)]);
      const stored = await upload(t, admin, { filename: 'ranges.png', contentType: 'image/png', data });
      expect(stored.statusCode).toBe(201);
      const url = JSON.parse(stored.body).data.url as string;
      const get = (range?: string) => t.app.inject({ method: 'GET', url, headers: range ? { range } : {} });

      const whole = await get();
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.rawPayload.equals(data)).toBe(true);

      const one = await get('bytes=100-199');
      expect(one.statusCode).toBe(206);
      expect(one.headers['content-range']).toBe(`bytes 100-199/${data.length}`);
      expect(one.headers['content-type']).toBe('image/png');
      expect(one.rawPayload.equals(data.subarray(100, 200))).toBe(true);
      expect((await get('bytes=-50')).rawPayload.equals(data.subarray(data.length - 50))).toBe(true);
      expect((await get(`bytes=${data.length - 10}-`)).headers['content-range']).toBe(`bytes ${data.length - 10}-${data.length - 1}/${data.length}`);

      // As electron-updater's differential download asks: many ranges in one request ("a-b, c-d"), read by its own parser.
      const tasks = [
        [0, 16],
        [1000, 5000],
        [65_530, 65_545],
        [200_000, 300_010],
      ].map(([start, end]) => ({ kind: OperationKind.DOWNLOAD, start: start!, end: end! }));
      const multi = await get(`bytes=${tasks.map((k) => `${k.start}-${k.end - 1}`).join(', ')}`);
      expect(multi.statusCode).toBe(206);
      const boundary = /^multipart\/byteranges; boundary=(\S+)$/.exec(String(multi.headers['content-type']))?.[1];
      expect(boundary).toBeTruthy();
      expect(Number(multi.headers['content-length'])).toBe(multi.rawPayload.length);
      const received: Buffer[] = [];
      const out = new Writable({ write: (chunk, _enc, done) => (received.push(chunk), done()) });
      const finished = new Promise<void>((resolve, reject) => {
        const splitter = new DataSplitter(
          out,
          { tasks, start: 0, end: tasks.length, oldFileFd: 0 },
          new Map(tasks.map((_, i) => [i, i])),
          boundary!,
          tasks.map((k) => k.end - k.start),
          resolve,
          tasks.reduce((n, k) => n + k.end - k.start, 0),
          undefined,
        );
        splitter.on('error', reject);
        // Sent in small pieces, so that part headers and boundaries fall across chunks as they do on a network.
        for (let i = 0; i < multi.rawPayload.length; i += 977) splitter.write(multi.rawPayload.subarray(i, i + 977));
        splitter.end();
      });
      await finished;
      expect(Buffer.concat(received).equals(Buffer.concat(tasks.map((k) => data.subarray(k.start, k.end))))).toBe(true);

      const past = await get(`bytes=${data.length}-`);
      expect(past.statusCode).toBe(416);
      expect(past.headers['content-range']).toBe(`bytes */${data.length}`);
      // Malformed, overlapping or out-of-order ranges are not refused: the whole file is the answer.
      for (const range of ['bytes=abc', 'items=0-5', 'bytes=5-1', 'bytes=0-100, 50-150', 'bytes=500-600, 0-10']) {
        const res = await get(range);
        expect(res.statusCode, range).toBe(200);
        expect(res.rawPayload.length, range).toBe(data.length);
      }
    });

    it('serves only stored images: unknown names, other extensions and path tricks are 404', async () => {
      for (const url of [
        '/storage/blog-images/nope.png',
        '/storage/blog-images/x.html',
        '/storage/blog-images/..%2F..%2Fpglite%2FPG_VERSION',
        '/storage/blog-images/%2e%2e%2fsecret.png',
        '/storage/other/x.png',
      ]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type']).not.toMatch(/html/);
      }
    });
  });
}

storageSuite('a local directory', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stealth-upload-test-'));
  if (TEST_DB_KIND === 'pglite') {
    // A data directory on disk, so the files land in DATA_DIR/storage/blog-images.
    const t = await createTestApp({ DATA_DIR: dir });
    const close = t.close;
    t.close = async () => {
      await close();
      rmSync(dir, { recursive: true, force: true });
    };
    return { t, list: () => readdirSync(path.join(dir, 'storage', 'blog-images')) };
  }
  return { t: await createTestApp() };
});

storageSuite('an S3-compatible bucket', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stealth-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'stealth-test' }] });
  const { port } = (await server.run()) as AddressInfo;
  const t = await createTestApp({
    S3_BUCKET: 'stealth-test',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  const close = t.close;
  t.close = async () => {
    await close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { t, list: () => readdirSync(path.join(dir, 'stealth-test', 'blog-images')) };
});
