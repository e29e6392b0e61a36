// `npm run licence-key -- [kid] [status]` on a checkout: the built CLI (dist/server/licence-key.js), built first when
// the sources changed. A production host runs `node dist/server/licence-key.js …` itself.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, out, root } from './ensure-built.mjs';

ensureBuilt();
const res = spawnSync(process.execPath, [path.join(out, 'server/licence-key.js'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(res.status ?? 1);
