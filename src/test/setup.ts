import { afterEach, beforeEach, vi } from 'vitest';

// A test fails on any console.error or console.warn it did not expect (spy on console yourself to expect one).
let calls: string[] = [];
beforeEach(() => {
  calls = [];
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      calls.push(`console.${level}: ${args.map(String).join(' ')}`);
    });
  }
});
afterEach(() => {
  vi.restoreAllMocks();
  if (calls.length) throw new Error(`Unexpected console output:\n${calls.join('\n')}`);
});
