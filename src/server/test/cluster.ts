import pg from 'pg';
import { createPostgresDatabase, createTestApp, TEST_DB_KIND, type TestApp } from './harness';
import { redisAnswers } from './redis-answers';

/** Where the scale-out tests find PostgreSQL and Redis: CI's TEST_* variables, else the local defaults. */
const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Why the cluster tests cannot run here, or null when they can. Several instances need one shared PostgreSQL
 * and Redis; `npm test` blanks TEST_DATABASE_URL for its PGlite pass, and these tests run in its PostgreSQL pass.
 */
export async function clusterUnavailable(): Promise<string | null> {
  if (TEST_DB_KIND === 'pglite' && process.env.TEST_DATABASE_URL === '') return 'PGlite pass: several instances need PostgreSQL; they run in the PostgreSQL pass';
  if (!(await postgresAnswers(PG_URL))) return `PostgreSQL does not answer at ${new URL(PG_URL).host}`;
  if (!(await redisAnswers(REDIS_URL))) return `Redis does not answer at ${new URL(REDIS_URL).host}`;
  return null;
}

export type TestCluster = {
  /** Identical instances, as a load balancer sees them: one database, one Redis, no state of their own. */
  apps: TestApp[];
  databaseUrl: string;
  redisUrl: string;
  close: () => Promise<void>;
};

/** Builds `count` apps on ONE fresh PostgreSQL database and the shared Redis, started together (migrations under the lock). */
export async function createTestCluster(count: number, env: Record<string, string> = {}): Promise<TestCluster> {
  const created = await createPostgresDatabase(PG_URL);
  const shared = { DATABASE_URL: created.url, REDIS_URL: REDIS_URL, DATABASE_POOL_SIZE: '5', ...env };
  const started = await Promise.allSettled(Array.from({ length: count }, () => createTestApp(shared)));
  const apps = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const close = async () => {
    for (const t of apps) await t.close();
    await created.drop();
  };
  const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await close();
    throw failed.reason;
  }
  return { apps, databaseUrl: created.url, redisUrl: REDIS_URL, close };
}
