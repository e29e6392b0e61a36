// Builds the client (Vite) and bundles the server (esbuild) into dist/, then stamps the build.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { serverBundles } from './server-bundle.mjs';
import { sourceStamp } from './source-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** BUILD_DIR (default dist) lets two builds live side by side. */
const out = path.resolve(root, process.env.BUILD_DIR || 'dist');

const vite = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', path.join(out, 'client')], {
  cwd: root,
  stdio: 'inherit',
});
if (vite.status !== 0) process.exit(vite.status ?? 1);
// The same app built for Node: the server renders the public pages with it (src/server/ssr/render-page.ts).
const ssr = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--ssr', 'src/client/entry-server.tsx', '--outDir', path.join(out, 'ssr')],
  { cwd: root, stdio: 'inherit' },
);
if (ssr.status !== 0) process.exit(ssr.status ?? 1);

// Hashed assets never change, so they are compressed once here at the highest levels; the server sends the .br or
// .gz file as it is (@fastify/static preCompressed) instead of compressing each response.
const assetsDir = path.join(out, 'client/assets');
for (const name of readdirSync(assetsDir).filter((f) => /\.(js|css|svg)$/.test(f))) {
  const file = path.join(assetsDir, name);
  const data = readFileSync(file);
  if (data.length < 1024) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
}

// The server and the admin CLI (scripts/server-bundle.mjs); old chunks go, since their names change with their content.
rmSync(path.join(out, 'server'), { recursive: true, force: true });
for (const options of serverBundles(root, path.join(out, 'server'))) await build(options);

// What the server reads at run time goes beside its bundle (src/server/lib/paths.ts): a production host runs dist/
// with `npm ci --omit=dev` and has no src/.
for (const [from, to] of [
  ['src/server/db/migrations', 'server/migrations'],
  ['src/server/adapters/payments/simulator/public', 'server/simulator'],
]) {
  rmSync(path.join(out, to), { recursive: true, force: true });
  cpSync(path.join(root, from), path.join(out, to), { recursive: true });
}

mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, '.build-stamp'), sourceStamp(root));
console.log(`built ${path.relative(root, out)}/client and ${path.relative(root, out)}/server`);
