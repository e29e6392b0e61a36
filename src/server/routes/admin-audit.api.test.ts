import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../db/schema';
import { recordAdminAction } from '../services/admin/audit';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { createUserAndLogin } from '../test/users';

describe(`the admin audit log on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createUserAndLogin>>;
  let customer: Awaited<ReturnType<typeof createUserAndLogin>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUserAndLogin(t, { role: 'admin' });
    customer = await createUserAndLogin(t);
  });
  afterAll(() => t.close());

  it('is closed to visitors and customers', async () => {
    expect((await t.call('GET', '/api/v1/admin/audit-log')).statusCode).toBe(401);
    const res = await t.call('GET', '/api/v1/admin/audit-log', { token: customer.token });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Access denied. Admin privileges required.');
  });

  it('refuses an action that changes access without a reason, and writes nothing', async () => {
    const actor = { id: admin.user.id, email: admin.email };
    await expect(recordAdminAction(t.db, { admin: actor, action: 'user.extend_trial', targetUserId: customer.user.id, reason: '   ' })).rejects.toMatchObject({
      code: 'REASON_REQUIRED',
    });
    await expect(recordAdminAction(t.db, { admin: actor, action: 'payment.refund', targetUserId: customer.user.id, reason: 'x'.repeat(501) })).rejects.toMatchObject({
      code: 'REASON_TOO_LONG',
    });
    expect(await t.db.select().from(adminAuditLog)).toEqual([]);
    // A mail-only action needs no reason.
    await recordAdminAction(t.db, { admin: actor, action: 'user.resend_verification', targetUserId: customer.user.id });
    await t.db.delete(adminAuditLog);
  });

  it('lists rows newest first, a page at a time, with the admin as they were and the customer as they are', async () => {
    const actor = { id: admin.user.id, email: 'old-address@example.com' };
    for (let i = 1; i <= 3; i++) {
      const row = await recordAdminAction(t.db, { admin: actor, action: 'user.extend_trial', targetUserId: customer.user.id, reason: `Reason ${i}`, details: { days: i } });
      await t.db
        .update(adminAuditLog)
        .set({ createdAt: new Date(Date.UTC(2026, 10, i)) })
        .where(eq(adminAuditLog.id, row.id));
    }
    await recordAdminAction(t.db, { admin: actor, action: 'payment.refund', targetUserId: null, reason: 'Deleted account', details: { amountPaise: 100 } });

    const first = (await t.call('GET', '/api/v1/admin/audit-log?limit=2&userId=' + customer.user.id, { token: admin.token })).json().data;
    expect(first.pagination).toEqual({ currentPage: 1, totalPages: 2, totalItems: 3, itemsPerPage: 2 });
    expect(first.entries.map((e: { reason: string }) => e.reason)).toEqual(['Reason 3', 'Reason 2']);
    expect(first.entries[0]).toMatchObject({
      action: 'user.extend_trial',
      admin: { id: admin.user.id, email: 'old-address@example.com' },
      target: { id: customer.user.id, email: customer.email, name: 'Test User' },
      details: { days: 3 },
      createdAt: '2026-11-03T00:00:00.000Z',
    });
    const all = (await t.call('GET', '/api/v1/admin/audit-log', { token: admin.token })).json().data;
    expect(all.entries[0]).toMatchObject({ action: 'payment.refund', target: null });
    const refunds = (await t.call('GET', '/api/v1/admin/audit-log?action=payment.refund', { token: admin.token })).json().data;
    expect(refunds.pagination.totalItems).toBe(1);
    // Bad filters are refused with a message; a bad page is clamped.
    const bad = await t.call('GET', "/api/v1/admin/audit-log?userId=1' or 1=1--", { token: admin.token });
    expect(bad.statusCode).toBe(400);
    expect((await t.call('GET', '/api/v1/admin/audit-log?action=drop', { token: admin.token })).statusCode).toBe(400);
    expect((await t.call('GET', '/api/v1/admin/audit-log?page=999999&limit=abc', { token: admin.token })).json().data.pagination.currentPage).toBe(1);
  });
});
