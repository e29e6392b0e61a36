import { randomBytes } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import { and, eq } from 'drizzle-orm';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { ROOT_DIR } from '../lib/paths';
import { generateLicenceKey } from '../lib/licence-keys';
import { outbox, profiles, users } from '../db/schema';
import { site } from '../../shared/site';
import { ERROR_TEXTS } from '../../shared/errors';
import { standInWarning } from '../plugins/stand-ins';
import { buy, createBillingTestApp, type BillingTestApp } from '../test/billing';
import { createTestApp, type TestApp } from '../test/harness';
import { createUser, createUserAndLogin } from '../test/users';

const PUBLIC = 'https://stealth.example';
const REMOTE = '203.0.113.9';
const REAL_PARTS = {
  SMTP_URL: 'smtp://mail.example:587',
  RAZORPAY_KEY_ID: 'rzp_live_x',
  RAZORPAY_KEY_SECRET: 'secret',
  RAZORPAY_WEBHOOK_SECRET: 'whsec',
  LICENCE_SIGNING_KEYS: JSON.stringify([generateLicenceKey('stand-ins')]),
  TWO_FACTOR_KEY: randomBytes(32).toString('base64'),
};

describe('a public PUBLIC_URL with a stand-in', () => {
  it('is refused at start, naming SMTP_URL and the RAZORPAY_* variables', () => {
    for (const env of [
      { PUBLIC_URL: PUBLIC },
      { PUBLIC_URL: PUBLIC, SMTP_URL: REAL_PARTS.SMTP_URL },
      { PUBLIC_URL: 'http://192.168.1.20:3000', RAZORPAY_KEY_ID: 'k', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w' },
    ]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
    }
    try {
      loadConfig({ PUBLIC_URL: PUBLIC });
    } catch (err) {
      expect((err as Error).message).toMatch(/PUBLIC_URL: https:\/\/stealth\.example is a public address, but SMTP_URL and RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are not set/);
      expect((err as Error).message).toContain('RAZORPAY_WEBHOOK_SECRET');
      expect((err as Error).message).toContain('PUBLIC_DEMO=true');
    }
    expect(() => loadConfig({ PUBLIC_URL: PUBLIC, SMTP_URL: 'smtp://m:25', RAZORPAY_KEY_ID: 'k', RAZORPAY_KEY_SECRET: 's' })).toThrow(/RAZORPAY_WEBHOOK_SECRET: required/);
  });

  it('starts with the real parts, with the demo opt-in, and on a loopback address', () => {
    expect(loadConfig({ PUBLIC_URL: PUBLIC, ...REAL_PARTS }).standIns).toBe(false);
    expect(loadConfig({ PUBLIC_URL: PUBLIC, PUBLIC_DEMO: 'true' }).PUBLIC_DEMO).toBe(true);
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000']) expect(loadConfig({ PUBLIC_URL: url }).standIns).toBe(true);
  });

  // tsx compiles the server before it reads its configuration: on a loaded machine of two cores that has taken over
  // 30 s, so the process is given two minutes (it answers in one or two seconds once compiled).
  it('makes the server process exit non-zero with the message', { timeout: 150_000 }, () => {
    const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT_DIR, 'src/server/main.ts')], {
      env: { PATH: process.env.PATH, PUBLIC_URL: PUBLIC, DATA_DIR: 'memory://', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(res.status).toBe(78);
    expect(res.stderr).toContain('SMTP_URL');
    expect(res.stderr).toContain('RAZORPAY_KEY_ID');
  });
});

describe('the listening interface', () => {
  it('is loopback while a stand-in is on, unless HOST is set; every interface once the real parts are configured', () => {
    expect(loadConfig({}).listenHost).toBe('localhost');
    expect(loadConfig({ SMTP_URL: REAL_PARTS.SMTP_URL }).listenHost).toBe('localhost');
    expect(loadConfig({ HOST: '0.0.0.0' }).listenHost).toBe('0.0.0.0');
    expect(loadConfig({ ...REAL_PARTS }).listenHost).toBe('0.0.0.0');
  });
});

describe('the start while a stand-in is in use', () => {
  // A whole start in its own process (tsx, PGlite in memory, every migration): seconds on a quiet machine, a minute and
  // more while other suites share the cores.
  it('warns that a TCP tunnel to this computer counts as this computer', { timeout: 120_000 }, async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const server = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT_DIR, 'src/server/main.ts')], {
      env: { PATH: process.env.PATH, DATA_DIR: 'memory://', LOG_LEVEL: 'info', PORT: String(port) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const warning = await new Promise<{ level: number; msg: string }>((resolve, reject) => {
        let out = '';
        server.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const line = out.split('\n').find((l) => l.includes('use a stand-in'));
          if (line) resolve(JSON.parse(line));
        });
        server.once('exit', (code) => reject(new Error(`the server exited (${code}) without the warning:\n${out}`)));
      });
      expect(warning.level).toBe(40);
      expect(warning.msg).toContain('the site listens on this computer only (set HOST to change it)');
      expect(warning.msg).toContain(
        'A TCP tunnel to this computer (ssh -R, kubectl port-forward) adds no header, so whoever reaches the tunnel counts as this computer and can read every mail',
      );
    } finally {
      server.kill('SIGTERM');
    }
  });

  it('names the tunnel with HOST set and in a public demo, and says nothing once mail and payments are real', () => {
    expect(standInWarning(loadConfig({ HOST: '0.0.0.0' }))).toMatch(/^mail or payments use a stand-in .*: the site listens on 0\.0\.0\.0 \(HOST\), .*ssh -R, kubectl port-forward/);
    expect(standInWarning(loadConfig({ PUBLIC_URL: 'https://demo.stealth.example', PUBLIC_DEMO: 'true' }))).toContain(
      'whoever reaches the tunnel counts as this computer: open no such tunnel',
    );
    expect(standInWarning(loadConfig({ ...REAL_PARTS }))).toBeNull();
  });
});

describe('the stand-in endpoints', () => {
  let t: BillingTestApp;
  beforeAll(async () => {
    t = await createBillingTestApp();
  });
  afterAll(() => t.close());

  const standIns = (subscriptionId: string) =>
    [
      ['GET', '/api/v1/dev/mailbox'],
      ['GET', '/api/v1/dev/mailbox?to=admin%40example.com'],
      ['GET', '/dev/mailbox'],
      ['GET', '/dev/razorpay/checkout.js'],
      ['GET', '/dev/razorpay/checkout/window?key=rzp_test_simulator'],
      ['POST', '/dev/razorpay/checkout/pay'],
      ['POST', `/dev/razorpay/subscriptions/${subscriptionId}/charge`],
      ['POST', `/dev/razorpay/subscriptions/${subscriptionId}/fail-charge`],
      ['POST', '/dev/razorpay/webhooks/deliver'],
      ['GET', '/dev/razorpay/v1/plans/plan_x'],
      // The router decodes the path before matching: encoded forms of the same addresses reach the same routes.
      ['GET', '/api/v1/%64ev/mailbox'],
      ['GET', '/api/v1/d%65v/mailbox?to=admin%40example.com'],
      ['POST', `/%64ev/razorpay/subscriptions/${subscriptionId}/fail-charge`],
      ['POST', `/dev/razorpay/subscriptions/${subscriptionId}/%63harge`],
      ['POST', '/%64ev/razorpay/checkout/pay'],
    ] as const;

  it('refuse another machine, and a proxied request over a loopback socket, before doing anything', async () => {
    const admin = await createUser(t, { role: 'admin', email: 'owner-admin@example.com' });
    const buyer = await createUserAndLogin(t);
    const { checkout } = await buy(t, buyer.token, 'stealth_month');
    const before = await t.sim.engine.get<{ paid_count: number; status: string }>(checkout.subscriptionId);

    // The review's takeover: a reset mail for the admin, then the mailbox from outside.
    await t.call('POST', '/api/v1/auth/forgot-password', { body: { email: admin.email }, remoteAddress: REMOTE });
    for (const [method, url] of standIns(checkout.subscriptionId)) {
      const variants: { remoteAddress?: string; headers?: Record<string, string> }[] = [
        { remoteAddress: REMOTE },
        { headers: { 'x-forwarded-for': REMOTE } },
        { headers: { forwarded: `for=${REMOTE}` } },
        // A browser on this machine, sent here by a page that pointed its own name at 127.0.0.1 (DNS rebinding).
        { headers: { host: 'evil.example' } },
        { headers: { host: 'localhost.evil.example:3000' } },
      ];
      for (const opts of variants) {
        const res = await t.call(method, url, { ...opts, body: method === 'POST' ? {} : undefined });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(opts)}`).toBe(403);
        expect(res.json()).toMatchObject({ success: false, error: 'FORBIDDEN', code: 'STAND_IN_LOCAL_ONLY', message: ERROR_TEXTS.STAND_IN_LOCAL_ONLY });
      }
    }
    const after = await t.sim.engine.get<{ paid_count: number; status: string }>(checkout.subscriptionId);
    expect(after).toMatchObject({ paid_count: before!.paid_count, status: before!.status });
  });

  it('answer this machine as before, by any of its loopback names', async () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'LOCALHOST'])
      expect((await t.call('GET', '/api/v1/dev/mailbox', { headers: { host } })).statusCode, host).toBe(200);
    const res = await t.call('GET', '/api/v1/dev/mailbox?to=owner-admin%40example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.messages[0].subject).toMatch(/reset/i);
    expect((await t.call('GET', '/dev/razorpay/checkout.js')).statusCode).toBe(200);
    // The checkout window has no inline style either: its own stylesheet, and a CSP without 'unsafe-inline'.
    const page = await t.call('GET', '/dev/razorpay/checkout/window?key=rzp_test_simulator');
    expect(page.body).not.toMatch(/<style|style=/);
    expect(page.body).toContain('href="/dev/razorpay/checkout/window.css"');
    expect(String(page.headers['content-security-policy'])).not.toContain('unsafe-inline');
    const css = await t.call('GET', '/dev/razorpay/checkout/window.css');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });
});

describe('a public demo (PUBLIC_DEMO=true)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://demo.stealth.example', PUBLIC_DEMO: 'true' });
  });
  afterAll(() => t.close());

  const register = (email: string, cookie?: string) =>
    t.call('POST', '/api/v1/auth/register', {
      remoteAddress: REMOTE,
      headers: cookie ? { cookie } : {},
      body: { firstName: 'Demo', lastName: 'Visitor', email, password: 'Str0ng!Passw0rd', confirmPassword: 'Str0ng!Passw0rd', agreeToTerms: true },
    });
  const mailbox = (cookie?: string, query = '') => t.call('GET', `/api/v1/dev/mailbox${query}`, { remoteAddress: REMOTE, headers: cookie ? { cookie } : {} });
  const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie']).split(';')[0];

  it("shows each browser the mail of the accounts it registered, and nobody's else", async () => {
    const admin = await createUser(t, { role: 'admin', email: 'demo-admin@example.com' });
    const a = await register('visitor-a@example.com');
    expect(a.statusCode).toBeLessThan(300);
    const cookieA = cookieOf(a);
    expect(cookieA).toMatch(/^sb_demo_mailbox=/);
    const b = await register('visitor-b@example.com');
    const cookieB = cookieOf(b);

    // Visitor B asks for the admin's reset link and for A's mail.
    await t.call('POST', '/api/v1/auth/forgot-password', { body: { email: admin.email }, remoteAddress: REMOTE, headers: { cookie: cookieB } });
    const seenByA = (await mailbox(cookieA)).json().data.messages as { to: string; id: string }[];
    const seenByB = (await mailbox(cookieB)).json().data.messages as { to: string; id: string }[];
    expect(seenByA.map((m) => m.to)).toEqual(['visitor-a@example.com']);
    expect(seenByB.map((m) => m.to)).toEqual(['visitor-b@example.com']);
    expect((await mailbox(cookieB, `?to=${encodeURIComponent(admin.email)}`)).json().data.messages).toEqual([]);
    expect((await mailbox(undefined, '')).json().data.messages).toEqual([]);
    expect((await mailbox('sb_demo_mailbox=forged')).json().data.messages).toEqual([]);
    // One message by its id: its owner only.
    expect((await t.call('GET', `/api/v1/dev/mailbox/${seenByA[0].id}`, { remoteAddress: REMOTE, headers: { cookie: cookieA } })).statusCode).toBe(200);
    expect((await t.call('GET', `/api/v1/dev/mailbox/${seenByA[0].id}`, { remoteAddress: REMOTE, headers: { cookie: cookieB } })).statusCode).toBe(404);
    const html = await t.call('GET', `/api/v1/dev/mailbox/${seenByA[0].id}/html`, { remoteAddress: REMOTE, headers: { cookie: cookieA } });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('<base target="_top">');
    // Its own CSP: the mail's inline styles, and nothing that runs.
    expect(html.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'unsafe-inline';.*sandbox /);
    expect((await t.call('GET', `/api/v1/dev/mailbox/${seenByA[0].id}/html`, { remoteAddress: REMOTE, headers: { cookie: cookieB } })).statusCode).toBe(404);
    // Even on this machine (a local proxy looks like one), the demo mailbox is scoped.
    expect((await t.call('GET', `/api/v1/dev/mailbox?to=${encodeURIComponent(admin.email)}`)).json().data.messages).toEqual([]);
  });

  it("never shows the site's own inbox, even to a visitor who registered its address", async () => {
    const taker = await register(site.supportEmail);
    expect(taker.statusCode).toBeLessThan(300);
    const cookie = cookieOf(taker);
    const sent = await t.call('POST', '/api/v1/contact', {
      remoteAddress: '198.51.100.7',
      body: { name: 'Private Person', email: 'private@example.com', subject: 'My account', message: 'Something only support should read.' },
    });
    expect(sent.statusCode).toBeLessThan(300);
    const kinds = (await t.db.select({ kind: outbox.kind }).from(outbox).where(eq(outbox.toAddress, site.supportEmail))).map((r) => r.kind);
    expect(kinds).toContain('contact-notice');
    expect((await mailbox(cookie)).json().data.messages).toEqual([]);
    expect((await mailbox(cookie, `?to=${encodeURIComponent(site.supportEmail)}`)).json().data.messages).toEqual([]);
  });

  it("hides an admin's mail when it is read, from the browser that registered the address, whenever the promotion came", async () => {
    const early = await register('promoted-later@example.com');
    const cookie = cookieOf(early);
    expect((await mailbox(cookie)).json().data.messages).toHaveLength(1);
    // Promoted by any way that leaves the account's demo mailbox in place: the role is what counts.
    const [user] = await t.db.select().from(users).where(eq(users.email, 'promoted-later@example.com'));
    await t.db.update(profiles).set({ role: 'admin' }).where(eq(profiles.id, user.id));
    expect(user.demoMailboxHash).not.toBeNull();
    await t.call('POST', '/api/v1/auth/forgot-password', { body: { email: user.email }, remoteAddress: REMOTE, headers: { cookie } });
    expect((await mailbox(cookie)).json().data.messages).toEqual([]);
    const [sent] = await t.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.toAddress, user.email), eq(outbox.kind, 'password-reset')));
    expect((await t.call('GET', `/api/v1/dev/mailbox/${sent.id}/html`, { remoteAddress: REMOTE, headers: { cookie } })).statusCode).toBe(404);
  });

  it('keeps the on-demand renewals off for other machines', async () => {
    for (const url of ['/dev/razorpay/subscriptions/sub_x/charge', '/%64ev/razorpay/subscriptions/sub_x/charge', '/%64ev/razorpay/subscriptions/sub_x/fail-charge']) {
      const res = await t.call('POST', url, { remoteAddress: REMOTE });
      expect(res.statusCode, url).toBe(403);
    }
    // The demo's own exceptions, encoded, are refused too (they are read from the address as sent).
    expect((await t.call('GET', '/api/v1/%64ev/mailbox', { remoteAddress: REMOTE })).statusCode).toBe(403);
  });
});

describe('a public demo with payments', () => {
  let t: BillingTestApp;
  beforeAll(async () => {
    t = await createBillingTestApp({ PUBLIC_URL: 'https://demo.stealth.example', PUBLIC_DEMO: 'true' });
  });
  afterAll(() => t.close());

  it("lets no one renew or halt another person's subscription, even through a local proxy", async () => {
    const owner = await createUserAndLogin(t);
    const other = await createUserAndLogin(t);
    const { checkout } = await buy(t, owner.token, 'stealth_month');
    const id = checkout.subscriptionId as string;
    const before = await t.sim.engine.get<{ paid_count: number; status: string }>(id);
    for (const action of ['charge', 'fail-charge']) {
      expect((await t.call('POST', `/dev/razorpay/subscriptions/${id}/${action}`)).statusCode).toBe(401);
      const res = await t.call('POST', `/dev/razorpay/subscriptions/${id}/${action}`, { token: other.token });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.description).toBe('The id provided does not exist');
    }
    expect(await t.sim.engine.get(id)).toMatchObject({ paid_count: before!.paid_count, status: before!.status });
  });
});
