import { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A byte range of a file, both ends included (as HTTP writes them). */
export type ByteRange = { start: number; end: number };

/** What a request's Range header asks of a file of a given size (RFC 9110 §14). */
export type RangeAsk = { kind: 'whole' } | { kind: 'unsatisfiable' } | { kind: 'ranges'; ranges: ByteRange[] };

/**
 * The most ranges one request may ask. electron-updater's differential download asks up to 1 000 in one request
 * (multipleRangeDownloader.js); a request asking more is answered with the whole file, which it also accepts.
 */
export const MAX_RANGES = 1000;

const SPEC = /^(\d*)-(\d*)$/;

/**
 * Reads a Range header (RFC 9110 §14.1.2, §14.2). No header, another unit, a malformed one, more than MAX_RANGES, or
 * ranges out of order or overlapping (a way to make one request cost many times the file) ask for the whole file, as
 * the RFC lets a server answer. Ranges past the end are dropped; none left is unsatisfiable (416).
 */
export function parseRange(header: string | undefined, size: number): RangeAsk {
  if (!header) return { kind: 'whole' };
  const eq = header.indexOf('=');
  if (eq < 0 || header.slice(0, eq).trim().toLowerCase() !== 'bytes') return { kind: 'whole' };
  const specs = header.slice(eq + 1).split(',');
  if (specs.length > MAX_RANGES) return { kind: 'whole' };
  const ranges: ByteRange[] = [];
  for (const raw of specs) {
    const m = SPEC.exec(raw.trim());
    if (!m || (m[1] === '' && m[2] === '')) return { kind: 'whole' };
    if (m[1] === '') {
      // A suffix: the last n bytes.
      const n = Number(m[2]);
      if (!Number.isSafeInteger(n)) return { kind: 'whole' };
      if (n > 0 && size > 0) ranges.push({ start: Math.max(0, size - n), end: size - 1 });
      continue;
    }
    const start = Number(m[1]);
    const last = m[2] === '' ? Infinity : Number(m[2]);
    if (!Number.isSafeInteger(start) || (last !== Infinity && !Number.isSafeInteger(last)) || last < start) return { kind: 'whole' };
    if (start < size) ranges.push({ start, end: Math.min(last, size - 1) });
  }
  if (!ranges.length) return { kind: 'unsatisfiable' };
  for (let i = 1; i < ranges.length; i++) if (ranges[i]!.start <= ranges[i - 1]!.end) return { kind: 'whole' };
  return { kind: 'ranges', ranges };
}

/** A file as the sender reads it: its size and type, and a stream of the whole or of one range. */
export type RangedFile = { size: number; contentType: string; open: (range?: ByteRange) => Promise<Readable> };

/**
 * Answers a GET (or HEAD) for a file with what its Range header asks: 200 with the whole file, 206 with one range
 * (Content-Range), 206 `multipart/byteranges` with several (each part with its Content-Type and Content-Range, as
 * electron-updater's differential download reads them), or 416 with `Content-Range: bytes *\/size`. Every answer
 * says `Accept-Ranges: bytes`. The multipart body is made as it is sent: one range is read at a time. A HEAD gets the
 * same headers and opens nothing: Fastify's HEAD would read a body to its end and throw it away (a whole installer
 * from storage per request, a thousand reads for a thousand ranges).
 */
export async function sendRanged(request: FastifyRequest, reply: FastifyReply, file: RangedFile): Promise<FastifyReply> {
  const ask = parseRange(request.headers.range, file.size);
  const head = request.method === 'HEAD';
  // An empty stream, not nothing: Fastify's HEAD would then say Content-Length: 0.
  const open = async (range?: ByteRange) => (head ? Readable.from([]) : file.open(range));
  reply.header('accept-ranges', 'bytes');
  if (ask.kind === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${file.size}`).type('text/plain; charset=utf-8').send('Range Not Satisfiable');
  }
  if (ask.kind === 'whole')
    return reply
      .code(200)
      .type(file.contentType)
      .header('content-length', file.size)
      .send(await open());
  const { ranges } = ask;
  if (ranges.length === 1) {
    const [r] = ranges as [ByteRange];
    return reply
      .code(206)
      .type(file.contentType)
      .header('content-range', `bytes ${r.start}-${r.end}/${file.size}`)
      .header('content-length', r.end - r.start + 1)
      .send(await open(r));
  }
  const boundary = randomBytes(12).toString('hex');
  const heads = ranges.map((r, i) =>
    Buffer.from(`${i ? '\r\n' : ''}--${boundary}\r\nContent-Type: ${file.contentType}\r\nContent-Range: bytes ${r.start}-${r.end}/${file.size}\r\n\r\n`),
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = heads.reduce((n, h, i) => n + h.length + ranges[i]!.end - ranges[i]!.start + 1, tail.length);
  async function* parts() {
    for (const [i, r] of ranges.entries()) {
      yield heads[i]!;
      for await (const chunk of await file.open(r)) yield chunk as Buffer;
    }
    yield tail;
  }
  return reply
    .code(206)
    .header('content-type', `multipart/byteranges; boundary=${boundary}`)
    .header('content-length', length)
    .send(head ? Readable.from([]) : Readable.from(parts(), { objectMode: false }));
}
