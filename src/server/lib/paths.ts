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
export const MIGRATIONS_DIR = path.join(ROOT_DIR, 'src/server/db/migrations');
/** The built client; `npm start` points it at its BUILD_DIR. */
export const CLIENT_DIST_DIR = process.env.CLIENT_DIST_DIR || path.join(ROOT_DIR, 'dist/client');
