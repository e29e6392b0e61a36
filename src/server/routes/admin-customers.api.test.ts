import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, contactMessages, outbox, sessions, subscriptions, users } from '../db/schema';
import { buy, createBillingTestApp, pdfText, verifyBody, type BillingTestApp } from '../test/billing';
import { TEST_DB_KIND } from '../test/harness';
import { createUser, createUserAndLogin, loginAs } from '../test/users';

type Login = Awaited<ReturnType<typeof createUserAndLogin>>;
const UUID = '00000000-0000-4000-8000-000000000000';
const DAY = 86_400_000;

let t: BillingTestApp;
let admin: Login;
let otherAdmin: Login;
let customer: Login;

beforeAll(async () => {
  t = await createBillingTestApp();
  admin = await createUserAndLogin(t, { role: 'admin', email: `boss.${Date.now()}@stealth.test` });
  otherAdmin = await createUserAndLogin(t, { role: 'admin', email: `helper.${Date.now()}@stealth.test` });
  customer = await createUserAndLogin(t);
});
afterAll(() => t.close());

const get = (url: string, token = admin.token) => t.call('GET', `/api/v1${url}`, { token });
const post = (url: string, body: unknown, token = admin.token) => t.call('POST', `/api/v1${url}`, { token, body });
const auditRows = (userId: string) => t.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, userId));

describe(`admin customers on ${TEST_DB_KIND}`, () => {
  it('every route answers 401 to a visitor and 403 to a customer, changing nothing', async () => {
    const id = customer.user.id;
    const routes: [string, string, unknown?][] = [
      ['GET', '/admin/users?q=a'],
      ['GET', `/admin/users/${id}`],
      ['POST', `/admin/users/${id}/resend-verification`, {}],
      ['POST', `/admin/users/${id}/end-sessions`, { reason: 'r' }],
      ['POST', `/admin/users/${id}/extend-trial`, { days: 3, reason: 'r' }],
      ['POST', `/admin/users/${id}/complimentary`, { days: 3, planCode: 'stealth_month', reason: 'r' }],
      ['POST', `/admin/users/${id}/subscriptions/${UUID}/cancel`, { when: 'now', reason: 'r' }],
      ['GET', `/admin/payments/${UUID}/receipt`],
    ];
    const before = await t.db.select().from(users).where(eq(users.id, id));
    for (const [method, url, body] of routes) {
      const visitor = await t.call(method as 'GET', `/api/v1${url}`, { body });
      expect(visitor.statusCode, url).toBe(401);
      const self = await t.call(method as 'GET', `/api/v1${url}`, { body, token: customer.token });
      expect(self.statusCode, url).toBe(403);
      expect(self.json().message).toBe('Access denied. Admin privileges required.');
    }
    expect(await t.db.select().from(users).where(eq(users.id, id))).toEqual(before);
    expect(await auditRows(id)).toEqual([]);
  });

  it('finds customers by the start of the address, the name, the last name or the domain; wildcards and hostile text match literally', async () => {
    const tag = `srch${Date.now()}`;
    const make = async (email: string, firstName: string, lastName: string) => (await t.db.insert(users).values({ email, passwordHash: 'x', firstName, lastName }).returning())[0];
    await make(`${tag}.ann@acme-${tag}.com`, 'Ann', 'Lee');
    await make(`${tag}_bob@other.com`, 'Bob', `Zed${tag}`);
    await make(`${tag}xbob@other.com`, 'Róisín', `Ó${tag}`);
    const emails = async (q: string) => ((await get(`/admin/users?q=${encodeURIComponent(q)}`)).json().data.customers as { email: string }[]).map((c) => c.email).sort();

    expect(await emails(`${tag}.ANN@`)).toEqual([`${tag}.ann@acme-${tag}.com`]);
    expect(await emails(`@acme-${tag}`)).toEqual([`${tag}.ann@acme-${tag}.com`]);
    expect(await emails(`zed${tag}`)).toEqual([`${tag}_bob@other.com`]);
    expect(await emails(`róisín ó${tag}`)).toEqual([`${tag}xbob@other.com`]);
    // '_' and '%' are letters here, not patterns: 'tag_' finds the one address with an underscore, not 'tagx…'.
    expect(await emails(`${tag}_`)).toEqual([`${tag}_bob@other.com`]);
    expect(await emails(`${tag}%bob`)).toEqual([]);
    expect(await emails('%')).toEqual([]);
    expect(await emails('\\')).toEqual([]);
    for (const hostile of ["' or 1=1 --", "x'); drop table users; --", '\u0000\u0007', '*'.repeat(254), '🦊'.repeat(20)]) {
      const res = await get(`/admin/users?q=${encodeURIComponent(hostile)}`);
      expect(res.statusCode, hostile).toBe(200);
    }
    expect((await get(`/admin/users?q=${'a'.repeat(255)}`)).json()).toMatchObject({
      success: false,
      error: 'VALIDATION_ERROR',
      message: 'The search should not exceed 254 characters',
    });
    // Every customer without q, newest first, a page at a time; a page past the end shows the last page.
    const page = (await get('/admin/users?limit=2&page=999')).json().data;
    expect(page.pagination.currentPage).toBe(page.pagination.totalPages);
    // The customer and the three made here; the two administrators are no customers.
    expect(page.pagination.totalItems).toBeGreaterThanOrEqual(4);
    const row = (await get(`/admin/users?q=${encodeURIComponent(customer.email)}`)).json().data.customers[0];
    expect(row).toMatchObject({ id: customer.user.id, email: customer.email, name: 'Test User', role: 'user', isEmailVerified: true, subscriptionPlan: 'free' });
  });

  it('lists administrators apart from the customers and in no count, and names plans in words', async () => {
    const tag = `apart${Date.now()}`;
    const boss = await createUser(t, { role: 'admin', email: `${tag}.boss@stealth.test` });
    const buyer = await createUserAndLogin(t, { email: `${tag}.buyer@stealth.test` });
    await buy(t, buyer.token, 'stealth_month');
    await t.sim.deliver();
    await t.db.update(users).set({ subscriptionStatus: 'cancelled' }).where(eq(users.id, buyer.user.id));
    const found = (await get(`/admin/users?q=${tag}`)).json().data;
    expect(found.customers.map((c: { email: string }) => c.email)).toEqual([buyer.email]);
    expect(found.pagination.totalItems).toBe(1);
    expect(found.admins.map((c: { email: string }) => c.email)).toEqual([boss.email]);
    expect(found.customers[0]).toMatchObject({ subscriptionPlan: 'stealth_month', subscriptionPlanName: 'Stealth Month', subscriptionStatus: 'cancelled' });
    // Without a search: every customer, and not one administrator, in the list and its count.
    const all = (await get('/admin/users?limit=100')).json().data;
    expect(all.customers.filter((c: { role: string }) => c.role === 'admin')).toEqual([]);
    expect(all.admins.map((c: { email: string }) => c.email)).toEqual(expect.arrayContaining([admin.email, otherAdmin.email, boss.email]));
    expect(all.pagination.totalItems).toBe(all.customers.length);
  });

  it("shows the billing details given at checkout on the customer's page", async () => {
    const c = await createUserAndLogin(t);
    const empty = (await get(`/admin/users/${c.user.id}`)).json().data;
    expect(empty.billing).toBeNull();
    await buy(t, c.token, 'stealth_month', 'success', {
      firstName: 'Asha',
      lastName: 'Verma',
      email: 'accounts@acme.example',
      company: 'Acme Labs',
      country: 'IN',
      state: '27',
      gstin: '27AAPFU0939F1ZV',
      address: '4 Marine Drive',
      city: 'Mumbai',
      zipCode: '400001',
    });
    await t.sim.deliver();
    const d = (await get(`/admin/users/${c.user.id}`)).json().data;
    expect(d.billing).toMatchObject({
      name: 'Asha Verma',
      email: 'accounts@acme.example',
      company: 'Acme Labs',
      gstin: '27AAPFU0939F1ZV',
      state: '27 - Maharashtra',
      address: '4 Marine Drive, Mumbai, 400001',
      country: 'India',
      planName: 'Stealth Month',
    });
  });

  it("shows a customer's profile, sessions, subscriptions, payments with their receipt, usage and contact messages", async () => {
    const c = await createUserAndLogin(t);
    await loginAs(t, c.email, c.password, 'desktop');
    await t.call('POST', '/api/v1/usage', { token: c.token, body: { feature: 'stealth-mode', quantity: 2 } });
    await t.db.insert(contactMessages).values({ name: 'Test User', email: c.email, subject: 'Refund please', message: 'Hello' });
    const bought = await buy(t, c.token, 'stealth_month');
    expect((await t.call('POST', '/api/v1/payments/verify', { token: c.token, body: verifyBody(bought.result.response) })).statusCode).toBe(200);

    expect((await get(`/admin/users/${UUID}`)).statusCode).toBe(404);
    expect((await get('/admin/users/not-a-uuid')).statusCode).toBe(400);
    const d = (await get(`/admin/users/${c.user.id}`)).json().data;
    expect(d.user).toMatchObject({ id: c.user.id, email: c.email, isEmailVerified: true, subscriptionPlan: 'stealth_month' });
    expect(d.sessions.map((s: { deviceType: string }) => s.deviceType).sort()).toEqual(['desktop', 'web']);
    expect(d.subscriptions).toEqual([expect.objectContaining({ planCode: 'stealth_month', kind: 'subscription', status: 'active', grantsAccess: true })]);
    expect(d.entitlement).toMatchObject({ entitled: true, plan: 'stealth_month' });
    expect(d.payments).toHaveLength(1);
    expect(d.usage).toMatchObject({ desktopSessions: 1, byFeature: [{ feature: 'stealth-mode', events: 1, quantity: 2 }] });
    expect(d.contactMessages).toEqual([expect.objectContaining({ subject: 'Refund please' })]);

    const receipt = await t.app.inject({ method: 'GET', url: `/api/v1/admin/payments/${d.payments[0]._id}/receipt`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(receipt.rawPayload)).toContain(String(d.payments[0].receiptNumber));
    expect((await get(`/admin/payments/${UUID}/receipt`)).statusCode).toBe(404);
  });

  it('resends the verification mail to an unverified customer only, and logs it', async () => {
    const { user } = await createUser(t, { verified: false });
    const res = await post(`/admin/users/${user.id}/resend-verification`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().data.audit).toMatchObject({ action: 'user.resend_verification', admin: { email: admin.email }, reason: '', target: { id: user.id, email: user.email } });
    // The row itself keeps the customer's id only, not their address (it outlives a deleted account).
    const [logged] = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.id, res.json().data.audit.id));
    expect(JSON.stringify(logged.details)).not.toContain(user.email);
    const mails = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, user.email), eq(outbox.kind, 'verify-email')));
    expect(mails).toHaveLength(1);
    expect(res.json().data.customer.verification.lastLinkSentAt).toEqual(expect.any(String));
    const again = await post(`/admin/users/${customer.user.id}/resend-verification`, { reason: 'asked' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This address is already verified.');
  });

  it('ends every session of a customer: their next call is refused with a message, and the row names the admin and reason', async () => {
    const c = await createUserAndLogin(t);
    const desktop = await loginAs(t, c.email, c.password, 'desktop');
    expect((await post(`/admin/users/${c.user.id}/end-sessions`, {})).json()).toMatchObject({
      error: 'VALIDATION_ERROR',
      message: 'Please give a reason: it is kept in the audit log',
    });
    expect((await post(`/admin/users/${c.user.id}/end-sessions`, { reason: '   ' })).statusCode).toBe(400);
    expect((await get('/auth/me', c.token)).statusCode).toBe(200);

    const res = await post(`/admin/users/${c.user.id}/end-sessions`, { reason: 'Account shared publicly' }, otherAdmin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.customer.sessions).toEqual([]);
    for (const token of [c.token, desktop.token]) {
      const me = await get('/auth/me', token);
      expect(me.statusCode).toBe(401);
      expect(me.json().message).toBe('Your sessions were ended by our support team. Please log in again.');
    }
    expect((await t.call('POST', '/api/v1/auth/refresh', { body: { refreshToken: c.refreshToken } })).statusCode).toBe(401);
    const [row] = await auditRows(c.user.id);
    expect(row).toMatchObject({
      action: 'user.end_sessions',
      adminId: otherAdmin.user.id,
      adminEmail: otherAdmin.email,
      reason: 'Account shared publicly',
      details: { sessionsEnded: 2 },
    });
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, c.user.id), eq(sessions.revokedReason, 'ended_by_admin'))),
    ).toHaveLength(2);
  });

  it('extends a trial from its end (or from now once over), only for a verified address; bad days change nothing', async () => {
    const c = await createUserAndLogin(t);
    const [before] = await t.db.select().from(users).where(eq(users.id, c.user.id));
    for (const days of [0, -1, 1.5, 367, 'abc', '3', true, [3], null]) {
      const res = await post(`/admin/users/${c.user.id}/extend-trial`, { days, reason: 'Support' });
      expect(res.statusCode, String(days)).toBe(400);
    }
    expect((await post(`/admin/users/${c.user.id}/extend-trial`, { days: 3 })).statusCode).toBe(400);
    expect((await t.db.select().from(users).where(eq(users.id, c.user.id)))[0].trialExpires).toEqual(before.trialExpires);

    const res = await post(`/admin/users/${c.user.id}/extend-trial`, { days: 3, reason: 'Evaluating for a team' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Trial extended by 3 days');
    const after = new Date(res.json().data.customer.user.trialExpires).getTime();
    expect(after - before.trialExpires!.getTime()).toBe(3 * DAY);
    expect(res.json().data.audit).toMatchObject({
      action: 'user.extend_trial',
      reason: 'Evaluating for a team',
      details: { days: 3, trialExpiresBefore: before.trialExpires!.toISOString() },
    });
    // The customer's own area reflects it.
    const me = (await get('/auth/me', c.token)).json().data.user;
    expect(me).toMatchObject({ isOnTrial: true, trialExpires: new Date(after).toISOString() });

    // A trial that ended: extended from now.
    await t.db
      .update(users)
      .set({ trialExpires: new Date(Date.now() - 10 * DAY) })
      .where(eq(users.id, c.user.id));
    const later = (await post(`/admin/users/${c.user.id}/extend-trial`, { days: 1, reason: 'One more day' })).json().data.customer.user;
    expect(new Date(later.trialExpires).getTime()).toBeGreaterThan(Date.now() + DAY - 60_000);

    const { user: unverified } = await createUser(t, { verified: false });
    const refused = await post(`/admin/users/${unverified.id}/extend-trial`, { days: 1, reason: 'r' });
    expect(refused.statusCode).toBe(409);
    expect(await auditRows(unverified.id)).toEqual([]);
  });

  it('grants a complimentary period that the customer sees and the desktop program unlocks; a second grant lengthens it', async () => {
    const c = await createUserAndLogin(t);
    await t.db
      .update(users)
      .set({ trialExpires: new Date(Date.now() - DAY) })
      .where(eq(users.id, c.user.id));
    expect((await get('/entitlement', c.token)).json().data.entitlement).toMatchObject({ entitled: false });
    expect((await post(`/admin/users/${c.user.id}/complimentary`, { days: 30, planCode: 'stealth_pro', reason: 'r' })).statusCode).toBe(404);
    expect((await post(`/admin/users/${c.user.id}/complimentary`, { days: 30, planCode: 'nope', reason: 'r' })).json().message).toBe('Please choose one of the recurring plans');

    const res = await post(`/admin/users/${c.user.id}/complimentary`, { days: 30, planCode: 'stealth_month', reason: 'Conference speaker' });
    expect(res.statusCode).toBe(200);
    const end = res.json().data.audit.details.endAfter as string;
    const entitlement = (await get('/entitlement', c.token)).json().data.entitlement;
    expect(entitlement).toMatchObject({ entitled: true, plan: 'stealth_month', status: 'active', validUntil: end, lifetime: false });
    const current = (await get('/subscriptions/current', c.token)).json().data.subscription;
    expect(current).toMatchObject({ kind: 'complimentary', planCode: 'stealth_month', planAmount: 0, status: 'active', currentEnd: end });
    expect((await get('/auth/me', c.token)).json().data.user).toMatchObject({ subscriptionPlan: 'stealth_month', subscriptionStatus: 'stealth_month' });
    // The customer cannot "cancel" it as if it renewed.
    const own = await t.call('PATCH', `/api/v1/subscriptions/${current._id}/cancel`, { token: c.token, body: {} });
    expect(own.json()).toMatchObject({ success: false, code: 'NOT_RECURRING' });

    const more = await post(`/admin/users/${c.user.id}/complimentary`, { days: 5, planCode: 'stealth_month', reason: 'Bug compensation' });
    expect(new Date(more.json().data.audit.details.endAfter).getTime() - new Date(end).getTime()).toBe(5 * DAY);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, c.user.id))).toHaveLength(1);

    // An admin ends it at once: access ends for the customer.
    const cancelled = await post(`/admin/users/${c.user.id}/subscriptions/${current._id}/cancel`, { when: 'now', reason: 'Granted by mistake' });
    expect(cancelled.statusCode).toBe(200);
    expect((await get('/entitlement', c.token)).json().data.entitlement).toMatchObject({ entitled: false });
  });

  it('refuses a complimentary period to a customer whose paid plan gives access', async () => {
    const c = await createUserAndLogin(t);
    const bought = await buy(t, c.token, 'stealth_week');
    await t.call('POST', '/api/v1/payments/verify', { token: c.token, body: verifyBody(bought.result.response) });
    const res = await post(`/admin/users/${c.user.id}/complimentary`, { days: 5, planCode: 'stealth_month', reason: 'r' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('HAS_PAID_PLAN');
  });

  it("cancels at the period end through Razorpay (access stays), or now (access ends, and Razorpay's later webhook does not bring it back)", async () => {
    const c = await createUserAndLogin(t);
    await t.db
      .update(users)
      .set({ trialExpires: new Date(Date.now() - DAY) })
      .where(eq(users.id, c.user.id));
    const bought = await buy(t, c.token, 'stealth_month');
    await t.call('POST', '/api/v1/payments/verify', { token: c.token, body: verifyBody(bought.result.response) });
    await t.sim.deliver();
    const subId = bought.subscription._id as string;
    const url = `/admin/users/${c.user.id}/subscriptions/${subId}/cancel`;
    expect((await post(url, { when: 'later', reason: 'r' })).statusCode).toBe(400);
    expect((await post(url, { when: 'now' })).statusCode).toBe(400);
    // Another customer's id in the address finds nothing.
    expect((await post(`/admin/users/${customer.user.id}/subscriptions/${subId}/cancel`, { when: 'now', reason: 'r' })).statusCode).toBe(404);

    const atEnd = await post(url, { when: 'period_end', reason: 'Customer asked by phone' });
    expect(atEnd.statusCode).toBe(200);
    const sub = atEnd.json().data.customer.subscriptions[0];
    expect(sub).toMatchObject({ cancelAtPeriodEnd: true, status: 'active', grantsAccess: true, cancellationReason: 'Customer asked by phone' });
    expect((await t.app.ctx.payments.fetchSubscription(bought.subscription.razorpaySubscriptionId)).status).toBe('active');
    expect((await get('/subscriptions/current', c.token)).json().data.subscription).toMatchObject({ cancelAtPeriodEnd: true });

    const now = await post(url, { when: 'now', reason: 'Chargeback' });
    expect(now.statusCode).toBe(200);
    expect(now.json().data.customer.subscriptions[0]).toMatchObject({ status: 'cancelled', grantsAccess: false });
    expect((await t.app.ctx.payments.fetchSubscription(bought.subscription.razorpaySubscriptionId)).status).toBe('cancelled');
    await t.sim.deliver();
    expect((await get('/entitlement', c.token)).json().data.entitlement).toMatchObject({ entitled: false });
    expect((await get('/auth/me', c.token)).json().data.user).toMatchObject({ subscriptionPlan: 'free', subscriptionStatus: 'expired' });

    const rows = await auditRows(c.user.id);
    expect(rows.map((r) => [r.action, r.reason, r.details.when]).sort()).toEqual([
      ['subscription.cancel', 'Chargeback', 'now'],
      ['subscription.cancel', 'Customer asked by phone', 'period_end'],
    ]);
    // Both appear on the audit page, newest first, with the admin who acted.
    const log = (await get(`/admin/audit-log?userId=${c.user.id}`)).json().data.entries;
    expect(log.map((e: { reason: string; admin: { email: string } }) => [e.reason, e.admin.email])).toEqual([
      ['Chargeback', admin.email],
      ['Customer asked by phone', admin.email],
    ]);
  });
});
