import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN } from './e2e/admin-credentials';

const PORT = Number(process.env.E2E_PORT ?? 3210);
// Kept in the environment so that test workers (which load this file again) see the same directory.
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'stealth-e2e-')));

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The built app started exactly as `npm start` starts it, on a fresh data directory, after creating the
    // e2e admin there (before the server holds the PGlite lock).
    command: `node --import tsx src/server/cli/admin-create.ts "$E2E_ADMIN_EMAIL" "$E2E_ADMIN_PASSWORD" && node scripts/start.mjs`,
    url: `http://localhost:${PORT}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // TRUST_PROXY as behind a load balancer on this machine: the accounts the fixtures register each come from an
    // address of their own (verifiedUser), as real visitors do, so the suite's sign-ups stay within the production
    // limit of 30 an hour per address; the browser's own requests carry no forwarded address and count as one.
    env: { PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', TRUST_PROXY: 'loopback', E2E_DATA_DIR: dataDir, E2E_ADMIN_EMAIL: E2E_ADMIN.email, E2E_ADMIN_PASSWORD: E2E_ADMIN.password },
  },
});
