import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Reads `.env` from the working directory when there is one (Node's own parser, process.loadEnvFile): variables
 * already in the environment win over the file. Called by the server and the admin CLI before the configuration.
 */
export function loadEnvFile(file = path.join(process.cwd(), '.env')): string | null {
  if (!existsSync(file)) return null;
  process.loadEnvFile(file);
  return file;
}
