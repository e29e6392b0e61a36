import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_CHANGE } from '#shared/constants';
import { emailChanges, outbox, passkeys, sessions, users } from '../db/schema';
import { addPasskeyByApi } from '../test/authenticator';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { lastMailTo, tokenFromMail } from '../test/mailbox';
import { createUser, createUserAndLogin, loginAs, TEST_PASSWORD } from '../test/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const fresh = (name: string) => `${name}.${++n}.${Date.now()}@example.com`;
const ask = (token: string, newEmail: string) => t.call('POST', '/api/v1/auth/email-change', { token, body: { newEmail } });
const confirm = (token: string) => t.call('POST', '/api/v1/auth/email-change/confirm', { body: { token } });
const undo = (token: string) => t.call('POST', '/api/v1/auth/email-change/undo', { body: { token } });
const login = (email: string, password = TEST_PASSWORD) => t.call('POST', '/api/v1/auth/login', { body: { email, password, deviceType: 'web' } });
const mailsTo = (to: string) => t.db.select().from(outbox).where(eq(outbox.toAddress, to));

describe(`changing the e-mail address on ${TEST_DB_KIND}`, () => {
  it('a link to the new address confirms it, once; the old address is told at once with the undo link', async () => {
    const u = await createUserAndLogin(t);
    const next = fresh('moved');
    const res = await ask(u.token, next.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    const notice = await lastMailTo(t, u.email, 'email-change-notice');
    expect(notice!.subject).toBe('Your Stealth Browser email address is being changed');
    expect(notice!.text).toContain(`asked to change its email address to ${next}`);
    expect(notice!.text).toContain('/undo-email-change?token=');
    const confirmMail = await lastMailTo(t, next, 'email-change-confirm');
    expect(confirmMail!.subject).toBe('Confirm your new email address for Stealth Browser');
    // Nothing changes before the link is followed.
    expect((await login(u.email)).statusCode).toBe(200);

    const done = await confirm(await tokenFromMail(t, next, 'email-change-confirm'));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toEqual({ email: next });
    expect((await login(next)).statusCode).toBe(200);
    expect((await login(u.email)).json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect((await t.call('GET', '/api/v1/auth/me', { token: u.token })).json().data.user.email).toBe(next);
    const again = await confirm(await tokenFromMail(t, next, 'email-change-confirm'));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_EMAIL_CHANGE_LINK', message: 'This link is invalid or has expired. Ask for the change again from Settings.' });
  });

  it('"this wasn\'t me" after the change: the old address back, every session ended, the password void, a reset link\'s token', async () => {
    const u = await createUserAndLogin(t);
    const second = await loginAs(t, u.email);
    const next = fresh('taken-over');
    await ask(u.token, next);
    await confirm(await tokenFromMail(t, next, 'email-change-confirm'));
    const undone = await undo(await tokenFromMail(t, u.email, 'email-change-notice'));
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().data.email).toBe(u.email);
    for (const token of [u.token, second.token]) expect((await t.call('GET', '/api/v1/auth/me', { token })).statusCode).toBe(401);
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, u.user.id), eq(sessions.revokedReason, 'email_change_undone'))),
    ).toHaveLength(2);
    // Neither address opens the account with the password any more; the reset link's token sets a new one.
    expect((await login(u.email)).json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect((await login(next)).json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    const chosen = 'N3w!Own3r-pass';
    const reset = await t.call('POST', '/api/v1/auth/reset-password', { body: { token: undone.json().data.resetToken, password: chosen, confirmPassword: chosen } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(u.email, chosen)).statusCode).toBe(200);
    // The undo link works once.
    expect((await undo(await tokenFromMail(t, u.email, 'email-change-notice'))).json()).toMatchObject({ code: 'INVALID_EMAIL_CHANGE_LINK' });
  });

  it('the undo removes the passkeys added from a day before the change was asked for, and keeps older ones', async () => {
    const u = await createUserAndLogin(t);
    await addPasskeyByApi(t, u.token, 'Owner laptop');
    const old = new Date(Date.now() - (EMAIL_CHANGE.disownHours + 1) * 3_600_000);
    await t.db.update(passkeys).set({ createdAt: old }).where(eq(passkeys.userId, u.user.id));
    await addPasskeyByApi(t, u.token, 'Taken-over phone');
    await ask(u.token, fresh('away'));
    expect((await undo(await tokenFromMail(t, u.email, 'email-change-notice'))).statusCode).toBe(200);
    const left = await t.db.select({ name: passkeys.name }).from(passkeys).where(eq(passkeys.userId, u.user.id));
    expect(left.map((p) => p.name)).toEqual(['Owner laptop']);
  });

  it('undone before the new address confirms: the confirmation link no longer works', async () => {
    const u = await createUserAndLogin(t);
    const next = fresh('never');
    await ask(u.token, next);
    expect((await undo(await tokenFromMail(t, u.email, 'email-change-notice'))).statusCode).toBe(200);
    expect((await confirm(await tokenFromMail(t, next, 'email-change-confirm'))).json()).toMatchObject({ code: 'INVALID_EMAIL_CHANGE_LINK' });
    expect((await t.db.select({ email: users.email }).from(users).where(eq(users.id, u.user.id)))[0]!.email).toBe(u.email);
  });

  it('an address with an account gets the same answer; its owner is told, no link is sent, nothing of either account changes', async () => {
    const u = await createUserAndLogin(t);
    const owner = await createUser(t);
    const before = (await mailsTo(owner.email)).length;
    const res = await ask(u.token, owner.email);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe((await ask(u.token, fresh('free'))).body);
    const toOwner = (await mailsTo(owner.email)).slice(before);
    expect(toOwner.map((m) => m.kind)).toEqual(['email-change-taken']);
    expect(toOwner[0]!.text).not.toContain(u.email);
    expect(toOwner[0]!.text).not.toContain('token=');
    expect((await t.db.select({ email: users.email }).from(users).where(eq(users.id, u.user.id)))[0]!.email).toBe(u.email);
  });

  it('a newer request cancels the one waiting; an expired link or undo window is refused', async () => {
    const u = await createUserAndLogin(t);
    const first = fresh('first');
    const second = fresh('second');
    await ask(u.token, first);
    const firstToken = await tokenFromMail(t, first, 'email-change-confirm');
    await ask(u.token, second);
    expect((await confirm(firstToken)).json()).toMatchObject({ code: 'INVALID_EMAIL_CHANGE_LINK' });
    await t.db
      .update(emailChanges)
      .set({ confirmExpiresAt: new Date(Date.now() - 1000), undoExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.newEmail, second));
    expect((await confirm(await tokenFromMail(t, second, 'email-change-confirm'))).json()).toMatchObject({ code: 'INVALID_EMAIL_CHANGE_LINK' });
    expect((await undo(await tokenFromMail(t, u.email, 'email-change-notice'))).json()).toMatchObject({ code: 'INVALID_EMAIL_CHANGE_LINK' });
    expect((await login(u.email)).statusCode).toBe(200);
  });

  it('needs a fresh check; bad input is refused and changes nothing', async () => {
    const u = await createUserAndLogin(t);
    const rows = async () => (await t.db.select().from(emailChanges).where(eq(emailChanges.userId, u.user.id))).length;
    for (const [newEmail, code] of [
      [u.email, 'EMAIL_UNCHANGED'],
      ['not-an-address', 'VALIDATION_ERROR'],
      [`${'x'.repeat(5000)}@example.com`, 'VALIDATION_ERROR'],
      ['someone@mailinator.com', 'DISPOSABLE_EMAIL'],
    ] as const) {
      const res = await ask(u.token, newEmail);
      expect(res.statusCode, newEmail.slice(0, 40)).toBe(400);
      expect(res.json().code === code || res.json().error === code, res.body).toBe(true);
    }
    for (const token of ['', 'x'.repeat(5000), 'not-a-token']) expect((await confirm(token)).statusCode).toBe(400);
    expect(await rows()).toBe(0);
    await t.db
      .update(sessions)
      .set({ stepUpUntil: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, u.user.id));
    expect((await ask(u.token, fresh('later'))).json()).toMatchObject({ code: 'STEP_UP_REQUIRED' });
    expect(await rows()).toBe(0);
    expect((await t.call('POST', '/api/v1/auth/email-change', { body: { newEmail: fresh('anon') } })).statusCode).toBe(401);
  });
});
