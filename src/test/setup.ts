import { afterEach, beforeEach, vi } from 'vitest';

// React's web-streams build (the server's renderer, client/entry-server.tsx) asks ArrayBuffer.prototype.detached, which
// Node has from 22 on, whether an empty chunk it writes is a detached buffer; without it, its development build (the
// tests'; the server runs the production one) says so on the console. The same answer, for Node 20: a view of a
// detached buffer cannot be made.
if (!Object.prototype.hasOwnProperty.call(ArrayBuffer.prototype, 'detached')) {
  Object.defineProperty(ArrayBuffer.prototype, 'detached', {
    configurable: true,
    get(this: ArrayBuffer) {
      try {
        new Uint8Array(this);
        return false;
      } catch {
        return true;
      }
    },
  });
}

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
