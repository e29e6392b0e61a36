// `npm test`: typecheck, lint, unit and API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
// then the browser tests in Chromium against the built app started as `npm start` starts it, and the production
// steps on that build (scripts/production-check.mjs).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensure-chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const only = process.argv[2];

function step(title, cmd, args, env = {}) {
  if (only && only !== title) return;
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${title}: ${res.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
  if (res.status !== 0) process.exit(res.status ?? 1);
}

step('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
step('lint', bin('eslint'), ['--max-warnings=0', '.']);
step('unit+api (PGlite)', bin('vitest'), ['run'], { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) {
  step('api (PostgreSQL)', bin('vitest'), ['run', '--project', 'api'], { TEST_DB: 'postgres' });
} else if (!only) {
  console.log('\n(TEST_DATABASE_URL is not set: the API tests ran on PGlite only.)');
}
if (!only || only === 'e2e') {
  const chromium = ensureChromium();
  step('build', process.execPath, [path.join(root, 'scripts/build.mjs')]);
  step('e2e', bin('playwright'), ['test'], { CHROMIUM_PATH: chromium });
}
if (!only || only === 'production') {
  // The production steps of docs/operations.md on the build in dist/: dist/ alone with `npm ci --omit=dev`.
  step('production', process.execPath, [path.join(root, 'scripts/production-check.mjs')]);
}
