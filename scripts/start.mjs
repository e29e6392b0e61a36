// `npm start`: builds when the sources changed since the last build, then runs the server in the foreground.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceStamp } from './source-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.resolve(root, process.env.BUILD_DIR || 'dist');
const stampFile = path.join(out, '.build-stamp');
const current = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';
if (current !== sourceStamp(root)) {
  console.log('Building the site (first start or changed sources)...');
  const res = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

const child = spawn(process.execPath, ['--enable-source-maps', path.join(out, 'server/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env, CLIENT_DIST_DIR: path.join(out, 'client') },
});
// The server closes the database cleanly on these; pass them on and wait for it.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
