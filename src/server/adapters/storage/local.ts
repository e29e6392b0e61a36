import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { link, mkdir, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { hashingCounter } from './hashing';
import { storagePath, type ObjectStorage } from './types';

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Files under `<root>/<bucket>/<key>`. Keys are single safe file names, so nothing escapes the root. */
export function createLocalStorage(root: string, opts: { contentTypeOf: (key: string) => string | null; removeOnClose?: boolean }): ObjectStorage {
  const fileOf = (bucket: string, key: string) => {
    if (!SAFE_NAME.test(bucket) || !SAFE_NAME.test(key) || key.includes('..')) return null;
    return path.join(root, bucket, key);
  };
  return {
    kind: 'local',
    async putNew(bucket, key, body) {
      const file = fileOf(bucket, key);
      if (!file) throw new Error(`unsafe storage key: ${key}`);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside, then linked into place: link() fails if the name exists, and readers never see half a file.
      const temp = path.join(path.dirname(file), `.upload-${randomBytes(8).toString('hex')}`);
      await writeFile(temp, body, { flag: 'wx' });
      try {
        await link(temp, file);
        return true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw err;
      } finally {
        await unlink(temp).catch(() => {});
      }
    },
    async putStream(bucket, key, body, { maxBytes }) {
      const file = fileOf(bucket, key);
      if (!file) throw new Error(`unsafe storage key: ${key}`);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = path.join(path.dirname(file), `.upload-${randomBytes(8).toString('hex')}`);
      const counter = hashingCounter(maxBytes);
      try {
        await pipeline(body, counter, createWriteStream(temp, { flags: 'wx' }));
        // Linked into place: link() fails if the name exists, and readers never see half a file.
        await link(temp, file);
        return counter.result();
      } finally {
        await unlink(temp).catch(() => {});
      }
    },
    async stat(bucket, key) {
      const file = fileOf(bucket, key);
      const contentType = opts.contentTypeOf(key);
      if (!file || !contentType) return null;
      const info = await stat(file).catch(() => null);
      return info?.isFile() ? { size: info.size, contentType } : null;
    },
    async read(bucket, key, range) {
      const file = fileOf(bucket, key);
      if (!file) throw new Error(`unsafe storage key: ${key}`);
      const stream = createReadStream(file, range ? { start: range.start, end: range.end } : {});
      // Opened before it is handed on, so that a missing file rejects here rather than mid-answer.
      await new Promise<void>((resolve, reject) => stream.once('open', () => resolve()).once('error', reject));
      return stream;
    },
    async remove(bucket, key) {
      const file = fileOf(bucket, key);
      if (!file) throw new Error(`unsafe storage key: ${key}`);
      await unlink(file).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
    },
    publicUrl: storagePath,
    async close() {
      if (opts.removeOnClose) await rm(root, { recursive: true, force: true });
    },
  };
}
