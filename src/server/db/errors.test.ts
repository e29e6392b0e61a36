import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { databaseCode } from './errors';

describe('databaseCode', () => {
  // A PGlite of its own, made from nothing (initdb in WebAssembly, not the run's template): seconds on a quiet machine,
  // more than the 30 s default beside the browser tests on two busy cores (CI, 2026-11-28), so it has two minutes.
  it('finds the SQLSTATE of a refused write behind the query wrapper', { timeout: 120_000 }, async () => {
    const client = new PGlite();
    try {
      const db = drizzle(client);
      await db.execute(sql`create table t (slug text unique)`);
      await db.execute(sql`insert into t values ('a')`);
      const err = await db.execute(sql`insert into t values ('a')`).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).not.toHaveProperty('code', '23505');
      expect(databaseCode(err, new Set(['23505']))).toBe('23505');
      expect(databaseCode(err, new Set(['22021']))).toBeNull();
    } finally {
      await client.close();
    }
  });

  it('ends on a cause chain that loops', () => {
    const a: { cause?: unknown } = {};
    const b = { cause: a, code: 'X' };
    a.cause = b;
    expect(databaseCode(a, new Set(['Y']))).toBeNull();
    expect(databaseCode(a, new Set(['X']))).toBe('X');
  });
});
