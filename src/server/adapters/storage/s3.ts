import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { hashingCounter } from './hashing';
import { STORAGE_CACHE_CONTROL, storagePath, type ObjectStorage } from './types';

export type S3Options = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** A public base URL of the bucket (CDN); without it the app serves the objects itself. */
  publicUrl?: string;
};

/** The SDK is loaded when the bucket is first used, not at start: it is the largest module the server imports. */
type Sdk = typeof import('@aws-sdk/client-s3');
let sdk: Promise<Sdk> | null = null;
const loadSdk = () => (sdk ??= import('@aws-sdk/client-s3'));

/**
 * An S3-compatible bucket (AWS, R2, MinIO, Supabase Storage). Each of our buckets is a key prefix in the one
 * configured bucket. Checksums are sent only when required, which every S3-compatible server understands.
 */
export function createS3Storage(opts: S3Options): ObjectStorage {
  let made: Promise<{ client: S3Client; sdk: Sdk }> | null = null;
  const connect = () =>
    (made ??= loadSdk().then((loaded) => ({
      sdk: loaded,
      client: new loaded.S3Client({
        region: opts.region,
        endpoint: opts.endpoint,
        forcePathStyle: Boolean(opts.endpoint),
        credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const status = (loaded: Sdk, err: unknown) => (err instanceof loaded.S3ServiceException ? err.$metadata.httpStatusCode : undefined);
  const objectKey = (bucket: string, key: string) => `${bucket}/${key}`;
  return {
    kind: 's3',
    async putNew(bucket, key, body, contentType) {
      const { client, sdk: loaded } = await connect();
      const { HeadObjectCommand, PutObjectCommand } = loaded;
      const Key = objectKey(bucket, key);
      // Not every S3-compatible server honours If-None-Match, so look first; the condition covers the race on those that do.
      try {
        await client.send(new HeadObjectCommand({ Bucket: opts.bucket, Key }));
        return false;
      } catch (err) {
        if (status(loaded, err) !== 404) throw err;
      }
      try {
        await client.send(new PutObjectCommand({ Bucket: opts.bucket, Key, Body: body, ContentType: contentType, CacheControl: STORAGE_CACHE_CONTROL, IfNoneMatch: '*' }));
        return true;
      } catch (err) {
        if (status(loaded, err) === 412 || status(loaded, err) === 409) return false;
        throw err;
      }
    },
    async putStream(bucket, key, body, { contentType, maxBytes }) {
      const { client } = await connect();
      const { Upload } = await import('@aws-sdk/lib-storage');
      const counter = hashingCounter(maxBytes);
      // A multipart upload of 8 MB parts, read from the stream as it comes: never the whole object in memory.
      const upload = new Upload({
        client,
        params: { Bucket: opts.bucket, Key: objectKey(bucket, key), Body: counter, ContentType: contentType, CacheControl: STORAGE_CACHE_CONTROL },
        partSize: 8 * 1024 * 1024,
        queueSize: 2,
        leavePartsOnError: false,
      });
      body.once('error', (err) => counter.destroy(err));
      body.pipe(counter);
      try {
        await upload.done();
      } catch (err) {
        // Too large (or the source failed): the parts uploaded are aborted by the SDK; nothing is kept.
        if (counter.errored) throw counter.errored;
        throw err;
      }
      return counter.result();
    },
    async stat(bucket, key) {
      const { client, sdk: loaded } = await connect();
      try {
        const res = await client.send(new loaded.HeadObjectCommand({ Bucket: opts.bucket, Key: objectKey(bucket, key) }));
        return { size: res.ContentLength ?? 0, contentType: res.ContentType ?? 'application/octet-stream' };
      } catch (err) {
        if (status(loaded, err) === 404 || (err as Error).name === 'NotFound' || (err as Error).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async read(bucket, key, range) {
      const { client, sdk: loaded } = await connect();
      const res = await client.send(
        new loaded.GetObjectCommand({ Bucket: opts.bucket, Key: objectKey(bucket, key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      if (!res.Body) throw new Error(`no body for ${key}`);
      return res.Body as Readable;
    },
    async remove(bucket, key) {
      const { client, sdk: loaded } = await connect();
      // S3 answers 204 whether or not the object was there.
      await client.send(new loaded.DeleteObjectCommand({ Bucket: opts.bucket, Key: objectKey(bucket, key) }));
    },
    publicUrl(bucket, key) {
      return opts.publicUrl ? `${opts.publicUrl.replace(/\/$/, '')}/${objectKey(bucket, encodeURIComponent(key))}` : storagePath(bucket, key);
    },
    async close() {
      if (made) (await made).client.destroy();
    },
  };
}
