// `npm start`: builds when the sources changed since the last build, then runs the server in the foreground.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, out, root } from './ensure-built.mjs';

ensureBuilt();
const child = spawn(process.execPath, ['--enable-source-maps', path.join(out, 'server/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env, CLIENT_DIST_DIR: path.join(out, 'client') },
});
// The server closes the database cleanly on these; pass them on and wait for it.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
