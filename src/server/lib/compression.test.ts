import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, COMPRESS_FROM_BYTES, compressOnce } from './compression';

const LARGE = COMPRESS_FROM_BYTES;

describe('the one compression rule', () => {
  it('sends brotli when accepted, else gzip, else nothing', () => {
    expect(acceptedEncoding('gzip, deflate, br', LARGE)).toBe('br');
    expect(acceptedEncoding('gzip', LARGE)).toBe('gzip');
    expect(acceptedEncoding('*', LARGE)).toBe('gzip');
    expect(acceptedEncoding('deflate', LARGE)).toBeNull();
    expect(acceptedEncoding(undefined, LARGE)).toBeNull();
  });

  it('honours a refusal (q=0)', () => {
    expect(acceptedEncoding('br;q=0, gzip', LARGE)).toBe('gzip');
    expect(acceptedEncoding('br;q=0.0, gzip;q=0', LARGE)).toBeNull();
  });

  it('sends an answer under the threshold as it is, whatever the client accepts', () => {
    expect(acceptedEncoding('br, gzip', COMPRESS_FROM_BYTES - 1)).toBeNull();
  });

  it('compresses once into a body the client can read back', () => {
    const body = Buffer.from('stealth '.repeat(500));
    expect(brotliDecompressSync(compressOnce(body, 'br')).equals(body)).toBe(true);
    expect(gunzipSync(compressOnce(body, 'gzip')).equals(body)).toBe(true);
  });
});
