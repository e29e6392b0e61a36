import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
// @ts-expect-error: the fake S3 server ships no types
import S3rver from '@20minutes/s3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import { ObjectTooLargeError, type ObjectStorage } from './types';

const contentTypeOf = (key: string) => (key.endsWith('.exe') ? 'application/octet-stream' : null);
/** 20 MB in 64 KB pieces, as an upload arrives: more than two of S3's 8 MB parts. */
const data = randomBytes(20 * 1024 * 1024);
const pieces = () =>
  Readable.from(
    (function* () {
      for (let i = 0; i < data.length; i += 65_536) yield data.subarray(i, i + 65_536);
    })(),
  );
const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

function streamSuite(name: string, setup: () => Promise<{ storage: ObjectStorage; close: () => Promise<void> }>) {
  describe(`streamed objects in ${name}`, () => {
    let storage: ObjectStorage;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, close } = await setup());
    });
    afterAll(() => close?.());

    it('streams an object in, hashed on the way, and reads it back whole and by range', async () => {
      const stored = await storage.putStream('releases', 'setup-1.0.0.exe', pieces(), { contentType: 'application/octet-stream', maxBytes: 500 * 1024 * 1024 });
      expect(stored).toEqual({
        size: data.length,
        sha512: createHash('sha512').update(data).digest('base64'),
        sha256: createHash('sha256').update(data).digest('hex'),
      });
      expect(await storage.stat('releases', 'setup-1.0.0.exe')).toMatchObject({ size: data.length });
      expect((await readAll(await storage.read('releases', 'setup-1.0.0.exe'))).equals(data)).toBe(true);
      const range = { start: 9 * 1024 * 1024 - 5, end: 9 * 1024 * 1024 + 5 };
      expect((await readAll(await storage.read('releases', 'setup-1.0.0.exe', range))).equals(data.subarray(range.start, range.end + 1))).toBe(true);
    });

    it('stops an object past its limit, and keeps nothing of it', async () => {
      await expect(storage.putStream('releases', 'too-big.exe', pieces(), { contentType: 'application/octet-stream', maxBytes: 10 * 1024 * 1024 })).rejects.toBeInstanceOf(
        ObjectTooLargeError,
      );
      expect(await storage.stat('releases', 'too-big.exe')).toBeNull();
    });

    it('removes an object, and removing one that is not there is no error', async () => {
      await storage.putStream('releases', 'gone.exe', pieces(), { contentType: 'application/octet-stream', maxBytes: 500 * 1024 * 1024 });
      expect(await readAll(await storage.read('releases', 'gone.exe'))).toHaveLength(data.length);
      await storage.remove('releases', 'gone.exe');
      await expect(storage.read('releases', 'gone.exe')).rejects.toThrow();
      await expect(storage.remove('releases', 'gone.exe')).resolves.toBeUndefined();
    });
  });
}

streamSuite('a local directory', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stealth-stream-'));
  const storage = createLocalStorage(dir, { contentTypeOf });
  return { storage, close: async () => rmSync(dir, { recursive: true, force: true }) };
});

streamSuite('an S3-compatible bucket', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stealth-stream-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'stealth-test' }] });
  const { port } = (await server.run()) as AddressInfo;
  const storage = createS3Storage({ bucket: 'stealth-test', region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
  return {
    storage,
    close: async () => {
      await storage.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
