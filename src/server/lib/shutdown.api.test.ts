import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { drainAndClose } from './shutdown';

type Answer = { status: number; connection: string | undefined; body: string };

function get(agent: http.Agent, port: number, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
    });
    req.on('error', reject);
  });
}

describe('shutdown', () => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.database.close().catch(() => undefined);
    t = null;
  });

  /** An app on a real port with a route that answers when the test says so, to hold a request in flight. */
  async function start() {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let arrived!: () => void;
    const inFlight = new Promise<void>((r) => (arrived = r));
    t = await createTestApp(
      {},
      {
        beforeReady: (app) =>
          app.get('/slow', async () => {
            arrived();
            await released;
            return { done: true };
          }),
      },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    return { app: t.app, port: (t.app.server.address() as AddressInfo).port, release, inFlight };
  }

  it('fails readiness, answers what is in flight with Connection: close, refuses new connections, then closes', async () => {
    const { app, port, release, inFlight } = await start();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    expect((await get(agent, port, '/api/v1/health')).status).toBe(200);

    const slow = get(agent, port, '/slow');
    await inFlight;
    let closed = false;
    const done = drainAndClose(app, { drainMs: 0, graceMs: 5_000, closeDatabase: () => t!.database.close() }).then((clean) => ((closed = true), clean));

    // The listener is closed at once (drainMs 0): a new connection is refused, which a balancer retries elsewhere.
    await expect(get(new http.Agent({ keepAlive: false }), port, '/api/v1/health/live')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(app.ctx.draining).toBe(true);
    expect(closed).toBe(false);

    release();
    const answer = await slow;
    expect(answer).toMatchObject({ status: 200, connection: 'close' });
    expect(JSON.parse(answer.body)).toEqual({ done: true });
    expect(await done).toBe(true);
    agent.destroy();
  });

  it('keeps serving during the drain: readiness says 503, and every answer closes its connection', async () => {
    const { app, port } = await start();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(agent, port, '/api/v1/health/live')).connection).toBe('keep-alive');
    app.ctx.draining = true;
    expect(await get(agent, port, '/api/v1/health')).toMatchObject({ status: 503, connection: 'close' });
    expect(await get(agent, port, '/api/v1/health/live')).toMatchObject({ status: 200, connection: 'close' });
    expect(await drainAndClose(app, { drainMs: 0, closeDatabase: () => t!.database.close() })).toBe(true);
    agent.destroy();
  });

  it('starts the loops when the app is ready, stops them as the drain begins, and closes after the run in progress', async () => {
    const runs: string[] = [];
    let begun!: () => void;
    const began = new Promise<void>((r) => (begun = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let stateBeforeReady = '';
    t = await createTestApp(
      {},
      {
        beforeReady: (app) => {
          stateBeforeReady = app.ctx.jobs.state;
          app.ctx.jobs.add({
            name: 'probe',
            everyMs: 60_000,
            run: async () => {
              begun();
              await released;
              // Still reachable: the app and the database close only after this run.
              await app.ctx.db.execute(sql`select 1`);
              runs.push('finished with the database open');
              return null;
            },
          });
        },
      },
    );
    expect(stateBeforeReady).toBe('idle');
    expect(t.app.ctx.jobs.state).toBe('started');
    await began;

    const done = drainAndClose(t.app, { drainMs: 0, closeDatabase: () => t!.database.close() });
    // The drain has begun: no further run starts, in this instance.
    expect(t.app.ctx.draining).toBe(true);
    expect(t.app.ctx.jobs.state).toBe('stopped');
    release();
    expect(await done).toBe(true);
    expect(runs).toEqual(['finished with the database open']);
  });

  it('a request answered during the drain leaves work for after its answer (a reset mail): the database closes only after it', async () => {
    const runs: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let decide!: () => void;
    const decided = new Promise<void>((r) => (decide = r));
    t = await createTestApp(
      {},
      {
        beforeReady: (app) =>
          app.get('/later', async () => {
            app.ctx.jobs.later('probe mail', async () => {
              await released;
              await app.ctx.db.execute(sql`select 1`);
              runs.push('work done');
            });
            return { answered: true };
          }),
      },
    );
    // The drain waits for work left for later by asking the runner (settled); without that, it goes on to close.
    const jobs = t.app.ctx.jobs;
    const settled = jobs.settled.bind(jobs);
    jobs.settled = () => (decide(), settled());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(agent, port, '/api/v1/health/live')).status).toBe(200);

    // The drain begins with no work pending; a request on the kept-alive connection is answered during it.
    const done = drainAndClose(t.app, {
      drainMs: 0,
      closeDatabase: async () => {
        runs.push('database closed');
        decide();
        await t!.database.close();
      },
    });
    expect(await get(agent, port, '/later')).toMatchObject({ status: 200, connection: 'close' });
    await decided;
    release();
    expect(await done).toBe(true);
    expect(runs).toEqual(['work done', 'database closed']);
    agent.destroy();
  });

  it('reports a failed close, so that the process exits non-zero', async () => {
    const { app } = await start();
    const failing = async () => {
      throw new Error('PGlite close failed');
    };
    expect(await drainAndClose(app, { drainMs: 0, closeDatabase: failing })).toBe(false);
  });
});
