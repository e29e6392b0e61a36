import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A URL-safe random token (for refresh, verification and reset links). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Tokens are stored as their SHA-256, so a leaked table does not hand out working links. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Compares two secrets in constant time (length differences included). */
export function safeEqual(a: string, b: string): boolean {
  const ab = createHash('sha256').update(a).digest();
  const bb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ab, bb) && a.length === b.length;
}
