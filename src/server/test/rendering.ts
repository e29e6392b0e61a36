import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT_DIR } from '../lib/paths';
import { registerPageServer } from '../ssr/page-server';
import { createTestApp, type TestApp } from './harness';

/**
 * The app with its public pages rendered as `npm start` renders them: the page template, and in place of the server
 * bundle the client's server entry from the sources (a directory of its own, removed by close()).
 */
export async function createRenderingTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rendering-'));
  mkdirSync(path.join(dir, 'client'));
  mkdirSync(path.join(dir, 'ssr'));
  cpSync(path.join(ROOT_DIR, 'index.html'), path.join(dir, 'client/index.html'));
  writeFileSync(path.join(dir, 'ssr/entry-server.js'), `export { render } from ${JSON.stringify(path.join(ROOT_DIR, 'src/client/entry-server.tsx'))};\n`);
  const t = await createTestApp(env, { beforeReady: (app) => void app.register(async (scope) => registerPageServer(scope, path.join(dir, 'client'))) });
  return {
    ...t,
    close: async () => {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
