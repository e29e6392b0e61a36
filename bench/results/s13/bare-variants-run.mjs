// Session 13: bare Fastify with the app's framework parts added one at a time (bare-variants.mjs), instructions per
// request under callgrind. From the repository root:
//   VARIANTS='ERR;ZOD,ERR,COMPRESS,ROUTES' node bench/results/s13/bare-variants-run.mjs
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { countPerRequest, underCallgrind } from '../../callgrind.mjs';
import { startBare } from '../../lib.mjs';

for (const variant of (process.env.VARIANTS ?? ',ZOD,ERR,COMPRESS,ROUTES').split(';')) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bare-variant-'));
  const env = Object.fromEntries(variant.split(',').filter(Boolean).map((v) => [v, '1']));
  const bare = await startBare(4811, { script: 'bench/results/s13/bare-variants.mjs', env, wrap: underCallgrind(dir) });
  await countPerRequest(variant || 'base', bare.pid, dir, `${bare.url}api/v1/health/live`);
  await bare.stop();
}
