import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    setupFiles: ['src/test/setup.ts'],
    // Vitest's default in a run is one worker fewer than the cores: on CI's two cores, one. The tests spend most of
    // their time in PGlite (WebAssembly, one core each) or waiting on PostgreSQL, so every core gets a worker.
    maxWorkers: os.availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'], exclude: ['src/**/*.api.test.ts', 'node_modules/**'] } },
      // One migrated, seeded database per run, copied for each test app (decision 140). The files of a worker share its
      // modules (isolate: false): each builds apps of its own on copies of the template, and loading the server's
      // modules again for each file was half of the pass's time (decision 141).
      { extends: true, test: { name: 'api', include: ['src/**/*.api.test.ts'], globalSetup: ['src/server/test/template.ts'], isolate: false } },
    ],
  },
});
