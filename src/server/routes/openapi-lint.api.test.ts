import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { createUserAndLogin } from '../test/users';

type Problem = { ruleId: string; severity: 'error' | 'warn'; message: string; location: { pointer?: string }[] };

/** Redocly's recommended ruleset on a document, by its own CLI: the problems it finds. */
function redoclyLint(doc: unknown): { errors: Problem[]; warnings: Problem[] } {
  const dir = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));
  try {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
    const run = spawnSync(process.execPath, [cli, 'lint', '--extends=recommended', '--format=json', '--max-problems=1000', file], {
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as { problems: Problem[] };
    return { errors: report.problems.filter((p) => p.severity === 'error'), warnings: report.problems.filter((p) => p.severity === 'warn') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const listed = (problems: Problem[]) => problems.map((p) => `${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`);

let t: TestApp;
let whole: unknown;
let open: unknown;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUserAndLogin(t, { role: 'admin' });
  whole = (await t.call('GET', '/api/v1/admin/openapi.json', { token: admin.token })).json();
  open = (await t.call('GET', '/api/docs/json')).json();
}, 60_000);
afterAll(() => t?.close());

describe(`the API description under Redocly's recommended rules (${TEST_DB_KIND})`, () => {
  it('has no error in the whole document (the admin operations included) nor in the one /api/docs shows', () => {
    for (const doc of [whole, open]) expect(listed(redoclyLint(doc).errors)).toEqual([]);
  }, 60_000);
});
