import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, queryRows } from '../db/client';
import { migrate } from '../db/migrate';
import { MIGRATIONS_DIR } from '../lib/paths';
import { createPostgresDatabase, createTestApp, TEST_DB_KIND, type TestApp } from './harness';

/** What a database holds that a template copy must reproduce: its tables, columns, indexes and seeded rows. */
async function contents(database: Database) {
  const db = database.db;
  const columns = await queryRows(
    db,
    sql`select table_name, column_name, data_type, column_default, is_nullable from information_schema.columns where table_schema = 'public' order by 1, 2`,
  );
  const indexes = await queryRows(db, sql`select indexname, indexdef from pg_indexes where schemaname = 'public' order by 1`);
  const migrations = await queryRows<{ name: string }>(db, sql`select name from schema_migrations order by 1`);
  const plans = await queryRows(db, sql`select code, name, amount_paise, interval, description, features, popular, sort_order from plans order by code`);
  const posts = await queryRows(db, sql`select slug, title, status from blog_posts order by slug`);
  const settings = await queryRows(db, sql`select key from app_settings order by key`);
  return { columns, indexes, migrations, plans, posts, settings };
}

describe('the API tests database template (decision 140)', () => {
  let copied: TestApp;
  let built: TestApp;
  let dir: string;
  let dropEmpty = async () => {};
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'sb-template-test-'));
    copied = await createTestApp();
    // Built as the server builds it, from an empty database: a DATA_DIR on disk (PGlite) or a given DATABASE_URL.
    if (TEST_DB_KIND === 'pglite') built = await createTestApp({ DATA_DIR: dir });
    else {
      const empty = await createPostgresDatabase();
      dropEmpty = empty.drop;
      built = await createTestApp({ DATABASE_URL: empty.url });
    }
  });
  afterAll(async () => {
    await copied?.close();
    await built?.close();
    await dropEmpty();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is made once for the run, for the database the tests use', () => {
    const template = inject('databaseTemplate');
    if (TEST_DB_KIND === 'pglite') expect(template.pgliteDump).toMatch(/pglite-[0-9a-f]{12}\.tar$/);
    else expect(template.postgresName).toMatch(/^sb_tmpl_[0-9a-f]{12}_[0-9a-f]{8}$/);
  });

  it('lists every migration, so the start of an app on a copy applies none', async () => {
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    expect((await contents(copied.database)).migrations.map((r) => r.name)).toEqual(files);
    expect(await migrate(copied.database)).toEqual([]);
  });

  it('holds exactly what migrating and seeding a new database gives', async () => {
    const fromTemplate = await contents(copied.database);
    expect(fromTemplate.plans.length).toBeGreaterThan(0);
    expect(fromTemplate.posts.length).toBeGreaterThan(0);
    expect(fromTemplate).toEqual(await contents(built.database));
  });
});
