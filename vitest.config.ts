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
      { extends: true, test: { name: 'api', include: ['src/**/*.api.test.ts'] } },
    ],
  },
});
