import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { createUserAndLogin } from '../../test/users';
import { downloads } from '../../db/schema';
import { pruneOldRows, RETENTION_DAYS } from './prune';
import { rollUpOldRows } from './roll-up';
import { ROLL_UP_AFTER_DAYS } from './roll-up-after';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
const ids = async (table: string) => (await queryRows<{ id: string }>(t.db, sql.raw(`select id::text as id from ${table} order by id`))).map((r) => r.id);

async function mail(status: string, sentDaysAgo: number | null, createdDaysAgo: number) {
  const [row] = await queryRows<{ id: string }>(
    t.db,
    sql`insert into outbox (kind, to_address, subject, html, text, status, sent_at, created_at)
        values ('test', 'a@example.com', 's', '<p>h</p>', 'h', ${status}, ${sentDaysAgo === null ? null : daysAgo(sentDaysAgo)}, ${daysAgo(createdDaysAgo)})
        returning id::text as id`,
  );
  return row.id;
}

async function webhook(id: string, receivedDaysAgo: number, processed: boolean) {
  await t.db.execute(sql`insert into webhook_events (id, event, payload, received_at, processed_at)
                         values (${id}, 'payment.captured', '{}'::jsonb, ${daysAgo(receivedDaysAgo)}, ${processed ? daysAgo(receivedDaysAgo) : null})`);
  return id;
}

describe(`housekeeping on ${TEST_DB_KIND}`, () => {
  it('deletes what served its purpose past its retention, keeps the rest, and a second run finds nothing', async () => {
    const live = await createUserAndLogin(t);
    const expired = await createUserAndLogin(t);
    const revoked = await createUserAndLogin(t);
    const recentlyEnded = await createUserAndLogin(t);
    const sessionOf = async (userId: string) => (await queryRows<{ id: string }>(t.db, sql`select id::text as id from sessions where user_id = ${userId}`))[0].id;
    const [liveS, expiredS, revokedS, recentS] = await Promise.all([live, expired, revoked, recentlyEnded].map((u) => sessionOf(u.user.id)));
    await t.db.execute(sql`update sessions set expires_at = ${daysAgo(RETENTION_DAYS.sessions + 1)} where id = ${expiredS}`);
    await t.db.execute(sql`update sessions set revoked_at = ${daysAgo(RETENTION_DAYS.sessions + 2)} where id = ${revokedS}`);
    await t.db.execute(sql`update sessions set expires_at = ${daysAgo(RETENTION_DAYS.sessions - 1)} where id = ${recentS}`);
    const refreshOfExpired = await queryRows<{ id: string }>(t.db, sql`select id from refresh_tokens where session_id = ${expiredS}`);
    expect(refreshOfExpired.length).toBeGreaterThan(0);

    const link = (userId: string, hash: string, expiresDaysAgo: number) =>
      t.db.execute(sql`insert into email_tokens (user_id, purpose, token_hash, expires_at) values (${userId}, 'reset', ${hash}, ${daysAgo(expiresDaysAgo)})`);
    await link(expired.user.id, 'old-link', RETENTION_DAYS.emailTokens + 1);
    await link(live.user.id, 'recent-link', RETENTION_DAYS.emailTokens - 1);
    await link(live.user.id, 'live-link', -1);
    // A new sign-in's "This wasn't me" links (decision 200): as the mailed links.
    const notice = (userId: string, hash: string, expiresDaysAgo: number) =>
      t.db.execute(sql`insert into sign_in_notices (user_id, token_hash, expires_at) values (${userId}, ${hash}, ${daysAgo(expiresDaysAgo)})`);
    await notice(expired.user.id, 'old-notice', RETENTION_DAYS.emailTokens + 1);
    await notice(live.user.id, 'recent-notice', RETENTION_DAYS.emailTokens - 1);

    const oldSent = await mail('sent', RETENTION_DAYS.outbox + 1, RETENTION_DAYS.outbox + 1);
    const oldFailed = await mail('failed', null, RETENTION_DAYS.outbox + 5);
    const oldPending = await mail('pending', null, RETENTION_DAYS.outbox + 5);
    const recentSent = await mail('sent', RETENTION_DAYS.outbox - 1, RETENTION_DAYS.outbox + 3);

    const oldDone = await webhook('evt_old_done', RETENTION_DAYS.webhookEvents + 1, true);
    const oldOpen = await webhook('evt_old_open', RETENTION_DAYS.webhookEvents + 1, false);
    const recentDone = await webhook('evt_recent_done', RETENTION_DAYS.webhookEvents - 1, true);

    const batch = (key: string, receivedDaysAgo: number) =>
      t.db.execute(sql`insert into usage_batches (user_id, idempotency_key, accepted, received_at) values (${live.user.id}, ${key}, 1, ${daysAgo(receivedDaysAgo)})`);
    await batch('old-batch-key', RETENTION_DAYS.usageBatches + 1);
    await batch('recent-batch-key', RETENTION_DAYS.usageBatches - 1);

    // Challenges a day past their end go; a live one stays.
    await t.db.execute(sql`insert into sign_in_challenges (token_hash, user_id, token_version, device_type, expires_at)
                           values ('old-challenge', ${live.user.id}, 0, 'web', ${daysAgo(RETENTION_DAYS.challenges + 1)}),
                                  ('live-challenge', ${live.user.id}, 0, 'web', ${daysAgo(-1)})`);
    await t.db.execute(sql`insert into webauthn_challenges (challenge, purpose, expires_at)
                           values ('old-webauthn', 'sign-in', ${daysAgo(RETENTION_DAYS.challenges + 1)}), ('live-webauthn', 'sign-in', ${daysAgo(-1)})`);
    const outboxBefore = await ids('outbox');
    const counts = await pruneOldRows(t.db);
    expect(counts).toEqual({
      sessions: 2,
      emailTokens: 1,
      signInNotices: 1,
      outbox: 2,
      webhookEvents: 1,
      usageBatches: 1,
      securityEvents: 0,
      signInChallenges: 1,
      webauthnChallenges: 1,
    });
    expect((await queryRows<{ h: string }>(t.db, sql`select token_hash as h from sign_in_notices where user_id in (${live.user.id}, ${expired.user.id})`)).map((r) => r.h)).toEqual(
      ['recent-notice'],
    );
    const keys = await queryRows<{ k: string }>(t.db, sql`select idempotency_key as k from usage_batches where user_id = ${live.user.id}`);
    expect(keys.map((r) => r.k)).toEqual(['recent-batch-key']);

    const sessionsLeft = await ids('sessions');
    expect(sessionsLeft).toEqual(expect.arrayContaining([liveS, recentS]));
    expect(sessionsLeft).not.toContain(expiredS);
    expect(sessionsLeft).not.toContain(revokedS);
    expect(await queryRows(t.db, sql`select id from refresh_tokens where session_id = ${expiredS}`)).toEqual([]);
    const links = await queryRows<{ token_hash: string }>(t.db, sql`select token_hash from email_tokens where token_hash like '%-link' order by token_hash`);
    expect(links.map((r) => r.token_hash)).toEqual(['live-link', 'recent-link']);
    expect(await ids('outbox')).toEqual(outboxBefore.filter((id) => id !== oldSent && id !== oldFailed));
    expect(await ids('outbox')).toEqual(expect.arrayContaining([oldPending, recentSent]));
    expect(await ids('webhook_events')).toEqual(expect.arrayContaining([oldOpen, recentDone]));
    expect(await ids('webhook_events')).not.toContain(oldDone);

    // The accounts are untouched, and a live session still works.
    expect((await t.call('GET', '/api/v1/auth/me', { token: live.token })).statusCode).toBe(200);
    expect(await queryRows(t.db, sql`select id from users where id = ${expired.user.id}`)).toHaveLength(1);

    expect(await pruneOldRows(t.db)).toEqual({
      sessions: 0,
      emailTokens: 0,
      signInNotices: 0,
      outbox: 0,
      webhookEvents: 0,
      usageBatches: 0,
      securityEvents: 0,
      signInChallenges: 0,
      webauthnChallenges: 0,
    });
  });

  it('deletes large backlogs in batches, all of them', async () => {
    await t.db.execute(sql`insert into outbox (kind, to_address, subject, html, text, status, sent_at, created_at)
                           select 'bulk', 'b@example.com', 's', 'h', 'h', 'sent', ${daysAgo(200)}, ${daysAgo(200)} from generate_series(1, 2500)`);
    expect((await pruneOldRows(t.db)).outbox).toBe(2500);
    expect(await queryRows(t.db, sql`select id from outbox where kind = 'bulk'`)).toEqual([]);
  });

  it('rolls old downloads up into a count a day: the admin overview counts the same after, and a second run finds nothing', async () => {
    const admin = await createUserAndLogin(t, { role: 'admin' });
    const overview = async () => (await t.call('GET', '/api/v1/admin/metrics?days=30', { token: admin.token })).json().data;
    // Downloads of the last weeks at all hours (so across the site zone's midnight), browsers of two families.
    const rows = Array.from({ length: 120 }, (_, i) => ({
      platform: 'windows',
      userAgent: i % 3 ? 'Chrome on Windows' : 'Edge on Windows',
      visitor: `v${i}`,
      createdAt: new Date(Date.now() - i * 3.7 * 3_600_000),
    }));
    await t.db.insert(downloads).values(rows);
    const before = await overview();
    expect(before.totals.downloads).toBe(rows.filter((r) => r.createdAt.getTime() >= Date.parse(before.from)).length);

    const rolled = await rollUpOldRows(t.db);
    expect(rolled.downloads).toBe(rows.filter((r) => r.createdAt < daysAgo(ROLL_UP_AFTER_DAYS.downloads)).length);
    const left = await t.db.select().from(downloads);
    expect(left.every((r) => r.createdAt >= daysAgo(ROLL_UP_AFTER_DAYS.downloads + 0.01))).toBe(true);
    expect(await overview()).toEqual({ ...before, to: expect.any(String) });
    expect(await rollUpOldRows(t.db)).toEqual({ downloads: 0, usageEvents: 0 });
  });
});
