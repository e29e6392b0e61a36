import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error: the fake S3 server ships no types
import S3rver from '@20minutes/s3rver';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './db/client';
import { outbox, payments, plans, profiles, subscriptions, users } from './db/schema';
import { expireDueSubscriptions } from './services/billing/subscriptions/expire-subscriptions';
import { enqueueMail } from './services/mail/outbox';
import type { MailMessage, MailTransport } from './adapters/mail/smtp';
import { createJobRunner } from './lib/jobs';
import { mailDeliveryJob } from './services/mail/worker';
import { buy, type BillingTestApp } from './test/billing';
import { IMAGES, multipart, postInput } from './test/blog';
import { clusterUnavailable, createTestCluster, type TestCluster } from './test/cluster';
import type { TestApp } from './test/harness';
import { createUser, createUserAndLogin, loginAs, TEST_PASSWORD } from './test/users';
import { READ_CACHE_TTL_MS } from './services/read-cache/read-cache';

/**
 * Several identical instances on one PostgreSQL database and one Redis, as behind a load balancer:
 * each test sends its requests to different instances and checks that nothing is done twice and nothing lost.
 */
const unavailable = await clusterUnavailable();
const title = unavailable ? `three instances on one PostgreSQL and Redis (skipped: ${unavailable})` : 'three instances on one PostgreSQL and Redis';
if (unavailable) process.stdout.write(`scale-out tests skipped: ${unavailable}\n`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A client address of its own, so that counters shared in Redis with other test runs are never touched. */
const randomIp = () => `10.${[0, 0, 0].map(() => randomBytes(1)[0] % 250).join('.')}`;
const json = (res: { body: string }) => JSON.parse(res.body);

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

describe.skipIf(Boolean(unavailable))(title, () => {
  let cluster: TestCluster;
  let a: TestApp, b: TestApp, c: TestApp;
  beforeAll(async () => {
    cluster = await createTestCluster(3);
    [a, b, c] = cluster.apps;
  });
  afterAll(() => cluster?.close());

  it('started together on a fresh database, they applied each migration once and seeded once', async () => {
    const rows = await queryRows<{ name: string; n: string }>(a.db, sql`select name, count(*) as n from schema_migrations group by name`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
    expect(await a.db.select().from(plans)).toHaveLength(4);
    for (const t of cluster.apps) expect((await t.call('GET', '/api/v1/health')).json().data.database.kind).toBe('postgres');
  });

  describe('login rate limits, counted in Redis', () => {
    const login = (t: TestApp, ip: string, email: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: ip, payload: { email, password, deviceType: 'web' } });

    it('stop guesses at one account spread over the instances, the right password included, on every instance', async () => {
      const { email } = await createUser(a);
      // Eight failures per account in 15 minutes (AUTH_LIMITS.loginAccount), each from another address and instance.
      for (let i = 0; i < 8; i++) {
        const res = await login(cluster.apps[i % 3], randomIp(), email, `Wrong!pass${i}`);
        expect(res.statusCode, `guess ${i + 1}`).toBe(401);
      }
      for (const t of cluster.apps) {
        const res = await login(t, randomIp(), email, TEST_PASSWORD);
        expect(res.statusCode).toBe(429);
        expect(json(res)).toMatchObject({ success: false, error: 'TOO_MANY_REQUESTS', message: 'Too many attempts. Please wait 15 minutes and try again.' });
      }
    });

    it('stop one address trying many accounts through different instances', async () => {
      const ip = randomIp();
      // Thirty failures per address in 15 minutes (AUTH_LIMITS.loginIp).
      const guesses = await Promise.all(
        Array.from({ length: 30 }, (_, i) => login(cluster.apps[i % 3], ip, `nobody-${i}-${randomBytes(4).toString('hex')}@example.com`, 'Wrong!pass1')),
      );
      expect(guesses.map((r) => r.statusCode)).toEqual(Array(30).fill(401));
      // An address of its own for the account too: its failures are counted in Redis, which outlives this run.
      const someoneElse = `someone-else-${randomBytes(4).toString('hex')}@example.com`;
      for (const t of cluster.apps) expect((await login(t, ip, someoneElse, 'Wrong!pass1')).statusCode).toBe(429);
      // Another address is not affected.
      expect((await login(b, randomIp(), someoneElse, 'Wrong!pass1')).statusCode).toBe(401);
    });
  });

  describe('sessions, kept briefly by each instance and forgotten when PostgreSQL announces a change (decision 091)', () => {
    /** Resolves with the milliseconds until the instance refuses the token (it is polled), or fails past the bound. */
    const refusedWithin = async (t: TestApp, token: string, since: number) => {
      await waitFor('the session to be refused', async () => (await t.call('GET', '/api/v1/auth/me', { token })).statusCode === 401, READ_CACHE_TTL_MS);
      return Date.now() - since;
    };

    it('a sign-out on one instance is refused by the others as soon as they are told, within the bound', async () => {
      const u = await createUserAndLogin(a);
      for (const t of cluster.apps) expect((await t.call('GET', '/api/v1/auth/me', { token: u.token })).statusCode).toBe(200);
      expect((await b.call('POST', '/api/v1/auth/logout', { token: u.token, body: {} })).statusCode).toBe(200);
      // The instance that signed out answers after forgetting what it kept: its next request is refused at once.
      expect((await b.call('GET', '/api/v1/auth/me', { token: u.token })).statusCode).toBe(401);
      for (const t of [a, c]) expect(await refusedWithin(t, u.token, Date.now())).toBeLessThan(READ_CACHE_TTL_MS);
      for (const t of cluster.apps) {
        const res = await t.call('GET', '/api/v1/auth/me', { token: u.token });
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe('Your session has been invalidated. Please log in again.');
      }
    });

    it('a session signed out from settings on one instance, or ended by a password change, is refused everywhere', async () => {
      const u = await createUserAndLogin(a, { deviceType: 'web' });
      const desktop = await loginAs(b, u.email, TEST_PASSWORD, 'desktop');
      const list = await c.call('GET', '/api/v1/auth/sessions', { token: u.token });
      const other = (list.json().data.sessions as { id: string; current: boolean }[]).find((s) => !s.current)!;
      expect((await c.call('DELETE', `/api/v1/auth/sessions/${other.id}`, { token: u.token })).statusCode).toBe(200);
      for (const t of cluster.apps) await refusedWithin(t, desktop.token, Date.now());
      for (const t of cluster.apps) {
        const res = await t.call('GET', '/api/v1/auth/me', { token: desktop.token });
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe('This session was signed out from your account settings. Please log in again.');
      }

      const again = await loginAs(c, u.email, TEST_PASSWORD, 'desktop');
      const changed = await a.call('PUT', '/api/v1/auth/change-password', {
        token: u.token,
        body: { currentPassword: TEST_PASSWORD, newPassword: 'N3w!Passw0rd-long', confirmPassword: 'N3w!Passw0rd-long' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      for (const t of cluster.apps) await refusedWithin(t, again.token, Date.now());
    });

    it('a refresh token used on one instance cannot be used again on another', async () => {
      const u = await createUserAndLogin(a);
      const first = await b.call('POST', '/api/v1/auth/refresh', { body: { refreshToken: u.refreshToken } });
      expect(first.statusCode).toBe(200);
      const reused = await c.call('POST', '/api/v1/auth/refresh', { body: { refreshToken: u.refreshToken } });
      expect(reused.statusCode).toBe(401);
      // A reuse means theft: the whole session ends, on every instance.
      await refusedWithin(a, first.json().data.token, Date.now());
    });

    it('every way a session ends reaches an instance that kept its check, told within the bound', async () => {
      const admin = await createUserAndLogin(a, { role: 'admin' });
      // Each case: a signed-in session whose check instance a keeps, ended through instance b.
      const cases: { name: string; end: (u: Awaited<ReturnType<typeof createUserAndLogin>>) => Promise<{ statusCode: number; body: string }> }[] = [
        { name: 'logout', end: (u) => b.call('POST', '/api/v1/auth/logout', { token: u.token, body: {} }) },
        { name: 'sign out all others', end: async (u) => b.call('POST', '/api/v1/auth/sessions/revoke-others', { token: (await loginAs(b, u.email)).token }) },
        {
          name: 'password change',
          end: async (u) => {
            const other = await loginAs(b, u.email);
            return b.call('PUT', '/api/v1/auth/change-password', {
              token: other.token,
              body: { currentPassword: TEST_PASSWORD, newPassword: 'N3w!Passw0rd-long', confirmPassword: 'N3w!Passw0rd-long' },
            });
          },
        },
        { name: 'account deletion', end: (u) => b.call('DELETE', '/api/v1/auth/account', { token: u.token, body: { password: TEST_PASSWORD } }) },
        {
          name: 'an admin ending the sessions',
          end: (u) => b.call('POST', `/api/v1/admin/users/${u.user.id}/end-sessions`, { token: admin.token, body: { reason: 'Account shared publicly' } }),
        },
        // The desktop program keeps one session: a new sign-in ends the one before.
        { name: 'a new desktop sign-in', end: async (u) => ({ statusCode: 200, body: JSON.stringify(await loginAs(b, u.email, TEST_PASSWORD, 'desktop')) }) },
      ];
      for (const { name, end } of cases) {
        const u = await createUserAndLogin(a, { deviceType: 'desktop' });
        // The sign-up's own writes are heard first: heard after the check, they would empty it before the test's end.
        await a.app.ctx.readCache.settle();
        expect((await a.call('GET', '/api/v1/auth/me', { token: u.token })).statusCode, name).toBe(200);
        expect(a.app.ctx.readCache.size, name).toBeGreaterThan(0);
        const ended = await end(u);
        expect(ended.statusCode, `${name}: ${ended.body}`).toBe(200);
        // Told: instance a forgets what it kept (nothing else would empty it before its TTL), and refuses at once.
        await waitFor(`${name} told`, async () => a.app.ctx.readCache.size === 0, READ_CACHE_TTL_MS);
        expect((await a.call('GET', '/api/v1/auth/me', { token: u.token })).statusCode, name).toBe(401);
      }
    });

    it('a role taken away on one instance is refused as admin by another within the bound', async () => {
      const admin = await createUserAndLogin(a, { role: 'admin' });
      await a.app.ctx.readCache.settle();
      expect((await a.call('GET', '/api/v1/admin/users', { token: admin.token })).statusCode).toBe(200);
      expect(a.app.ctx.readCache.size).toBeGreaterThan(0);
      await b.db.update(profiles).set({ role: 'user' }).where(eq(profiles.id, admin.user.id));
      await waitFor('the change told', async () => a.app.ctx.readCache.size === 0, READ_CACHE_TTL_MS);
      expect((await a.call('GET', '/api/v1/admin/users', { token: admin.token })).statusCode).toBe(403);
    });
  });

  describe('the outbox with a sender in every instance', () => {
    it('sends each mail exactly once, retries included', async () => {
      const tag = randomBytes(4).toString('hex');
      const addresses = Array.from({ length: 60 }, (_, i) => `mail-${tag}-${i}@example.com`);
      await a.db.transaction(async (tx) => {
        for (const to of addresses) await enqueueMail(tx, { kind: 'scale-test', to, subject: 'Hello', html: '<p>Hi</p>', text: 'Hi' });
      });
      const sent: { to: string; by: number }[] = [];
      const failedOnce = new Set<string>();
      const transport = (by: number): MailTransport => ({
        async send(mail: MailMessage) {
          await sleep(2);
          // Every fifth address fails its first attempt: the retry must also happen once, not once per instance.
          if (addresses.indexOf(mail.to) % 5 === 0 && !failedOnce.has(mail.to)) {
            failedOnce.add(mail.to);
            throw new Error('421 try again later');
          }
          sent.push({ to: mail.to, by });
        },
        close: () => {},
      });
      const opts = { pollMs: 10, batch: 4, baseDelayMs: 50, maxDelayMs: 200 };
      // Each instance's mail loop, as its job runner runs it.
      const workers = cluster.apps.map((t, i) => {
        const runner = createJobRunner(t.app.log);
        runner.add(mailDeliveryJob(t.db, transport(i), t.app.log, opts));
        runner.start();
        return runner;
      });
      try {
        const mine = inArray(outbox.toAddress, addresses);
        await waitFor(
          'every mail sent',
          async () =>
            (await a.db.select({ id: outbox.id }).from(outbox).where(mine)).length ===
            (
              await a.db
                .select({ id: outbox.id })
                .from(outbox)
                .where(sql`${mine} and ${outbox.status} = 'sent'`)
            ).length,
        );
      } finally {
        for (const w of workers) await w.stop();
      }
      const ours = sent.filter((s) => addresses.includes(s.to));
      expect(ours.map((s) => s.to).sort()).toEqual([...addresses].sort());
      expect(failedOnce.size).toBe(12);
      // Work was shared: more than one instance sent mail.
      expect(new Set(ours.map((s) => s.by)).size).toBeGreaterThan(1);
      const rows = await a.db.select().from(outbox).where(inArray(outbox.toAddress, addresses));
      expect(
        rows
          .filter((r) => r.attempts === 2)
          .map((r) => r.toAddress)
          .sort(),
      ).toEqual([...failedOnce].sort());
      expect(rows.every((r) => r.status === 'sent' && r.lockedUntil === null)).toBe(true);
    });
  });

  describe('scheduled expiry run by every instance', () => {
    it('expires each due subscription once and moves its user to free', async () => {
      const [plan] = await a.db.select().from(plans).where(eq(plans.code, 'stealth_month'));
      const past = new Date(Date.now() - 3_600_000);
      const owners: string[] = [];
      for (let i = 0; i < 30; i++) {
        const { user } = await createUser(a);
        owners.push(user.id);
        await a.db.update(users).set({ subscriptionPlan: 'stealth_month', subscriptionStatus: 'cancelled' }).where(eq(users.id, user.id));
        await a.db.insert(subscriptions).values({
          userId: user.id,
          planId: plan.id,
          planCode: plan.code,
          planName: plan.name,
          kind: 'subscription',
          status: 'cancelled',
          currentStart: new Date(past.getTime() - 30 * 86_400_000),
          currentEnd: past,
          amountPaise: plan.amountPaise,
          interval: plan.interval,
        });
      }
      // Each instance's scheduler, small batches, all at once, until none finds work.
      const runUntilIdle = async (t: TestApp) => {
        let total = 0;
        for (;;) {
          const n = await expireDueSubscriptions(t.db, new Date(), 4);
          if (n === 0) return total;
          total += n;
        }
      };
      const counts = await Promise.all(cluster.apps.map(runUntilIdle));
      expect(counts.reduce((x, y) => x + y, 0)).toBe(30);
      const rows = await a.db.select().from(subscriptions).where(inArray(subscriptions.userId, owners));
      expect(rows.map((r) => r.status)).toEqual(Array(30).fill('expired'));
      const people = await a.db.select().from(users).where(inArray(users.id, owners));
      expect(people.map((p) => [p.subscriptionPlan, p.subscriptionStatus])).toEqual(Array(30).fill(['free', 'expired']));
    });
  });

  describe('public pages and lists after an admin edit', () => {
    it('are served fresh by every instance once PostgreSQL has told it of the edit (NOTIFY; read every second besides)', async () => {
      /** Every instance has heard of the version the writing instance read after its edit. */
      const told = async (writer: TestApp) => {
        const v = writer.app.ctx.blogVersion.current()!;
        await Promise.all(cluster.apps.map((t) => t.app.ctx.blogVersion.reached(v)));
      };
      const admin = await createUserAndLogin(a, { role: 'admin' });
      const input = postInput();
      const created = await a.call('POST', '/api/v1/admin/blog/posts', { token: admin.token, body: input });
      expect(created.statusCode).toBe(201);
      const id = created.json().data.post.id as string;
      await told(a);
      for (const t of cluster.apps) expect((await t.call('GET', `/api/v1/blog/posts/${input.slug}`)).json().data.post.title).toBe(input.title);

      const edited = await b.call('PUT', `/api/v1/admin/blog/posts/${id}`, { token: admin.token, body: { ...input, title: `${input.title} (edited)` } });
      expect(edited.statusCode).toBe(200);
      // The instance that made the edit answers with it at once; the others as soon as the notification arrives.
      expect((await b.call('GET', `/api/v1/blog/posts/${input.slug}`)).json().data.post.title).toBe(`${input.title} (edited)`);
      await told(b);
      for (const t of cluster.apps) {
        expect((await t.call('GET', `/api/v1/blog/posts/${input.slug}`)).json().data.post.title).toBe(`${input.title} (edited)`);
        expect((await t.call('GET', '/api/v1/blog/posts?page=1')).json().data.posts[0].title).toBe(`${input.title} (edited)`);
        const rss = await t.app.inject({ method: 'GET', url: '/rss.xml' });
        expect(rss.body).toContain(`${input.title} (edited)`);
        // Browsers and CDNs may keep the feeds for five minutes; that bound is the same whichever instance answered.
        expect(rss.headers['cache-control']).toBe('public, max-age=300');
      }

      expect((await c.call('PUT', `/api/v1/admin/blog/posts/${id}`, { token: admin.token, body: { ...input, status: 'draft' } })).statusCode).toBe(200);
      await told(c);
      for (const t of cluster.apps) expect((await t.call('GET', `/api/v1/blog/posts/${input.slug}`)).statusCode).toBe(404);
    });
  });
});

/** The Razorpay simulator answers on each instance's own port, as in `npm start`. */
describe.skipIf(Boolean(unavailable))(`${title}: webhooks`, () => {
  let cluster: TestCluster;
  let apps: BillingTestApp[];
  beforeAll(async () => {
    cluster = await createTestCluster(3);
    apps = [];
    for (const t of cluster.apps) {
      const sim = t.app.ctx.simulator!;
      sim.setAutoDeliver(false);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      apps.push({ ...t, sim, planId: async (code) => (await t.db.select({ id: plans.id }).from(plans).where(eq(plans.code, code)))[0].id });
    }
  });
  afterAll(() => cluster?.close());

  const receiptsTo = async (t: TestApp, email: string) =>
    (
      await t.db
        .select()
        .from(outbox)
        .where(sql`${outbox.kind} = 'receipt' and ${outbox.toAddress} = ${email}`)
    ).length;

  it('applies each event once when the same delivery lands on every instance at the same moment', async () => {
    const [a] = apps;
    const u = await createUserAndLogin(a);
    const receiptsBefore = await receiptsTo(a, u.email);
    const { subscription } = await buy(a, u.token, 'stealth_month');
    const hooks = await a.sim.engine.pendingWebhooks();
    expect(hooks.length).toBeGreaterThan(0);
    for (const hook of hooks) {
      const results = await Promise.all(
        apps.map((t) =>
          t.app.inject({
            method: 'POST',
            url: '/api/v1/webhooks/razorpay',
            payload: hook.body,
            headers: { 'content-type': 'application/json', 'x-razorpay-signature': hook.signature, 'x-razorpay-event-id': hook.id },
          }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(results.map((r) => json(r).data.status).sort(), hook.event).toEqual(['duplicate', 'duplicate', 'processed']);
    }
    await a.sim.engine.markDelivered(hooks.map((h) => h.id));
    const [row] = await a.db.select().from(subscriptions).where(eq(subscriptions.id, subscription._id));
    expect(row.status).toBe('active');
    expect(await a.db.select().from(payments).where(eq(payments.subscriptionId, subscription._id))).toHaveLength(1);
    expect(await receiptsTo(a, u.email)).toBe(receiptsBefore + 1);
  });

  it('delivers the queued events once when every instance runs its delivery at once', async () => {
    const [a, b] = apps;
    const u = await createUserAndLogin(b);
    const { subscription } = await buy(b, u.token, 'stealth_week');
    const queued = (await a.sim.engine.pendingWebhooks()).length;
    const delivered = await Promise.all(apps.map((t) => t.sim.deliver()));
    expect(delivered.reduce((x, y) => x + y, 0)).toBe(queued);
    const [{ n }] = await queryRows<{ n: string }>(a.db, sql`select count(*) as n from webhook_events`);
    expect(Number(n)).toBeGreaterThanOrEqual(queued);
    expect(await a.db.select().from(payments).where(eq(payments.subscriptionId, subscription._id))).toHaveLength(1);
    expect((await a.db.select().from(subscriptions).where(eq(subscriptions.id, subscription._id)))[0].status).toBe('active');
  });
});

/** Uploads go to the one bucket; any instance serves them (a local S3-compatible server stands in for it). */
describe.skipIf(Boolean(unavailable))(`${title}: uploads in the shared bucket`, () => {
  let cluster: TestCluster;
  let server: { close: () => Promise<void> };
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'stealth-scale-s3-'));
    server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'stealth-scale' }] });
    const { port } = (await (server as unknown as { run: () => Promise<AddressInfo> }).run()) as AddressInfo;
    cluster = await createTestCluster(3, { S3_BUCKET: 'stealth-scale', S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' });
  });
  afterAll(async () => {
    await cluster?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('an image uploaded through one instance is served, byte for byte, by every instance', async () => {
    const [a] = cluster.apps;
    const admin = await createUserAndLogin(a, { role: 'admin' });
    for (const [ext, data] of Object.entries(IMAGES)) {
      const { payload, headers } = multipart({ filename: `shared.${ext}`, contentType: 'application/octet-stream', data });
      const uploader = cluster.apps[Object.keys(IMAGES).indexOf(ext) % 3];
      const res = await uploader.app.inject({ method: 'POST', url: '/api/v1/admin/uploads', payload, headers: { ...headers, authorization: `Bearer ${admin.token}` } });
      expect(res.statusCode, res.body).toBe(201);
      const { url } = json(res).data as { url: string };
      for (const t of cluster.apps) {
        const served = await t.app.inject({ method: 'GET', url });
        expect(served.statusCode, `${ext} from another instance`).toBe(200);
        expect(served.rawPayload.equals(data)).toBe(true);
      }
    }
  });
});
