import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { getTableColumns, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Config } from '../config';
import { lockDataDir } from './lock';
import { migrate } from './migrate';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: anything that takes a Db also takes one of these. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/**
 * A statement prepared once for each database or transaction handle it is asked for, and kept with the handle: a named
 * statement planned once per connection, with no query built per call. `prepare` builds it (with placeholders).
 */
export function preparedPerHandle<H extends DbOrTx, P>(prepare: (db: H) => P): (db: H) => P {
  const kept = new WeakMap<H, P>();
  return (db) => {
    let statement = kept.get(db);
    if (!statement) kept.set(db, (statement = prepare(db)));
    return statement;
  };
}

/**
 * Rows of `table` that a statement returned as JSON (`json_agg(t)` of whole rows, keyed by the database's column
 * names), made into the rows a select of the table gives: each column read by its own mapFromDriverValue, as drizzle's
 * relational queries read the JSON they aggregate. For one statement that returns the rows of two tables (the lease
 * refresh's devices and subscriptions) instead of two round trips.
 */
export function rowsFromJson<T extends PgTable>(table: T, json: readonly Record<string, unknown>[]): T['$inferSelect'][] {
  const columns = Object.entries(getTableColumns(table));
  return json.map((raw) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = raw[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  });
}

/** Runs one or more SQL statements (simple protocol) and returns the rows of the last. */
export type RawExec = (sql: string) => Promise<Record<string, unknown>[]>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL, several statements allowed, inside one transaction (migrations). */
  rawTransaction: <T>(fn: (exec: RawExec) => Promise<T>) => Promise<T>;
  ping: () => Promise<void>;
  /**
   * Listens on a notification channel (LISTEN/NOTIFY): onNotify gets each payload. On PostgreSQL it holds a
   * connection of its own, outside the pool, and connects again after losing it (each second); onNotify then gets
   * null, since notifications sent meanwhile were lost. On PGlite notifications are delivered in the process.
   * onListening, when given, is told false as soon as the connection is lost and true once it listens again (PGlite
   * never loses it). Resolves once listening; the function it gives stops.
   */
  listen: (channel: string, onNotify: (payload: string | null) => void, onListening?: (listening: boolean) => void) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
  /** PGlite only: the whole data directory as an uncompressed tarball (the test harness's template, decision 140). */
  dumpDataDir?: () => Promise<Blob>;
};

/**
 * Opens PGlite in DATA_DIR (or memory) or PostgreSQL at DATABASE_URL, and applies pending migrations.
 * pgliteDataDir is for the test harness only (decision 140): an in-memory PGlite starts from that dump of a migrated,
 * seeded database instead of an empty one. No setting a deployer makes reaches it.
 */
export async function openDatabase(config: Pick<Config, 'DATABASE_URL' | 'DATABASE_POOL_SIZE' | 'dataDir'>, opts: { pgliteDataDir?: Blob } = {}): Promise<Database> {
  // Only the driver in use is loaded (PGlite or node-postgres, each with its Drizzle adapter): less to load at start.
  const database = config.DATABASE_URL ? await openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE) : await openPglite(config.dataDir, opts.pgliteDataDir);
  try {
    await migrate(database);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

/** PGlite's shared buffers (PostgreSQL's default is 128MB). */
const PGLITE_SHARED_BUFFERS = '32MB';

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([import('@electric-sql/pglite'), import('drizzle-orm/pglite')]);
  const inMemory = dataDir === 'memory://';
  if (loadDataDir && !inMemory) throw new Error('A PGlite data-dir dump is loaded into an in-memory database only');
  const dbDir = inMemory ? undefined : path.join(dataDir, 'pglite');
  const release = inMemory ? () => {} : lockDataDir(dataDir);
  let client: PGlite;
  try {
    // PostgreSQL's default 128 MB of shared buffers grow inside the process's WebAssembly memory; the embedded
    // database of a trial holds little, and its files stay in the system's page cache besides.
    client = await PGlite.create({ ...(dbDir ? { dataDir: dbDir } : {}), ...(loadDataDir ? { loadDataDir } : {}), postgresqlconf: [`shared_buffers=${PGLITE_SHARED_BUFFERS}`] });
  } catch (err) {
    release();
    throw err;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    dumpDataDir: () => client.dumpDataDir('none'),
    rawTransaction: (fn) =>
      client.transaction((tx) =>
        fn(async (sql) => {
          const results = await tx.exec(sql);
          return (results.at(-1)?.rows ?? []) as Record<string, unknown>[];
        }),
      ),
    ping: async () => {
      await client.query('select 1');
    },
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, (payload) => onNotify(payload));
      return async () => {
        if (!closed) await stop();
      };
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
      release();
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000, idleTimeoutMillis: 30000 });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'postgres',
    rawTransaction: async (fn) => {
      const conn = await pool.connect();
      try {
        await conn.query('begin');
        const result = await fn(async (sql) => {
          const res = (await conn.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[];
          const last = Array.isArray(res) ? res.at(-1) : res;
          return (last?.rows ?? []) as Record<string, unknown>[];
        });
        await conn.query('commit');
        return result;
      } catch (err) {
        await conn.query('rollback').catch(() => {});
        throw err;
      } finally {
        conn.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    listen: (channel, onNotify, onListening) => listenPostgres(pg, url, channel, onNotify, onListening),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** How long a lost LISTEN connection waits before it connects again. */
const RELISTEN_MS = 1000;

/** LISTEN on a connection of its own, connected again whenever it is lost; onNotify(null) when it is lost and when it is back. */
async function listenPostgres(
  driver: typeof pg,
  url: string,
  channel: string,
  onNotify: (payload: string | null) => void,
  onListening: (listening: boolean) => void = () => {},
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const c = new driver.Client({ connectionString: url, connectionTimeoutMillis: 5000, keepAlive: true });
    const lost = () => {
      if (client !== c) return;
      client = null;
      c.end().catch(() => {});
      if (stopped) return;
      // Told at once: while no connection listens, notifications may be missed, so what the listener knows may be old.
      onListening(false);
      onNotify(null);
      retry = setTimeout(again, RELISTEN_MS);
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (msg) => {
      if (msg.channel === channel) onNotify(msg.payload ?? null);
    });
    await c.connect();
    client = c;
    await c.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
  };
  const again = () => {
    retry = null;
    connect().then(
      () => {
        onListening(true);
        onNotify(null);
      },
      () => {
        if (stopped || retry) return;
        client = null;
        retry = setTimeout(again, RELISTEN_MS);
      },
    );
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}

/** Runs raw SQL through Drizzle and returns its rows (PGlite and node-postgres both answer with { rows }). */
export async function queryRows<T>(db: DbOrTx, query: SQLWrapper): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Which rows a retrying job claims: the ones just written (by id, right after their transaction) or, on the job's
 * own turn, every row whose next attempt is due. Automatic refunds and provider cancellations claim the same way.
 */
export const listedOrDue = (ids: string[] | undefined, now: Date): SQL =>
  ids
    ? sql`id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`next_attempt_at <= ${now}`;
