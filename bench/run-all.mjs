// npm run bench: every measure in turn, building once.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { build, ROOT } from './lib.mjs';

build();
for (const script of ['page-weight', 'lighthouse', 'api-load', 'lease-refresh', 'scaling', 'start-memory']) {
  console.log(`\n=== ${script} ===`);
  const res = spawnSync(process.execPath, [path.join(ROOT, 'bench', `${script}.mjs`), '--no-build'], { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) console.error(`${script} failed (exit ${res.status})`);
}
