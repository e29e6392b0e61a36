// `npm test`: typecheck, lint, unit and API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
// then the browser tests in Chromium against the built app started as `npm start` starts it, and the production
// steps on that build (scripts/production-check.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensure-chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const only = process.argv[2];

/** A step's result line, and the end of the run if it failed. */
function report(title, status, started) {
  console.log(`=== ${title}: ${status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
  if (status !== 0) process.exit(status ?? 1);
}

function step(title, cmd, args, env = {}) {
  if (only && only !== title) return;
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  report(title, res.status, started);
}

/**
 * Starts a step beside the ones that follow, its output kept in a file; the returned function waits for it, prints
 * its output and its result, and stops the run if it failed.
 */
function besideTheRest(title, cmd, args, env = {}) {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'npm-test-')), 'output.log');
  const fd = openSync(file, 'w');
  const started = Date.now();
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', fd, fd], env: { ...process.env, ...env } });
  // The child holds the file open on its own; this process only reads it back at the end.
  closeSync(fd);
  const ended = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  const stop = () => child.exitCode === null && child.kill();
  process.once('exit', stop);
  console.log(`\n=== ${title}: started beside the steps below ===`);
  return async () => {
    const status = await ended;
    process.off('exit', stop);
    console.log(`\n=== ${title} ===`);
    process.stdout.write(readFileSync(file));
    report(title, status, started);
  };
}

step('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
step('lint', bin('eslint'), ['--max-warnings=0', '.']);
step('unit+api (PGlite)', bin('vitest'), ['run'], { TEST_DATABASE_URL: '' });
// The API tests on PostgreSQL wait on the database more than they compute, and the browser tests run one at a time:
// on a machine of two cores the two leave each other room, so in a full run they go side by side (the run took
// 23 minutes one after the other, on the slowest machine yet; CI allows 25).
let postgresApi = null;
if (process.env.TEST_DATABASE_URL) {
  const args = [bin('vitest'), ['run', '--project', 'api'], { TEST_DB: 'postgres' }];
  if (!only) postgresApi = besideTheRest('api (PostgreSQL)', ...args);
  else step('api (PostgreSQL)', ...args);
} else if (!only) {
  console.log('\n(TEST_DATABASE_URL is not set: the API tests ran on PGlite only.)');
}
if (!only || only === 'e2e') {
  const chromium = ensureChromium();
  step('build', process.execPath, [path.join(root, 'scripts/build.mjs')]);
  step('e2e', bin('playwright'), ['test'], { CHROMIUM_PATH: chromium });
}
if (postgresApi) await postgresApi();
if (!only || only === 'production') {
  // The production steps of docs/operations.md on the build in dist/: dist/ alone with `npm ci --omit=dev`.
  step('production', process.execPath, [path.join(root, 'scripts/production-check.mjs')]);
}
