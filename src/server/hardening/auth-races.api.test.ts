import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../shared/messages';
import { emailTokens, sessions } from '../db/schema';
import { TEST_DB_KIND, type TestApp } from '../test/harness';
import { tokenFromMail } from '../test/mailbox';
import { createUser, createUserAndLogin } from '../test/users';

/**
 * The races are driven in order, without sleeping: `afterCheck` runs once, right after the next password check
 * (argon2, the slow step) has answered and before the service goes on to its transaction.
 */
const seam = vi.hoisted(() => ({ afterCheck: null as null | (() => Promise<void>) }));
vi.mock('../services/auth/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../services/auth/passwords')>();
  return {
    ...real,
    verifyPassword: async (stored: string, password: string) => {
      const ok = await real.verifyPassword(stored, password);
      const then = seam.afterCheck;
      seam.afterCheck = null;
      if (then) await then();
      return ok;
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  // The files of a worker share its modules (decision 141): the app is built from modules loaded again, after the
  // mock above, not from those an earlier file loaded with the real password checks.
  vi.resetModules();
  const { createTestApp } = await import('../test/harness');
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  seam.afterCheck = null;
});

let n = 0;
const from = () => `10.31.0.${++n}`;
const login = (email: string, password: string, ip = from()) => t.call('POST', '/api/v1/auth/login', { body: { email, password }, remoteAddress: ip });
const changePassword = (token: string, currentPassword: string, newPassword: string) =>
  t.call('PUT', '/api/v1/auth/change-password', { token, body: { currentPassword, newPassword, confirmPassword: newPassword } });

/** The owner resets the password by mail, as a person would: forgot-password, the link of the mail, a new password. */
async function resetByMail(email: string, password: string) {
  expect((await t.call('POST', '/api/v1/auth/forgot-password', { body: { email }, remoteAddress: from() })).statusCode).toBe(200);
  const token = await tokenFromMail(t, email, 'password-reset');
  const res = await t.call('POST', '/api/v1/auth/reset-password', { body: { token, password }, remoteAddress: from() });
  expect(res.statusCode, res.body).toBe(200);
}

const liveSessions = (userId: string) =>
  t.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));

describe(`password races and limits on ${TEST_DB_KIND}`, () => {
  it('a sign-in whose password check is overtaken by a reset gets no session: the reset wins', async () => {
    const u = await createUser(t);
    const RESET = 'Res3t!wins-login';
    let ran = false;
    seam.afterCheck = async () => {
      await resetByMail(u.email, RESET);
      ran = true;
    };
    const res = await login(u.email, u.password);
    expect(ran).toBe(true);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, error: 'INVALID_CREDENTIALS', message: MSG.invalidCredentials });
    expect(await liveSessions(u.user.id)).toEqual([]);
    // The new password signs in; the old one does not.
    expect((await login(u.email, u.password)).statusCode).toBe(401);
    expect((await login(u.email, RESET)).statusCode).toBe(200);
  });

  it("a password change whose current-password check is overtaken by a reset is refused: the reset's password holds", async () => {
    const u = await createUserAndLogin(t);
    const RESET = 'Res3t!wins-change';
    const CHOSEN = 'Ch4nged!meanwhile';
    let ran = false;
    seam.afterCheck = async () => {
      await resetByMail(u.email, RESET);
      ran = true;
    };
    const res = await changePassword(u.token, u.password, CHOSEN);
    expect(ran).toBe(true);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, error: 'TOKEN_INVALIDATED', code: 'TOKEN_VERSION_MISMATCH', message: MSG.sessionPasswordChanged });
    expect(await liveSessions(u.user.id)).toEqual([]);
    expect((await login(u.email, CHOSEN)).statusCode).toBe(401);
    expect((await login(u.email, RESET)).statusCode).toBe(200);
  });

  it('a reset link mailed before a password change stops working with the change', async () => {
    const u = await createUserAndLogin(t);
    expect((await t.call('POST', '/api/v1/auth/forgot-password', { body: { email: u.email }, remoteAddress: from() })).statusCode).toBe(200);
    const link = await tokenFromMail(t, u.email, 'password-reset');
    const CHANGED = 'Ch4nged!after-mail';
    expect((await changePassword(u.token, u.password, CHANGED)).statusCode).toBe(200);

    const res = await t.call('POST', '/api/v1/auth/reset-password', { body: { token: link, password: 'L4te!reset-link' }, remoteAddress: from() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: MSG.passwordResetLinkFailed });
    const unused = await t.db
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, u.user.id), eq(emailTokens.purpose, 'reset'), isNull(emailTokens.usedAt)));
    expect(unused).toEqual([]);
    expect((await login(u.email, CHANGED)).statusCode).toBe(200);
  });

  it('successful sign-ins from one address are bounded too: 60 a minute, then the login limit answer', async () => {
    const u = await createUser(t);
    const ip = '10.32.0.1';
    const codes: number[] = [];
    for (let i = 0; i < 60; i++) codes.push((await login(u.email, u.password, ip)).statusCode);
    expect(codes).toEqual(Array(60).fill(200));
    const over = await login(u.email, u.password, ip);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ success: false, error: 'TOO_MANY_REQUESTS', message: MSG.tooManyAttemptsWait(1), retryAfterSeconds: expect.any(Number) });
    // Another address signs in as ever.
    expect((await login(u.email, u.password, '10.32.0.2')).statusCode).toBe(200);
  });
});
