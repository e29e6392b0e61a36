// A fresh PostgreSQL database beside adminUrl's, for one run of a script (the production check, the benchmarks);
// drop() removes it. The API tests have their own in TypeScript (src/server/test/harness.ts).
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export async function createThrowawayDatabase(adminUrl, prefix) {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const run = async (sql) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
