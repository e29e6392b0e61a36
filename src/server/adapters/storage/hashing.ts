import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { ObjectTooLargeError, type StreamedObject } from './types';

/**
 * A pass-through that counts and hashes what goes by (SHA-512 and SHA-256), and fails with ObjectTooLargeError the
 * moment more than `maxBytes` went by. `result()` is read once the stream has ended.
 */
export function hashingCounter(maxBytes: number): Transform & { result: () => StreamedObject } {
  const sha512 = createHash('sha512');
  const sha256 = createHash('sha256');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new ObjectTooLargeError(maxBytes));
      sha512.update(chunk);
      sha256.update(chunk);
      done(null, chunk);
    },
  });
  return Object.assign(counter, { result: () => ({ size, sha512: sha512.digest('base64'), sha256: sha256.digest('hex') }) });
}
