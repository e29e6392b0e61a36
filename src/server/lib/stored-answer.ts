import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Bodies below this size are sent as they are, kept answers and all others (@fastify/compress's threshold, app.ts). */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * An answer kept in memory to be sent again as it is (public blog answers, rendered public pages): its body, its
 * ETag (a hash of the body), and the body compressed with brotli and gzip, each made once, when a client first
 * accepts it. Compressing once at a high level costs a few milliseconds for a page; after that a hit costs nothing.
 */
export type StoredAnswer = {
  readonly body: Buffer;
  readonly type: string;
  readonly etag: string;
  br?: Buffer;
  gzip?: Buffer;
};

export function storeAnswer(body: string, type: string): StoredAnswer {
  const bytes = Buffer.from(body);
  return { body: bytes, type, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"` };
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** An answer of the API (its envelope) stored as JSON. */
export const storeJson = (value: unknown): StoredAnswer => storeAnswer(JSON.stringify(value), JSON_TYPE);

/** The bytes a stored answer holds, compressed forms included (for a cache's byte bound). */
export const storedBytes = (stored: StoredAnswer) => stored.body.length + (stored.br?.length ?? 0) + (stored.gzip?.length ?? 0);

/**
 * Route options of a route that answers with sendStored only: its answers are compressed once and kept, so
 * @fastify/compress's two hooks (onRequest and onSend, on every request of a route) are left off it.
 */
export const STORED_ANSWERS = { compress: false } as const;

/**
 * Route options of a route that answers one small object: a few hundred bytes, under COMPRESS_FROM_BYTES, for a usual
 * account (the profile in /auth/me reaches about 1.7 KB only with every field at its longest in a script of three
 * bytes a letter). Such answers are not compressed, so @fastify/compress's two hooks would only cost the route time
 * on every request. A route whose answer holds a list or a text of any length keeps them.
 */
export const SMALL_ANSWERS = { compress: false } as const;

/** The encoding to send: brotli if accepted, else gzip, else none (q=0 refuses). */
function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  let gzip = false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzip = true;
  }
  return gzip ? 'gzip' : null;
}

/** Does If-None-Match name this ETag (or `*`)? Weak forms match too, as for a GET they should. */
function notModified(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends a stored answer: 304 with no body when the client's If-None-Match holds its ETag, else the body, compressed
 * when the client accepts it (made once and kept with the answer). The caller sets status and cache-control.
 */
export function sendStored(request: FastifyRequest, reply: FastifyReply, stored: StoredAnswer): FastifyReply {
  // A Vary the caller set (a page's language rule) is kept beside the encoding.
  const vary = reply.getHeader('vary');
  reply.header('etag', stored.etag).header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  if (notModified(request.headers['if-none-match'], stored.etag)) return reply.code(304).send();
  reply.type(stored.type);
  const encoding = stored.body.length >= COMPRESS_FROM_BYTES ? acceptedEncoding(request.headers['accept-encoding']) : null;
  if (encoding === 'br') {
    stored.br ??= brotliCompressSync(stored.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: stored.body.length } });
    return reply.header('content-encoding', 'br').send(stored.br);
  }
  if (encoding === 'gzip') {
    stored.gzip ??= gzipSync(stored.body, { level: 9 });
    return reply.header('content-encoding', 'gzip').send(stored.gzip);
  }
  return reply.send(stored.body);
}
