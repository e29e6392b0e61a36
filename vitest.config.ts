import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'], exclude: ['src/**/*.api.test.ts', 'node_modules/**'] } },
      { extends: true, test: { name: 'api', include: ['src/**/*.api.test.ts'] } },
    ],
  },
});
