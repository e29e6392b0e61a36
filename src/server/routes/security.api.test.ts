import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_LOG } from '#shared/security-log';
import { securityEvents, sessions } from '../db/schema';
import { pruneOldRows, RETENTION_DAYS } from '../services/housekeeping/prune';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { createUser, createUserAndLogin, TEST_PASSWORD } from '../test/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0';
const login = (email: string, password: string, ua = FIREFOX_MAC, remoteAddress = '203.0.113.7') =>
  t.call('POST', '/api/v1/auth/login', { body: { email, password, deviceType: 'web' }, headers: { 'user-agent': ua }, remoteAddress });
const log = (token: string, before?: string) => t.call('GET', `/api/v1/auth/security-log${before ? `?before=${before}` : ''}`, { token });

describe(`the security log on ${TEST_DB_KIND}`, () => {
  it('shows its owner the failed and the good sign-in with browser, system and address, newest first; nobody else sees them', async () => {
    const u = await createUser(t);
    expect((await login(u.email, 'Wr0ng!Passw0rd')).statusCode).toBe(401);
    const ok = await login(u.email, TEST_PASSWORD);
    expect(ok.statusCode, ok.body).toBe(200);
    const token = ok.json().data.token as string;
    const res = await log(token);
    expect(res.statusCode, res.body).toBe(200);
    const { events, next } = res.json().data;
    expect(next).toBeNull();
    expect(events.map((e: { kind: string; detail: string }) => [e.kind, e.detail])).toEqual([
      ['sign-in', 'password'],
      ['sign-in-failed', 'password'],
    ]);
    expect(events[0]).toMatchObject({ browser: 'Firefox', os: 'macOS', ip: '203.0.113.7', place: '' });

    const other = await createUserAndLogin(t);
    const theirs = (await log(other.token)).json().data.events as { kind: string }[];
    expect(theirs.every((e) => e.kind === 'sign-in')).toBe(true);
    expect(theirs).toHaveLength(1);
    // Another account's event named as `before` gives nothing of it.
    expect((await log(other.token, events[0].id)).json().data).toEqual({ events: [], next: null });
  });

  it('pages by `before`, refuses a malformed one, and a password change is logged', async () => {
    const u = await createUserAndLogin(t);
    await t.db.insert(securityEvents).values(
      Array.from({ length: SECURITY_LOG.pageSize + 5 }, (_, i) => ({
        userId: u.user.id,
        kind: 'sign-in-failed' as const,
        detail: 'password',
        createdAt: new Date(Date.now() - (i + 1) * 60_000),
      })),
    );
    const changed = await t.call('PUT', '/api/v1/auth/change-password', {
      token: u.token,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'N3w!Passw0rd-xyz', confirmPassword: 'N3w!Passw0rd-xyz' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const token = changed.json().data.token as string;
    const first = (await log(token)).json().data;
    expect(first.events).toHaveLength(SECURITY_LOG.pageSize);
    expect(first.events[0].kind).toBe('password-changed');
    const second = (await log(token, first.next)).json().data;
    expect(second.next).toBeNull();
    expect(first.events.length + second.events.length).toBe(SECURITY_LOG.pageSize + 5 + 2);
    expect(new Set([...first.events, ...second.events].map((e: { id: string }) => e.id)).size).toBe(SECURITY_LOG.pageSize + 7);
    const bad = await log(token, 'not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_REQUEST');
  });

  it('sign out everywhere needs a fresh check, then ends every session, this one too, and says so in the log', async () => {
    const u = await createUserAndLogin(t);
    const second = await login(u.email, TEST_PASSWORD);
    const secondToken = second.json().data.token as string;
    await t.db.update(sessions).set({ stepUpUntil: null }).where(eq(sessions.userId, u.user.id));
    const refused = await t.call('POST', '/api/v1/auth/sessions/revoke-all', { token: u.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('STEP_UP_REQUIRED');
    expect((await t.call('GET', '/api/v1/auth/me', { token: secondToken })).statusCode).toBe(200);

    const up = await t.call('POST', '/api/v1/auth/step-up', { token: u.token, body: { password: TEST_PASSWORD } });
    expect(up.statusCode, up.body).toBe(200);
    const done = await t.call('POST', '/api/v1/auth/sessions/revoke-all', { token: u.token });
    expect(done.statusCode, done.body).toBe(200);
    for (const token of [u.token, secondToken]) {
      const me = await t.call('GET', '/api/v1/auth/me', { token });
      expect(me.statusCode).toBe(401);
      expect(me.json()).toMatchObject({ code: 'SESSION_NOT_FOUND', params: { reason: 'signed_out_by_user' } });
    }
    const kinds = (await t.db.select({ kind: securityEvents.kind }).from(securityEvents).where(eq(securityEvents.userId, u.user.id))).map((r) => r.kind);
    expect(kinds).toContain('signed-out-everywhere');
  });

  it('keeps events 400 days: older ones go with the daily sweep', async () => {
    const u = await createUser(t);
    const day = 86_400_000;
    await t.db.insert(securityEvents).values([
      { userId: u.user.id, kind: 'sign-in', detail: 'old', createdAt: new Date(Date.now() - (RETENTION_DAYS.securityEvents + 1) * day) },
      { userId: u.user.id, kind: 'sign-in', detail: 'kept', createdAt: new Date(Date.now() - (RETENTION_DAYS.securityEvents - 1) * day) },
    ]);
    const counts = await pruneOldRows(t.db);
    expect(counts.securityEvents).toBeGreaterThanOrEqual(1);
    const left = await t.db.select({ detail: securityEvents.detail }).from(securityEvents).where(eq(securityEvents.userId, u.user.id));
    expect(left.map((r) => r.detail)).toEqual(['kept']);
  });
});
