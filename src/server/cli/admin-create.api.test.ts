import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../lib/paths';
import { profiles } from '../db/schema';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { createUser, loginAs } from '../test/users';

const run = promisify(execFile);
const CLI = path.join(ROOT_DIR, 'src/server/cli/admin-create.ts');

/** `npm run admin:create -- <email> <password>` as a deployer runs it, against the given database. */
async function adminCreate(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: ROOT_DIR, env: { ...process.env, LOG_LEVEL: 'silent', ...env }, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/**
 * PGlite allows one process per data directory, so the CLI runs while the app is closed; on PostgreSQL it runs
 * beside the open app, as it would in production.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'stealth-admin-cli-'));
let t: TestApp | null = null;
const dbEnv = (): Record<string, string> => (TEST_DB_KIND === 'postgres' ? { DATABASE_URL: t!.config.DATABASE_URL! } : { DATA_DIR: dir });
const open = async () => {
  if (TEST_DB_KIND === 'pglite' || !t) t = await createTestApp(TEST_DB_KIND === 'pglite' ? { DATA_DIR: dir } : {});
  return t;
};
const closeForCli = async () => {
  if (TEST_DB_KIND === 'pglite' && t) {
    await t.close();
    t = null;
  }
};
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

// Each test starts the command as its own Node process (tsx, a PGlite start and every migration on a fresh
// directory): seconds on a quiet machine, many more while other suites share the cores.
describe(`admin:create on ${TEST_DB_KIND}`, { timeout: 90_000 }, () => {
  it('creates a verified admin who can sign in and manage the blog', async () => {
    if (TEST_DB_KIND === 'postgres') await open();
    const res = await adminCreate(dbEnv(), 'Boss@Example.com', 'S3cure!pass');
    expect(res.stderr).toBe('');
    expect(res.stdout).toContain('Created admin boss@example.com. Sign in at /admin/login.');
    expect(res.code).toBe(0);

    const app = await open();
    const session = await loginAs(app, 'boss@example.com', 'S3cure!pass');
    expect(session.user).toMatchObject({ email: 'boss@example.com', role: 'admin', isEmailVerified: true });
    expect((await app.call('GET', '/api/v1/admin/blog/posts', { token: session.token })).statusCode).toBe(200);
  });

  it('promotes an existing user, sets the new password and ends their old sessions', async () => {
    const app = await open();
    const { user, email } = await createUser(app);
    const old = await loginAs(app, email);
    await closeForCli();

    const res = await adminCreate(dbEnv(), email, 'N3w!password');
    expect(res.stdout).toContain(`Promoted admin ${email}.`);
    expect(res.code).toBe(0);

    const reopened = await open();
    const [profile] = await reopened.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile.role).toBe('admin');
    expect((await reopened.call('GET', '/api/v1/auth/me', { token: old.token })).statusCode).toBe(401);
    const fresh = await loginAs(reopened, email, 'N3w!password');
    expect((fresh.user as { role?: string }).role).toBe('admin');
  });

  it('refuses a bad e-mail or a short password with usage help, changing nothing', async () => {
    await closeForCli();
    const bad = await adminCreate(dbEnv(), 'not-an-email', 'S3cure!pass');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Usage: npm run admin:create -- <email> <password>');
    const short = await adminCreate(dbEnv(), 'x@example.com', 'short');
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('at least 8 characters');
  });
});
