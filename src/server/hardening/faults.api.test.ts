import { randomBytes } from 'node:crypto';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net, { type AddressInfo, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq, like, sql } from 'drizzle-orm';
import { build } from 'esbuild';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { generateLicenceKey } from '../lib/licence-keys';
import { openDatabase, queryRows } from '../db/client';
import { outbox, usageEvents, users } from '../db/schema';
import { createPostgresDatabase, createTestApp, TEST_DB_KIND } from '../test/harness';
import { createUser, createUserAndLogin } from '../test/users';

const ROOT = path.resolve(__dirname, '../../..');
const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(what: string, fn: () => Promise<T | undefined | null | false>, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** A TCP proxy to PostgreSQL that the test can cut (every connection dropped, new ones refused) and restore. */
async function pgProxy(target: URL) {
  const sockets = new Set<Socket>();
  let open = true;
  const server = net.createServer((client) => {
    if (!open) return client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => {
        sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    cut: () => {
      open = false;
      for (const s of sockets) s.destroy();
    },
    restore: () => {
      open = true;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe.skipIf(TEST_DB_KIND !== 'postgres')('PostgreSQL going away during traffic', () => {
  it('answers clean 503s while it is gone, loses no acknowledged write, and recovers without a restart', async () => {
    const created = await createPostgresDatabase(PG_URL);
    const direct = new URL(created.url);
    const proxy = await pgProxy(direct);
    const proxied = new URL(created.url);
    proxied.host = `127.0.0.1:${proxy.port}`;
    const t = await createTestApp({ DATABASE_URL: proxied.toString(), DATABASE_POOL_SIZE: '4' });
    try {
      const u = await createUserAndLogin(t);
      const acked: string[] = [];
      const answers: number[] = [];
      let n = 0;
      const oneRound = async () => {
        const feature = `fault-${n++}`;
        const calls = await Promise.all([
          t.call('POST', '/api/v1/usage', { token: u.token, body: { feature } }),
          t.call('GET', '/api/v1/blog/posts'),
          t.call('GET', '/api/v1/users/dashboard', { token: u.token }),
          t.call('GET', '/api/v1/health'),
        ]);
        if (calls[0].statusCode === 201) acked.push(feature);
        for (const c of calls) {
          answers.push(c.statusCode);
          expect(c.statusCode, c.body).not.toBe(500);
          if (c.statusCode >= 500) expect(c.json()).toMatchObject({ success: false, error: 'SERVICE_UNAVAILABLE' });
        }
        return calls;
      };
      for (let i = 0; i < 5; i++) expect((await oneRound()).map((c) => c.statusCode)).toEqual([201, 200, 200, 200]);

      proxy.cut();
      // Public blog answers kept in memory are served until the instance learns that it cannot confirm them (its
      // listening connection is lost): from then on, everything that needs the database answers 503.
      await waitFor('the kept blog answers to be forgotten', async () => t.app.ctx.blogVersion.current() === null);
      const during: number[] = [];
      for (let i = 0; i < 5; i++) during.push(...(await oneRound()).map((c) => c.statusCode));
      expect(
        during.every((s) => s === 503),
        `answers while the database was gone: ${during}`,
      ).toBe(true);
      expect((await t.call('GET', '/api/v1/health/live')).statusCode).toBe(200);

      proxy.restore();
      await waitFor('recovery', async () => (await t.call('GET', '/api/v1/users/dashboard', { token: u.token })).statusCode === 200);
      for (let i = 0; i < 5; i++) expect((await oneRound()).map((c) => c.statusCode)).toEqual([201, 200, 200, 200]);

      const stored = (await t.db.select({ f: usageEvents.feature }).from(usageEvents).where(like(usageEvents.feature, 'fault-%'))).map((r) => r.f);
      expect(stored).toEqual(expect.arrayContaining(acked));
      expect(stored.length).toBeLessThanOrEqual(n);
      expect(new Set(stored).size).toBe(stored.length);
    } finally {
      await t.close();
      await proxy.close();
      await created.drop();
    }
  }, 90_000);
});

describe(`SMTP going away on ${TEST_DB_KIND}`, () => {
  it('keeps mail in the outbox while the server is down, and delivers it when it is back', async () => {
    const port = await freePort();
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, cb) {
        let raw = '';
        stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
        stream.on('end', () => {
          received.push(raw);
          cb();
        });
      },
    });
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const u = await createUser(t);
      expect((await t.call('POST', '/api/v1/auth/forgot-password', { body: { email: u.email } })).statusCode).toBe(200);
      const mine = and(eq(outbox.toAddress, u.email), eq(outbox.kind, 'password-reset'));
      const failed = await waitFor('a failed attempt', async () => {
        const [row] = await t.db.select().from(outbox).where(mine);
        return row && row.attempts >= 1 && row.lastError ? row : null;
      });
      expect(failed.status).toBe('pending');
      expect(received).toEqual([]);

      await new Promise<void>((r) => smtp.listen(port, '127.0.0.1', r));
      // The retry is due after its backoff; bring it forward instead of waiting 30 seconds.
      await t.db.update(outbox).set({ nextAttemptAt: new Date() }).where(mine);
      const sent = await waitFor('delivery', async () => {
        const [row] = await t.db.select().from(outbox).where(mine);
        return row?.status === 'sent' ? row : null;
      });
      expect(sent.attempts).toBeGreaterThanOrEqual(2);
      expect(received.some((raw) => raw.includes(u.email))).toBe(true);
    } finally {
      await t.close();
      await new Promise<void>((r) => smtp.close(() => r()));
    }
  }, 60_000);
});

describe(`a process killed mid-request on ${TEST_DB_KIND}`, () => {
  const outDir = path.join(ROOT, 'dist-hardening', 'server');
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  });

  it('loses no acknowledged write, and starts again on the same data', async () => {
    // The server bundle as scripts/build.mjs makes it (the client is not needed: the API is served without it).
    await build({
      entryPoints: [path.join(ROOT, 'src/server/main.ts'), path.join(ROOT, 'src/server/cli/admin-create.ts')],
      outdir: outDir,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      logLevel: 'error',
    });

    let dataDir: string | null = null;
    let database: { url: string; drop: () => Promise<void> } | null = null;
    const env: Record<string, string> = { NODE_ENV: 'production', LOG_LEVEL: 'silent', CLIENT_DIST_DIR: path.join(ROOT, 'dist-hardening', 'no-client') };
    if (TEST_DB_KIND === 'postgres') {
      database = await createPostgresDatabase(PG_URL);
      env.DATABASE_URL = database.url;
      // A production start on PostgreSQL names its licence keys (decision 183).
      env.LICENCE_SIGNING_KEYS = JSON.stringify([generateLicenceKey('faults')]);
      env.TWO_FACTOR_KEY = randomBytes(32).toString('base64');
    } else {
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'stealth-kill-'));
      env.DATA_DIR = dataDir;
    }
    const childEnv = { ...process.env, TEST_DATABASE_URL: '', ...env };
    const admin = spawnSync(process.execPath, [path.join(outDir, 'cli', 'admin-create.js'), 'killer@example.com', 'K1ll!-the-pass'], {
      cwd: ROOT,
      env: childEnv,
      encoding: 'utf8',
    });
    expect(admin.status, admin.stderr).toBe(0);
    // Usage is recorded only while the account has access (decision 106): the writer's account gets a running trial.
    const setup = await openDatabase(loadConfig({ ...env, DATA_DIR: dataDir ?? 'memory://' }));
    try {
      await setup.db
        .update(users)
        .set({ trialExpires: new Date(Date.now() + 86_400_000) })
        .where(eq(users.email, 'killer@example.com'));
    } finally {
      await setup.close();
    }

    const start = async () => {
      const port = await freePort();
      const child = spawn(process.execPath, [path.join(outDir, 'main.js')], { cwd: ROOT, env: { ...childEnv, PORT: String(port), HOST: '127.0.0.1' }, stdio: 'ignore' });
      children.push(child);
      const base = `http://127.0.0.1:${port}`;
      // A production start from the bundle: seconds on a quiet machine, a minute and more beside the browser tests
      // on two busy cores (CI, 2026-11-28).
      await waitFor('the server', async () => (await fetch(`${base}/api/v1/health`)).ok, 120_000);
      return { child, base };
    };
    try {
      const first = await start();
      const login = await (
        await fetch(`${first.base}/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'killer@example.com', password: 'K1ll!-the-pass' }),
        })
      ).json();
      const token = login.data.token as string;
      const acked: string[] = [];
      let attempted = 0;
      let stop = false;
      const writer = async (w: number) => {
        for (let i = 0; !stop; i++) {
          const feature = `kill-${w}-${i}`;
          attempted++;
          try {
            const res = await fetch(`${first.base}/api/v1/usage`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              body: JSON.stringify({ feature }),
            });
            if (res.status === 201) acked.push(feature);
          } catch {
            return; // the process is gone
          }
        }
      };
      const writers = Array.from({ length: 6 }, (_, w) => writer(w));
      await waitFor('some writes', async () => acked.length >= 40);
      first.child.kill('SIGKILL');
      stop = true;
      await Promise.all(writers);
      await new Promise((r) => (first.child.exitCode !== null || first.child.signalCode ? r(null) : first.child.once('exit', r)));

      // A new process on the same data (the PGlite lock of the dead one is stale) sees every acknowledged write.
      const second = await start();
      const res = await fetch(`${second.base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'killer@example.com', password: 'K1ll!-the-pass' }),
      });
      expect(res.status).toBe(200);
      second.child.kill('SIGTERM');
      await new Promise((r) => second.child.once('exit', r));

      const db = await openDatabase(loadConfig({ ...env, DATA_DIR: dataDir ?? 'memory://' }));
      try {
        const stored = (await db.db.select({ f: usageEvents.feature }).from(usageEvents).where(like(usageEvents.feature, 'kill-%'))).map((r) => r.f);
        expect(stored).toEqual(expect.arrayContaining(acked));
        expect(stored.length).toBeLessThanOrEqual(attempted);
        const [check] = await queryRows<{ n: number }>(db.db, sql`select count(*)::int as n from usage_events e left join users u on u.id = e.user_id where u.id is null`);
        expect(check.n).toBe(0);
      } finally {
        await db.close();
      }
    } finally {
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    }
  }, 300_000);
});
