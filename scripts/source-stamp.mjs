import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const INPUTS = ['src', 'index.html', 'vite.config.ts', 'package-lock.json'];

/** A fingerprint of everything the build reads, so that `npm start` rebuilds only when something changed. */
export function sourceStamp(root) {
  const hash = createHash('sha256');
  const walk = (p) => {
    let st;
    try {
      st = statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const name of readdirSync(p).sort()) walk(path.join(p, name));
    } else {
      hash.update(path.relative(root, p));
      hash.update(readFileSync(p));
    }
  };
  for (const input of INPUTS) walk(path.join(root, input));
  return hash.digest('hex');
}
