import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { seed } from '../db/seed';

/** Which database the API tests run on: PGlite in memory, or a fresh PostgreSQL database per app. */
export const TEST_DB_KIND: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export type TestApp = {
  app: FastifyInstance;
  config: Config;
  database: Database;
  db: Database['db'];
  /** inject() with a JSON body and an optional bearer token. */
  call: (method: InjectOptions['method'], url: string, opts?: { body?: unknown; token?: string; headers?: Record<string, string>; remoteAddress?: string }) => Promise<LightMyRequestResponse & { json: () => any }>;
  close: () => Promise<void>;
};

/** Creates a fresh PostgreSQL database beside adminUrl's; drop() removes it (several test apps may share one: see test/cluster.ts). */
export async function createPostgresDatabase(adminUrl: string = process.env.TEST_DATABASE_URL!): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sb_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
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
 * Builds the whole API on a fresh, migrated and seeded database, or, when env.DATABASE_URL is given, on that
 * existing database, which close() then leaves in place (several instances on one database: test/cluster.ts).
 */
export async function createTestApp(env: Record<string, string> = {}, opts: { beforeReady?: (app: FastifyInstance) => void; onRoute?: BuildOptions['onRoute'] } = {}): Promise<TestApp> {
  let drop = async () => {};
  const base: Record<string, string> = { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://', ...env };
  if (TEST_DB_KIND === 'postgres' && !env.DATABASE_URL) {
    const created = await createPostgresDatabase();
    base.DATABASE_URL = created.url;
    drop = created.drop;
  }
  const config = loadConfig(base);
  const database = await openDatabase(config);
  await seed(database.db);
  const app = await buildApp(config, database, { client: false, onRoute: opts.onRoute });
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
      if (opts.token && database.kind === 'postgres') await app.ctx.sessionChecks.settle();
      const res = await app.inject({ method, url, payload: opts.body as InjectOptions['payload'], headers, ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}) });
      return Object.assign(res, { json: () => JSON.parse(res.body) });
    },
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}
