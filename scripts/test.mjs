// `npm test`: typecheck, lint, unit and API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
// then the browser tests in Chromium against the built app started as `npm start` starts it, with the production
// steps on that build (scripts/production-check.mjs) beside them. With PRODUCTION_NODE (the Node.js binary production runs; CI
// installs Node 24 LTS, .ci/run) the unit tests run on it too, and the API tests on PostgreSQL and the production
// steps run on it instead: each version is covered without running everything twice. Each step names its Node.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensure-chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const only = process.argv[2];
/** The Node.js production runs, and the one running this script (which runs the other steps, tsc, ESLint, the build). */
const productionNode = process.env.PRODUCTION_NODE || process.execPath;
const versionOf = (node) => spawnSync(node, ['-v'], { encoding: 'utf8' }).stdout?.trim() || `${node} (does not start)`;
const here = { node: process.execPath, version: process.version };
const production = { node: productionNode, version: versionOf(productionNode) };
/** The environment that makes a step's children that call `node` (npm, the tools' launchers) get the given one. */
const onNode = ({ node }) => ({ PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH}` });
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');

/** A step's result line, and the end of the run if it failed. */
function report(title, status, started) {
  console.log(`=== ${title}: ${status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
  if (status !== 0) process.exit(status ?? 1);
}

/** Runs a step (a script of the project on the given Node, `node` and `npm` in its children the same one). */
function step(title, node, cmd, args, env = {}) {
  if (only && only !== title) return;
  const label = `${title} on Node ${node.version}`;
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...onNode(node), ...env } });
  report(label, res.status, started);
}

/**
 * Starts a step beside the ones that follow, its output kept in a file; the returned function waits for it, prints
 * its output and its result, and stops the run if it failed.
 */
function besideTheRest(title, node, cmd, args, env = {}) {
  title = `${title} on Node ${node.version}`;
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'npm-test-')), 'output.log');
  const fd = openSync(file, 'w');
  const started = Date.now();
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', fd, fd], env: { ...process.env, ...onNode(node), ...env } });
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

// tsc, ESLint (with Prettier's check, decision 171) and the build each keep one core busy at most, for a minute or
// two: in a full run they go beside the unit and API tests, which keep both cores busy, instead of leaving one core
// idle before them (decision 141).
const lintSteps = [
  ['typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
  ['lint', bin('eslint'), ['--max-warnings=0', '.']],
  ['format', bin('prettier'), ['--check', '--log-level=warn', '.']],
];
const checks = only
  ? []
  : [...lintSteps.map(([title, cmd, args]) => besideTheRest(title, here, cmd, args)), besideTheRest('build', here, here.node, [path.join(root, 'scripts/build.mjs')])];
if (only) for (const [title, cmd, args] of lintSteps) step(title, here, cmd, args);
const secondNode = production.version !== here.version;
// With a second Node (CI's production one), the unit tests run on that one only, after the journeys: here the API
// tests alone (every suite still runs on both databases and the unit tests on the Node production runs).
step(secondNode ? 'api (PGlite)' : 'unit+api (PGlite)', here, here.node, [vitest, 'run', ...(secondNode ? ['--project', 'api'] : [])], { TEST_DATABASE_URL: '' });
for (const ended of checks) await ended();
// The browser tests go alone: beside the API tests on PostgreSQL (which took 2 minutes alone) the journeys took 12
// minutes instead of 6, the two slowing each other on two cores far beyond their sum (decision 195). After them, the
// API tests on PostgreSQL (with the unit tests on the production Node) and the production steps (scripts/production-check.mjs:
// `npm ci --omit=dev` of the build in dist/, the admin CLI and the server on it, mostly waiting on the disk) go side by side.
if (!only || only === 'e2e') {
  const chromium = ensureChromium();
  step('e2e', here, bin('playwright'), ['test'], { CHROMIUM_PATH: chromium });
}
const besideProduction = only ? null : productionStep(besideTheRest);
if (process.env.TEST_DATABASE_URL) {
  const title = secondNode ? 'unit+api (PostgreSQL)' : 'api (PostgreSQL)';
  step(title, production, production.node, [vitest, 'run', ...(secondNode ? ['--project', 'unit'] : []), '--project', 'api'], { TEST_DB: 'postgres' });
} else {
  if (secondNode) step('unit', production, production.node, [vitest, 'run', '--project', 'unit']);
  if (!only) console.log('\n(TEST_DATABASE_URL is not set: the API tests ran on PGlite only.)');
}
if (besideProduction) await besideProduction();
if (only === 'production') productionStep(step);

/**
 * The production steps of docs/operations.md on the build in dist/: dist/ alone with `npm ci --omit=dev` (npm itself on
 * that Node too), on the Node production runs; `run` is `step` or `besideTheRest`.
 */
function productionStep(run) {
  return run('production', production, production.node, [path.join(root, 'scripts/production-check.mjs')]);
}
