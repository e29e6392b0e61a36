import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { seed } from '../db/seed';
import { watchDeclaredErrors } from './declared-errors';
import type { DatabaseTemplate } from './template';

/** Which database the API tests run on: PGlite in memory, or a fresh PostgreSQL database per app. */
export const TEST_DB_KIND: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export type TestApp = {
  app: FastifyInstance;
  config: Config;
  database: Database;
  db: Database['db'];
  /** inject() with a JSON body and an optional bearer token; resolves once the work left for after the answer is done. */
  call: (
    method: InjectOptions['method'],
    url: string,
    opts?: { body?: unknown; token?: string; headers?: Record<string, string>; remoteAddress?: string },
  ) => Promise<LightMyRequestResponse & { json: () => any }>;
  close: () => Promise<void>;
};

/**
 * Creates a fresh PostgreSQL database beside adminUrl's, empty or a copy of template; drop() removes it (several test
 * apps may share one: see test/cluster.ts).
 */
export async function createPostgresDatabase(adminUrl: string = process.env.TEST_DATABASE_URL!, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sb_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * The run's migrated and seeded template (test/template.ts, decision 140), when the `api` project's globalSetup made
 * one; elsewhere (a unit test, another runner) every app builds its own.
 */
function databaseTemplate(): DatabaseTemplate {
  try {
    return inject('databaseTemplate') ?? {};
  } catch {
    return {};
  }
}

/** The PGlite template's dump, read once per test file. */
let pgliteDump: Promise<Blob> | null = null;
function loadPgliteDump(file: string): Promise<Blob> {
  pgliteDump ??= readFile(file).then((bytes) => new Blob([bytes]));
  return pgliteDump;
}

/**
 * Builds the whole API on a fresh, migrated and seeded database (a copy of the run's template when there is one), or, when env.DATABASE_URL is given, on that
 * existing database, which close() then leaves in place (several instances on one database: test/cluster.ts).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: { beforeReady?: (app: FastifyInstance) => void; onRoute?: BuildOptions['onRoute'] } = {},
): Promise<TestApp> {
  let drop = async () => {};
  const base: Record<string, string> = { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://', ...env };
  const template = databaseTemplate();
  if (TEST_DB_KIND === 'postgres' && !env.DATABASE_URL) {
    const created = await createPostgresDatabase(undefined, template.postgresName);
    base.DATABASE_URL = created.url;
    drop = created.drop;
  }
  const config = loadConfig(base);
  // Seeding reads no setting, so every in-memory PGlite app starts from the template; one on disk (DATA_DIR given)
  // or on a given DATABASE_URL builds as the server does.
  const fromDump = !config.DATABASE_URL && config.dataDir === 'memory://' && template.pgliteDump;
  const database = await openDatabase(config, fromDump ? { pgliteDataDir: await loadPgliteDump(fromDump) } : {});
  await seed(database.db);
  const app = await buildApp(config, database, { client: false, onRoute: opts.onRoute });
  // Every refusal a declared endpoint gives must be in its declaration's errors (decision 177).
  const undeclared = watchDeclaredErrors(app);
  const failOnUndeclared = () => {
    const found = undeclared.take();
    if (found.length) throw new Error(`Undeclared error codes:\n${found.join('\n')}`);
  };
  opts.beforeReady?.(app);
  await app.ready();
  return {
    app,
    config,
    database,
    db: database.db,
    call: async (method, url, opts = {}) => {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      // A signed-in request on PostgreSQL first lets the instance hear of every change committed before it (a test's
      // own writes straight into the database included), as it would once told; PGlite tells in the process at once.
      if (opts.token && database.kind === 'postgres') await app.ctx.readCache.settle();
      const res = await app.inject({ method, url, payload: opts.body as InjectOptions['payload'], headers, ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}) });
      // Work a route leaves for after its answer (a reset or verification mail, decision 101) is done before the test
      // goes on, as a person reading the mail a moment later would find it.
      await app.ctx.jobs.settled();
      failOnUndeclared();
      return Object.assign(res, { json: () => JSON.parse(res.body) });
    },
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      failOnUndeclared();
    },
  };
}
