import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { seed } from '../db/seed';
import { MIGRATIONS_DIR, ROOT_DIR } from '../lib/paths';

/**
 * The API tests' database template (decision 140): vitest's globalSetup of the `api` project migrates and seeds one
 * database per run, and createTestApp (test/harness.ts) copies it for each app instead of building its own. On PGlite
 * the template is a dump of the data directory in a temporary folder; on PostgreSQL a database that takes no
 * connections, copied with CREATE DATABASE … TEMPLATE and dropped at the end of the run.
 * The PGlite dump is kept in the system's temporary folder under the hash of what made it, and used again by the runs
 * of the next hour (the file is a few megabytes; a new migration or seed change makes a new hash).
 */
export type DatabaseTemplate = { pgliteDump?: string; postgresName?: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/** A hash of what makes the template: every migration, the seed's code, what runs them and PGlite's version. */
export function templateHash(): string {
  const hash = createHash('sha256');
  const seedDir = path.join(ROOT_DIR, 'src/server/db/seed');
  const files = [
    ...readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .map((f) => path.join(MIGRATIONS_DIR, f)),
    ...readdirSync(seedDir)
      .sort()
      .map((f) => path.join(seedDir, f)),
    path.join(ROOT_DIR, 'src/server/db/migrate.ts'),
    path.join(ROOT_DIR, 'src/server/db/client.ts'),
    path.join(ROOT_DIR, 'node_modules/@electric-sql/pglite/package.json'),
  ];
  for (const file of files) hash.update(path.basename(file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 12);
}

/** The same open (which migrates) and seed as createTestApp's fresh build and the server's start. */
async function migrateAndSeed(config: { DATABASE_URL?: string; dataDir: string }) {
  const database = await openDatabase({ DATABASE_URL: config.DATABASE_URL, DATABASE_POOL_SIZE: 2, dataDir: config.dataDir });
  await seed(database.db);
  return database;
}

/**
 * How long a PGlite dump is used again by later runs with the same hash: one API test file run alone then skips the
 * build. Its seeded posts are dated from when it was made, so it is not kept for long.
 */
const PGLITE_DUMP_REUSE_MS = 60 * 60 * 1000;

async function pgliteTemplate(): Promise<{ provided: DatabaseTemplate; teardown: () => Promise<void> }> {
  const dir = path.join(os.tmpdir(), 'sb-test-template');
  const file = path.join(dir, `pglite-${templateHash()}.tar`);
  const age = (() => {
    try {
      return Date.now() - statSync(file).mtimeMs;
    } catch {
      return Infinity;
    }
  })();
  if (age < PGLITE_DUMP_REUSE_MS) return { provided: { pgliteDump: file }, teardown: async () => {} };
  const database = await migrateAndSeed({ dataDir: 'memory://' });
  try {
    const dump = await database.dumpDataDir!();
    mkdirSync(dir, { recursive: true });
    // Written whole under another name, then renamed: a run starting meanwhile never reads half a file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return { provided: { pgliteDump: file }, teardown: async () => {} };
  } finally {
    await database.close();
  }
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

async function postgresTemplate(adminUrl: string): Promise<{ provided: DatabaseTemplate; teardown: () => Promise<void> }> {
  // The hash names what it holds; the random part keeps runs of other branches and other people apart, since a run
  // drops its own at the end while another may be copying its own.
  const name = `sb_tmpl_${templateHash()}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const drop = () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await migrateAndSeed({ DATABASE_URL: url.toString(), dataDir: 'memory://' });
    await database.close();
    // A database is copied only while nobody is connected to it: from here on nobody can be.
    await adminQuery(adminUrl, `alter database ${name} allow_connections false`);
  } catch (err) {
    await drop();
    throw err;
  }
  return { provided: { postgresName: name }, teardown: drop };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const { provided, teardown } = process.env.TEST_DB === 'postgres' && adminUrl ? await postgresTemplate(adminUrl) : await pgliteTemplate();
  project.provide('databaseTemplate', provided);
  return teardown;
}
