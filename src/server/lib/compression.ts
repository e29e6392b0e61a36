import compress from '@fastify/compress';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/**
 * The one compression rule of the server's answers (decision 165):
 * - every answer of COMPRESS_FROM_BYTES or more is compressed for a client that accepts it (brotli, else gzip), and
 *   one below that is sent as it is (the bytes saved do not pay for the work);
 * - an answer kept in memory (lib/stored-answer.ts) is compressed once, at a high level, when a client first accepts
 *   it (`compressOnce`), and sent as kept after that;
 * - every other answer is compressed per request by @fastify/compress (`registerCompression`), except on the routes
 *   declared NO_COMPRESS_HOOKS;
 * - hashed assets are compressed at build time (scripts/build.mjs) and sent as their .br or .gz file.
 */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * Route options of a route whose answers @fastify/compress has nothing to do for, so its two hooks (onRequest and
 * onSend, on every request of a route) are left off it. Either of two reasons, nothing else:
 * - the route answers with sendStored only (lib/stored-answer.ts): its answers are compressed once and kept;
 * - the route answers one small object: a few hundred bytes, under COMPRESS_FROM_BYTES, for a usual account (the
 *   profile in /auth/me reaches about 1.7 KB only with every field at its longest in a script of three bytes a letter;
 *   routes/small-answers.api.test.ts holds each to the bound). A route whose answer holds a list or a text of any
 *   length keeps the hooks.
 */
export const NO_COMPRESS_HOOKS = { compress: false } as const;

/** @fastify/compress on every route not declared NO_COMPRESS_HOOKS, from COMPRESS_FROM_BYTES. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Request bodies are not inflated: no client of ours sends them compressed (the plugin's inflating hook ran on every
  // request); such a body is refused as one that is not JSON.
  await app.register(compress, { global: true, threshold: COMPRESS_FROM_BYTES, globalDecompression: false });
}

export type Encoding = 'br' | 'gzip';

/** The encoding to send an answer of `bytes` in: brotli if accepted, else gzip, else none (q=0 refuses; small: none). */
export function acceptedEncoding(header: string | undefined, bytes: number): Encoding | null {
  if (!header || bytes < COMPRESS_FROM_BYTES) return null;
  let gzip = false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzip = true;
  }
  return gzip ? 'gzip' : null;
}

/**
 * A body compressed once for keeping (a stored answer): at a high level, which costs a few milliseconds for a page
 * once and nothing on the hits after it.
 */
export const compressOnce = (body: Buffer, encoding: Encoding): Buffer =>
  encoding === 'br' ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }) : gzipSync(body, { level: 9 });
