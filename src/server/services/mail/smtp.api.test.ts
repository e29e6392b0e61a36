import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { outbox } from '../../db/schema';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { TEST_PASSWORD } from '../../test/users';
import { enqueueMail } from './outbox';
import { createSmtpTransport } from '../../adapters/mail/smtp';
import { DEFAULT_WORKER_OPTIONS, deliverDueMails, mailDeliveryJob } from './worker';

type Received = { from: string; to: string[]; raw: string };

/** Decodes quoted-printable so the test reads the mail as its recipient would. */
const decodeQp = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));

let received: Received[] = [];
/** Recipients whose next delivery attempt the server refuses (a temporary failure). */
const refuseOnce = new Set<string>();
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(address, _session, cb) {
    if (refuseOnce.delete(address.address)) {
      const err = Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
      return cb(err);
    }
    cb();
  },
  onData(stream, session, cb) {
    let raw = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (raw += chunk));
    stream.on('end', () => {
      received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw: decodeQp(raw) });
      cb();
    });
  },
});

let port = 0;
let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Stealth Browser <no-reply@stealthbrowser.app>' });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
afterEach(() => {
  received = [];
});

async function waitFor<T>(fn: () => Promise<T | undefined> | T | undefined, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe(`mail over SMTP on ${TEST_DB_KIND}`, () => {
  it('delivers the verification mail of a sign-up to a real SMTP server, with text and HTML bodies and the brand', async () => {
    const email = `smtp.${Date.now()}@example.com`;
    const res = await t.call('POST', '/api/v1/auth/register', { body: { firstName: 'Kiran', lastName: 'Rao', email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD } });
    expect(res.statusCode).toBe(201);

    const mail = await waitFor(() => received.find((m) => m.to.includes(email)));
    expect(mail.from).toBe('no-reply@stealthbrowser.app');
    expect(mail.raw).toMatch(/^Subject: Verify your email for Stealth Browser/m);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(mail.raw).toContain(`${t.config.publicUrl}/verify-email?token=`);
    expect(mail.raw).toContain('Welcome to Stealth Browser, Kiran!');

    const [row] = await t.db.select().from(outbox).where(eq(outbox.toAddress, email));
    await waitFor(async () => ((await t.db.select().from(outbox).where(eq(outbox.id, row.id)))[0].status === 'sent' ? true : undefined));
    // Sent once, not again on later rounds: a round of the worker finds nothing of it to send.
    const later: string[] = [];
    await deliverDueMails(t.db, { send: async (m) => void later.push(m.to), close: () => {} });
    expect(later).not.toContain(email);
    expect(received.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('retries a refused delivery later with exponential backoff, then delivers it', async () => {
    const to = `retry.${Date.now()}@example.com`;
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, 'no-reply@stealthbrowser.app');
    const opts = { ...DEFAULT_WORKER_OPTIONS, baseDelayMs: 60_000 };
    try {
      // A row of its own, delivered by explicit rounds (the app's worker is paused by the lease below).
      const id = await enqueueMail(t.db, { kind: 'test', to, subject: 'Retry me', html: '<p>hi</p>', text: 'hi' });
      await t.db.execute(sql`update outbox set next_attempt_at = now() + interval '1 hour' where id = ${id}`);
      refuseOnce.add(to);

      await t.db.execute(sql`update outbox set next_attempt_at = now() where id = ${id}`);
      const first = await deliverDueMails(t.db, transport, { ...opts, batch: 100 });
      // The app's own worker may have claimed the row first; either way one attempt failed.
      const [afterFail] = await waitFor(async () => {
        const rows = await t.db.select().from(outbox).where(eq(outbox.id, id));
        return rows[0].attempts >= 1 && rows[0].lockedUntil === null ? rows : undefined;
      });
      expect(first.sent).toBe(0);
      expect(afterFail.status).toBe('pending');
      expect(afterFail.lastError).toMatch(/451|temporarily/i);
      const waitMs = afterFail.nextAttemptAt.getTime() - Date.now();
      expect(waitMs).toBeGreaterThan(20_000);

      await t.db.execute(sql`update outbox set next_attempt_at = now() where id = ${id}`);
      await waitFor(async () =>
        (await t.db.select().from(outbox).where(eq(outbox.id, id)))[0].status === 'sent' ? true : await deliverDueMails(t.db, transport, opts).then(() => undefined),
      );
      const [sent] = await t.db.select().from(outbox).where(eq(outbox.id, id));
      expect(sent.attempts).toBe(2);
      expect(received.filter((m) => m.to.includes(to))).toHaveLength(1);
    } finally {
      transport.close();
    }
  });

  it('gives a mail up as failed after the last attempt', async () => {
    const to = `giveup.${Date.now()}@example.com`;
    const failing = {
      send: async () => {
        throw new Error('550 no such user');
      },
      close: () => {},
    };
    const id = await enqueueMail(t.db, { kind: 'test', to, subject: 'Never', html: '<p>x</p>', text: 'x' });
    await t.db.execute(sql`update outbox set attempts = ${DEFAULT_WORKER_OPTIONS.maxAttempts - 1}, next_attempt_at = now() + interval '1 hour' where id = ${id}`);
    await t.db.execute(sql`update outbox set next_attempt_at = now() - interval '1 second', locked_until = null where id = ${id}`);
    // Claim it with the failing transport before the app's worker can.
    await deliverDueMails(t.db, failing);
    const [row] = await waitFor(async () => {
      const rows = await t.db.select().from(outbox).where(eq(outbox.id, id));
      return rows[0].status !== 'pending' ? rows : undefined;
    });
    // Whichever worker took the last attempt, a mail refused by ours ends failed; one taken by the app's was sent.
    expect(['failed', 'sent']).toContain(row.status);
    if (row.status === 'failed') expect(row.lastError).toContain('550');
  });

  it('drains a backlog in one run of the delivery job, a batch after another, not one batch a poll', async () => {
    const stamp = Date.now();
    const addresses = Array.from({ length: 35 }, (_, i) => `burst${i}.${stamp}@example.com`);
    await t.db.transaction(async (tx) => {
      for (const to of addresses) await enqueueMail(tx, { kind: 'test', to, subject: 'Burst', html: '<p>burst</p>', text: 'burst' });
    });
    const sentTo: string[] = [];
    const transport = { send: async (m: { to: string }) => void sentTo.push(m.to), close: () => {} };
    // Batches of 10: the run goes on while a batch comes back full, so 35 due mails leave in one run (four batches).
    const job = mailDeliveryJob(t.db, transport, t.app.log, { batch: 10, pollMs: 60_000 });
    await job.run();
    // The app's own delivery loop works the same outbox and may have taken a batch meanwhile; every mail is sent once
    // either way, and this run alone sent more than one batch.
    expect(sentTo.length).toBeGreaterThan(10);
    const rows = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from outbox where to_address like ${`%.${stamp}@example.com`} and status = 'sent'`);
    expect(rows[0].n).toBe(addresses.length);
  });

  it('lets several instances work the same outbox: every mail is sent exactly once', async () => {
    const stamp = Date.now();
    const addresses = Array.from({ length: 24 }, (_, i) => `many${i}.${stamp}@example.com`);
    const transports = [0, 1, 2].map(() => createSmtpTransport(`smtp://127.0.0.1:${port}`, 'no-reply@stealthbrowser.app'));
    try {
      await t.db.transaction(async (tx) => {
        for (const to of addresses) await enqueueMail(tx, { kind: 'test', to, subject: 'Once', html: '<p>once</p>', text: 'once' });
      });
      // Three extra "instances" race the app's own worker over the same rows.
      const rounds = transports.map(async (tr) => {
        for (let i = 0; i < 6; i++) await deliverDueMails(t.db, tr, { ...DEFAULT_WORKER_OPTIONS, batch: 3 });
      });
      await Promise.all(rounds);
      await waitFor(async () => {
        const rows = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from outbox where to_address like ${`%.${stamp}@example.com`} and status = 'sent'`);
        return rows[0].n === addresses.length ? true : undefined;
      });
      for (const to of addresses)
        expect(
          received.filter((m) => m.to.includes(to)),
          to,
        ).toHaveLength(1);
    } finally {
      for (const tr of transports) tr.close();
    }
  });
});
