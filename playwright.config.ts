import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN, E2E_NEW_ADMIN } from './e2e/admin-credentials';

const PORT = Number(process.env.E2E_PORT ?? 3210);
/**
 * Test workers, each with a server of its own (decision 142): worker n (its parallel index, 0 to WORKERS - 1, the
 * same for a worker started again after a failure) talks to the server on PORT + n, on a data directory of its own,
 * so that no test sees another worker's users, payments, posts or limits, and totals stay those of one worker.
 */
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
// Kept in the environment so that test workers (which load this file again) see the same directories.
const dataDirs = Array.from({ length: WORKERS }, (_, n) => (process.env[`E2E_DATA_DIR_${n}`] ??= mkdtempSync(path.join(os.tmpdir(), `stealth-e2e-${n}-`))));
// In a test worker, its parallel index (set before this file is loaded there); in the runner, 0.
const own = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
// The data directory of this worker's server (e2e/shell.spec.ts starts a second server on it).
process.env.E2E_DATA_DIR = dataDirs[own];

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: WORKERS,
  // In CI a failed test is tried once more, and one that passes then is reported as flaky with an account of its first
  // try (e2e/fixtures.ts); run here, it fails at once (decision 174).
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: `http://localhost:${PORT + own}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: dataDirs.map((dataDir, n) => ({
    // The built app started exactly as `npm start` starts it, on a fresh data directory, after creating the
    // e2e admins there (before the server holds the PGlite lock) as `npm run admin:create` does, by the built CLI
    // (through tsx it cost two seconds more of a core: decision 180).
    command: `node scripts/admin-create.mjs "$E2E_ADMIN_EMAIL" "$E2E_ADMIN_PASSWORD" && node scripts/admin-create.mjs "$E2E_NEW_ADMIN_EMAIL" "$E2E_NEW_ADMIN_PASSWORD" && node scripts/start.mjs`,
    url: `http://localhost:${PORT + n}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    // TRUST_PROXY as behind a load balancer on this machine: the accounts the fixtures register each come from an
    // address of their own (verifiedUser), as real visitors do, so the suite's sign-ups stay within the production
    // limit of 30 an hour per address; the browser's own requests carry no forwarded address and count as one.
    env: {
      PORT: String(PORT + n),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'loopback',
      E2E_DATA_DIR: dataDir,
      E2E_ADMIN_EMAIL: E2E_ADMIN.email,
      E2E_ADMIN_PASSWORD: E2E_ADMIN.password,
      E2E_NEW_ADMIN_EMAIL: E2E_NEW_ADMIN.email,
      E2E_NEW_ADMIN_PASSWORD: E2E_NEW_ADMIN.password,
      // The update journey ships the program's 1.0.0 and 1.1.0 (e2e/updates.spec.ts): programs that old may activate.
      MIN_APP_VERSION: '1.0.0',
    },
  })),
});
