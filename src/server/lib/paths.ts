import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's root folder (where package.json is), whether running from src/ via tsx or from dist/. */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export const ROOT_DIR = findRoot();

/**
 * Files the server reads at run time. The build copies them beside the server bundle (dist/server), so a production
 * host needs dist/ and its npm dependencies only; from the sources (tests, `npm run dev`) they are read where they live.
 */
const HERE = path.dirname(fileURLToPath(import.meta.url));
const BUNDLED = existsSync(path.join(HERE, 'migrations'));
export const MIGRATIONS_DIR = BUNDLED ? path.join(HERE, 'migrations') : path.join(ROOT_DIR, 'src/server/db/migrations');
export const SIMULATOR_ASSETS_DIR = BUNDLED ? path.join(HERE, 'simulator') : path.join(ROOT_DIR, 'src/server/adapters/payments/simulator/public');
/** The built client; `npm start` points it at its BUILD_DIR. */
export const CLIENT_DIST_DIR = process.env.CLIENT_DIST_DIR || path.join(ROOT_DIR, 'dist/client');
