import type { Readable } from 'node:stream';

/** The bucket of blog images; other buckets would sit beside it. */
export const BLOG_IMAGES_BUCKET = 'blog-images';
/** The desktop program's installers (decision 190). */
export const RELEASES_BUCKET = 'releases';

/** What a streamed object was: its size and digests (SHA-512 in base64 as electron-updater reads it, SHA-256 in hex as people compare it). */
export type StreamedObject = { size: number; sha512: string; sha256: string };

/** A streamed object went past the size it was allowed: nothing of it is kept. */
export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the object is larger than ${maxBytes} bytes`);
  }
}

/** Where uploaded files live: a local directory by default, an S3-compatible bucket when configured. */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** Stores a new object and never replaces one: resolves false when the key is already taken. */
  putNew(bucket: string, key: string, body: Buffer, contentType: string): Promise<boolean>;
  /**
   * Streams a new object in, never holding it whole, and hashes it on the way. The key must be new (callers make it
   * with a random part). Past `maxBytes` the upload stops and nothing is kept (ObjectTooLargeError).
   */
  putStream(bucket: string, key: string, body: Readable, opts: { contentType: string; maxBytes: number }): Promise<StreamedObject>;
  /** The object's size and type, for an answer in ranges (lib/byte-ranges.ts); null when there is no such object. */
  stat(bucket: string, key: string): Promise<{ size: number; contentType: string } | null>;
  /** The object's bytes, all of them or one range (both ends included); rejects when there is no such object. */
  read(bucket: string, key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Deletes an object (an upload that failed after it was stored); nothing when there is no such object. */
  remove(bucket: string, key: string): Promise<void>;
  /** The URL a browser loads the object from (a path on this site unless a public bucket URL is set). */
  publicUrl(bucket: string, key: string): string;
  close(): Promise<void>;
}

/** Uploaded files are served for at most this long from caches (R-9: cache control 3600). */
export const STORAGE_CACHE_CONTROL = 'public, max-age=3600';

/** The path under which this app serves a stored object. */
export const storagePath = (bucket: string, key: string) => `/storage/${bucket}/${encodeURIComponent(key)}`;
