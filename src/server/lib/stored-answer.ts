import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncoding, compressOnce } from './compression';

/**
 * An answer kept in memory to be sent again as it is (public blog answers, rendered public pages): its body, its
 * ETag (a hash of the body), and the body compressed with brotli and gzip, each made once, when a client first
 * accepts it (lib/compression.ts: the one compression rule).
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
  const encoding = acceptedEncoding(request.headers['accept-encoding'], stored.body.length);
  if (!encoding) return reply.send(stored.body);
  const body = (stored[encoding] ??= compressOnce(stored.body, encoding));
  return reply.header('content-encoding', encoding).send(body);
}
