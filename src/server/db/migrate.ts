import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../lib/paths';
import type { Database } from './client';

/** Arbitrary constant: the advisory lock that makes concurrent starts apply migrations once. */
const MIGRATION_LOCK = 727_001;

/**
 * Applies every SQL file of db/migrations not yet recorded, in name order, in one transaction.
 * Several instances starting together wait on one advisory lock instead of racing.
 */
export async function migrate(database: Pick<Database, 'rawTransaction'>, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  return database.rawTransaction(async (exec) => {
    await exec(`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await exec(`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`);
    const done = new Set((await exec(`select name from schema_migrations`)).map((r) => String(r.name)));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await exec(readFileSync(path.join(dir, file), 'utf8'));
      await exec(`insert into schema_migrations (name) values ('${file.replace(/'/g, "''")}')`);
      applied.push(file);
    }
    return applied;
  });
}
