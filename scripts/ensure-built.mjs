// Builds dist/ when the sources changed since the last build (`npm start`, `npm run admin:create` on a checkout).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceStamp } from './source-stamp.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** BUILD_DIR (default dist) lets two builds live side by side. */
export const out = path.resolve(root, process.env.BUILD_DIR || 'dist');

export function ensureBuilt() {
  const stampFile = path.join(out, '.build-stamp');
  const current = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';
  if (current === sourceStamp(root)) return;
  console.log('Building the site (first start or changed sources)...');
  const res = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
