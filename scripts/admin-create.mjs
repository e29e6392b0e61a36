// `npm run admin:create -- <email> <password> [firstName] [lastName]` on a checkout: the built CLI (dist/server/admin-create.js),
// built first when the sources changed. A production host runs `node dist/server/admin-create.js …` itself.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, out, root } from './ensure-built.mjs';

ensureBuilt();
const res = spawnSync(process.execPath, ['--enable-source-maps', path.join(out, 'server/admin-create.js'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(res.status ?? 1);
