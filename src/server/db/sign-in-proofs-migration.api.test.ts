import { mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../lib/paths';
import { createPostgresDatabase, TEST_DB_KIND } from '../test/harness';
import type { Database, RawExec } from './client';
import { migrate } from './migrate';

const RENAME = '0180_sign_in_proofs.sql';

/** An empty database of the kind the tests use, with the one call migrate() needs and a way to read it. */
async function emptyDatabase(): Promise<Pick<Database, 'rawTransaction'> & { query: RawExec; close: () => Promise<void> }> {
  if (TEST_DB_KIND === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const client = await PGlite.create();
    const query: RawExec = async (sql) => ((await client.exec(sql)).at(-1)?.rows ?? []) as Record<string, unknown>[];
    return {
      rawTransaction: (fn) => client.transaction((tx) => fn(async (sql) => ((await tx.exec(sql)).at(-1)?.rows ?? []) as Record<string, unknown>[])),
      query,
      close: () => client.close(),
    };
  }
  const created = await createPostgresDatabase();
  const client = new pg.Client({ connectionString: created.url });
  await client.connect();
  const query: RawExec = async (sql) => {
    const res = (await client.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[];
    return ((Array.isArray(res) ? res.at(-1) : res)?.rows ?? []) as Record<string, unknown>[];
  };
  return {
    rawTransaction: async (fn) => {
      await client.query('begin');
      try {
        const result = await fn(query);
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback');
        throw err;
      }
    },
    query,
    close: async () => {
      await client.end();
      await created.drop();
    },
  };
}

describe(`device tokens become sign-in proofs (migration ${RENAME}, decision 179) on ${TEST_DB_KIND}`, () => {
  let database: Awaited<ReturnType<typeof emptyDatabase>>;
  let before: string;
  beforeAll(async () => {
    database = await emptyDatabase();
    // The database as the previous release left it: every migration before the rename, and a proof it handed out.
    before = mkdtempSync(path.join(os.tmpdir(), 'sb-migrations-'));
    for (const file of readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql') && f < RENAME)) symlinkSync(path.join(MIGRATIONS_DIR, file), path.join(before, file));
    await migrate(database, before);
    await database.query(
      `insert into users (id, email, password_hash, first_name, last_name) values ('00000000-0000-4000-8000-000000000001', 'asha@example.com', 'x', 'Asha', 'Rao')`,
    );
    await database.query(`insert into device_tokens (id, user_id, created_at) values ('kept-1', '00000000-0000-4000-8000-000000000001', '2026-11-01T00:00:00Z')`);
    expect(await migrate(database)).toContain(RENAME);
  });
  afterAll(async () => {
    await database?.close();
    if (before) rmSync(before, { recursive: true, force: true });
  });

  it('keeps every proof handed out before, under the new names of the table, its index and its constraints', async () => {
    expect(await database.query(`select id, user_id from sign_in_proofs`)).toEqual([{ id: 'kept-1', user_id: '00000000-0000-4000-8000-000000000001' }]);
    const names = await database.query(
      `select conname as name from pg_constraint where conrelid = 'sign_in_proofs'::regclass union select indexname from pg_indexes where tablename = 'sign_in_proofs' order by 1`,
    );
    // PostgreSQL 18 and PGlite also name the NOT NULLs (`…_id_not_null`); older PostgreSQL has none to rename.
    expect(names.map((r) => String(r.name)).filter((n) => !n.endsWith('_not_null'))).toEqual(['sign_in_proofs_pkey', 'sign_in_proofs_user_id_fkey', 'sign_in_proofs_user_idx']);
    expect(names.filter((r) => !String(r.name).startsWith('sign_in_proofs_'))).toEqual([]);
    const tables = await database.query(`select table_name, table_type from information_schema.tables where table_name in ('device_tokens', 'sign_in_proofs') order by 1`);
    expect(tables).toEqual([
      { table_name: 'device_tokens', table_type: 'VIEW' },
      { table_name: 'sign_in_proofs', table_type: 'BASE TABLE' },
    ]);
  });

  it("lets the previous release's sign-ins go on through device_tokens during a rolling deploy", async () => {
    const user = `'00000000-0000-4000-8000-000000000001'`;
    // Its statements, as it wrote them: hand out a proof (the time from the table's default), keep the newest, read one.
    await database.query(`insert into device_tokens (id, user_id) values ('old-release', ${user})`);
    await database.query(
      `delete from device_tokens where user_id = ${user} and id not in (select id from device_tokens where user_id = ${user} order by created_at desc, id desc limit 1)`,
    );
    expect(await database.query(`select id from device_tokens where id = 'old-release' and user_id = ${user}`)).toEqual([{ id: 'old-release' }]);
    expect(await database.query(`select id from sign_in_proofs`)).toEqual([{ id: 'old-release' }]);
    // And the rows still go with the account.
    await database.query(`delete from users where id = ${user}`);
    expect(await database.query(`select id from sign_in_proofs`)).toEqual([]);
  });
});
