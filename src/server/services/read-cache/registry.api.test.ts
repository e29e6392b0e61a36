import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../../db/client';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { sessionLookupQuery } from '../auth/sessions';
import { entitlementSubscriptionsQuery } from '../billing/subscriptions/entitlement';
import { recentUsageQuery } from '../users/dashboard';
import { CACHED_READS, READ_CACHE_CHANNEL, type AnnouncedWrites, type CachedRead } from './registry';

/**
 * The query each registered read runs (typed by the registry: a read added there needs its query here), so the test
 * compares the tables the read really reads with the tables the registry lists.
 */
const QUERIES: Record<CachedRead, (db: Db) => { toSQL: () => { sql: string } }> = {
  session: (db) => sessionLookupQuery(db),
  subscriptions: (db) => entitlementSubscriptionsQuery(db, '00000000-0000-0000-0000-000000000000'),
  'recent-usage': (db) => recentUsageQuery(db, '00000000-0000-0000-0000-000000000000'),
};

/** The tables a statement reads (Drizzle quotes every name: `from "x"`, `join "y"`). */
const tablesOf = (statement: string) => new Set([...statement.matchAll(/\b(?:from|join) "(\w+)"/gi)].map((m) => m[1]));

type Trigger = { table: string; name: string; type: number; columns: string[] };

/** pg_trigger's tgtype bits (PostgreSQL's trigger.h). */
const TYPE = { insert: 1 << 2, delete: 1 << 3, update: 1 << 4, truncate: 1 << 5 } as const;

let t: TestApp;
let triggers: Trigger[];
beforeAll(async () => {
  t = await createTestApp();
  // Every trigger whose function announces on the read cache's channel, with the columns of an UPDATE OF.
  triggers = await queryRows<Trigger>(
    t.db,
    sql`select c.relname as "table", tr.tgname as name, tr.tgtype::int as type,
          coalesce((select array_agg(a.attname::text order by a.attname) from unnest(tr.tgattr::int2[]) as k(n)
                    join pg_attribute a on a.attrelid = tr.tgrelid and a.attnum = k.n), '{}') as columns
        from pg_trigger tr join pg_class c on c.oid = tr.tgrelid join pg_proc p on p.oid = tr.tgfoid
        where not tr.tgisinternal and p.prosrc like ${`%pg_notify('${READ_CACHE_CHANNEL}'%`}`,
  );
});
afterAll(() => t?.close());

/** The writes of `table` the database announces on the channel, as the registry states them. */
function announced(table: string): AnnouncedWrites {
  const on = triggers.filter((tr) => tr.table === table);
  const has = (bit: number) => on.some((tr) => (tr.type & bit) !== 0);
  const updates = on.filter((tr) => (tr.type & TYPE.update) !== 0);
  const update: AnnouncedWrites['update'] = updates.some((tr) => tr.columns.length === 0)
    ? true
    : updates.length > 0
      ? [...new Set(updates.flatMap((tr) => tr.columns))].sort()
      : undefined;
  return {
    ...(has(TYPE.insert) && { insert: true }),
    ...(update && { update }),
    ...(has(TYPE.delete) && { delete: true }),
    ...(has(TYPE.truncate) && { truncate: true }),
  };
}

describe(`the read cache's registry against the database on ${TEST_DB_KIND} (decision 165)`, () => {
  it('lists every table each kept read reads, and no other', () => {
    for (const [read, query] of Object.entries(QUERIES)) {
      const listed = Object.keys(CACHED_READS[read as CachedRead].tables).sort();
      expect([...tablesOf(query(t.db).toSQL().sql)].sort(), read).toEqual(listed);
    }
  });

  it('has a trigger that announces every write the registry names, on every table it lists', () => {
    for (const [read, spec] of Object.entries(CACHED_READS)) {
      for (const [table, wanted] of Object.entries(spec.tables as Record<string, AnnouncedWrites>)) {
        const got = announced(table);
        const where = `${read}: ${table}`;
        for (const kind of ['insert', 'delete', 'truncate'] as const) if (wanted[kind]) expect(got[kind], `${where} ${kind}`).toBe(true);
        if (wanted.update === true) expect(got.update, `${where} update (any column)`).toBe(true);
        else if (wanted.update)
          expect(got.update === true || wanted.update.every((c) => (got.update as readonly string[]).includes(c)), `${where} update of ${wanted.update.join(', ')}`).toBe(true);
      }
    }
  });

  it('announces on no table that no kept read lists (a trigger left behind costs every write a notification)', () => {
    const listed = new Set(Object.values(CACHED_READS).flatMap((spec) => Object.keys(spec.tables)));
    expect(triggers.length).toBeGreaterThan(0);
    expect(triggers.filter((tr) => !listed.has(tr.table)).map((tr) => `${tr.table}.${tr.name}`)).toEqual([]);
  });
});
