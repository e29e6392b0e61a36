import os from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import type { Config } from '../../config';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { ObjectStorage } from './types';

export * from './types';

/** The only types we store and serve, by file extension. Anything else is never served (and never as HTML). */
export const IMAGE_TYPES = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' } as const;

export const contentTypeOf = (key: string): string | null => {
  const ext = key.split('.').pop()?.toLowerCase() ?? '';
  return (IMAGE_TYPES as Record<string, string>)[ext] ?? null;
};

/** S3 when S3_BUCKET is set, else files under DATA_DIR/storage (a temporary directory for in-memory test databases). One per app (composition.ts), closed with it. */
export function createStorage(config: Config): ObjectStorage {
  if (config.S3_BUCKET) {
    return createS3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      publicUrl: config.S3_PUBLIC_URL,
    });
  }
  if (config.dataDir === 'memory://') {
    return createLocalStorage(mkdtempSync(path.join(os.tmpdir(), 'stealth-storage-')), { contentTypeOf, removeOnClose: true });
  }
  return createLocalStorage(path.join(config.dataDir, 'storage'), { contentTypeOf });
}
