import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../shared/messages';
import { LOG_SERIALIZERS } from '../app';
import { users } from '../db/schema';
import { createJobRunner } from '../lib/jobs';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Every new account is refused by the database, after the password was hashed: the insert that fails carries the
  // address and the new argon2 hash as its parameters.
  await t.db.execute(sql.raw(`create function refuse_users() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`));
  await t.db.execute(sql.raw('create trigger refuse_users before insert on users for each row execute function refuse_users()'));
});
afterAll(() => t.close());

/** A logger of the app's kind (its serializers) that writes its lines to an array; `next` resolves on the next line. */
function captureLog() {
  const lines: string[] = [];
  let waiting: (() => void) | null = null;
  const out = new Writable({
    write: (chunk, _enc, done) => {
      lines.push(String(chunk));
      waiting?.();
      done();
    },
  });
  const next = () => new Promise<void>((resolve) => (waiting = resolve));
  return { lines, next, capture: pino({ level: 'error', serializers: LOG_SERIALIZERS }, out) };
}

const SECRET_HASH = '$argon2id$v=19$m=19456,t=2,p=1$job-secret';

describe(`a failed query in the log on ${TEST_DB_KIND}`, () => {
  it('is written the same way when a job fails, never with its parameters', async () => {
    const { lines, next, capture } = captureLog();
    const runner = createJobRunner(capture);
    const email = `job.leak.${Date.now()}@example.com`;
    runner.add({
      name: 'import accounts',
      everyMs: 60_000,
      run: async () => {
        await t.db.insert(users).values({ email, passwordHash: SECRET_HASH, firstName: 'Job', lastName: 'Leak' });
        return null;
      },
    });
    const logged = next();
    runner.start();
    await logged;
    await runner.stop();
    const text = lines.join('\n');
    for (const secret of ['$argon2id$', email, 'params']) expect(text, secret).not.toContain(secret);
    const [line] = lines.map((l) => JSON.parse(l) as { msg: string; job: string; err: Record<string, unknown> });
    expect(line).toMatchObject({ msg: 'import accounts failed', job: 'import accounts' });
    expect(line.err).toEqual({ type: 'DrizzleQueryError', query: expect.stringMatching(/^insert into "users"/), cause: { code: 'P0001', message: 'refused by the test' } });
  });

  it('keeps the query text and the database code and message, never its parameters (password hash, address)', async () => {
    // The requests' loggers are children of the app's: made here on a pino logger that writes its lines to an array.
    const { lines, capture } = captureLog();
    const child = vi.spyOn(t.app.log, 'child').mockImplementation((bindings, options) => capture.child(bindings, options));
    const email = `log.leak.${Date.now()}@example.com`;
    const password = 'L0gged!never-Pw';
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { firstName: 'Log', lastName: 'Leak', email, password, confirmPassword: password },
        remoteAddress: '10.41.0.1',
      });
      expect(res.statusCode).toBe(500);
      expect(JSON.parse(res.body)).toEqual({ success: false, error: 'INTERNAL_ERROR', code: 'INTERNAL_ERROR', message: MSG.internal });
    } finally {
      child.mockRestore();
    }

    const text = lines.join('\n');
    for (const secret of ['$argon2id$', email, password, 'params']) expect(text, secret).not.toContain(secret);
    const logged = lines.map((l) => JSON.parse(l) as { msg: string; err: Record<string, unknown> });
    const line = logged.find((l) => l.msg === 'unhandled error');
    expect(line?.err).toEqual({ type: 'DrizzleQueryError', query: expect.stringMatching(/^insert into "users"/), cause: { code: 'P0001', message: 'refused by the test' } });
  });
});
