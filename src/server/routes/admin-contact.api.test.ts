import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../db/schema';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { createUserAndLogin } from '../test/users';

describe(`admin contact inbox on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createUserAndLogin>>;
  let user: Awaited<ReturnType<typeof createUserAndLogin>>;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUserAndLogin(t, { role: 'admin' });
    user = await createUserAndLogin(t);
    for (let i = 1; i <= 3; i++) {
      const [row] = await t.db
        .insert(contactMessages)
        .values({ name: `Sender ${i}`, email: `s${i}@example.com`, subject: `Subject ${i}`, message: `Body ${i}`, createdAt: new Date(Date.UTC(2025, 7, i)) })
        .returning();
      ids.push(row.id);
    }
  });
  afterAll(() => t.close());

  it('is closed to visitors and to users who are not admins', async () => {
    expect((await t.call('GET', '/api/v1/admin/contact-messages')).statusCode).toBe(401);
    const res = await t.call('GET', '/api/v1/admin/contact-messages', { token: user.token });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Access denied. Admin privileges required.');
    expect((await t.call('PATCH', `/api/v1/admin/contact-messages/${ids[0]}`, { token: user.token, body: { handled: true } })).statusCode).toBe(403);
  });

  it('lists open messages newest first, a page at a time', async () => {
    const first = (await t.call('GET', '/api/v1/admin/contact-messages?limit=2', { token: admin.token })).json().data;
    expect(first.messages.map((m: { subject: string }) => m.subject)).toEqual(['Subject 3', 'Subject 2']);
    expect(first.pagination).toEqual({ currentPage: 1, totalPages: 2, totalItems: 3, itemsPerPage: 2 });
    expect(first.counts).toEqual({ open: 3, handled: 0 });
    expect(first.messages[0]).toMatchObject({
      name: 'Sender 3',
      email: 's3@example.com',
      message: 'Body 3',
      createdAt: '2025-08-03T00:00:00.000Z',
      handledAt: null,
      handledBy: null,
    });

    const second = (await t.call('GET', '/api/v1/admin/contact-messages?limit=2&page=2', { token: admin.token })).json().data;
    expect(second.messages.map((m: { subject: string }) => m.subject)).toEqual(['Subject 1']);
    // a page past the end shows the last page
    const past = (await t.call('GET', '/api/v1/admin/contact-messages?limit=2&page=9', { token: admin.token })).json().data;
    expect(past.pagination.currentPage).toBe(2);
  });

  it('marks a message handled by the admin, keeps the first handling, and can reopen it', async () => {
    const res = await t.call('PATCH', `/api/v1/admin/contact-messages/${ids[1]}`, { token: admin.token, body: { handled: true } });
    expect(res.statusCode).toBe(200);
    const handled = res.json().data.message;
    expect(handled.handledAt).toEqual(expect.any(String));
    expect(handled.handledBy).toEqual({ id: admin.user.id, email: admin.email });

    const again = (await t.call('PATCH', `/api/v1/admin/contact-messages/${ids[1]}`, { token: admin.token, body: { handled: true } })).json().data.message;
    expect(again.handledAt).toBe(handled.handledAt);

    const open = (await t.call('GET', '/api/v1/admin/contact-messages', { token: admin.token })).json().data;
    expect(open.messages.map((m: { id: string }) => m.id)).toEqual([ids[2], ids[0]]);
    expect(open.counts).toEqual({ open: 2, handled: 1 });
    const done = (await t.call('GET', '/api/v1/admin/contact-messages?status=handled', { token: admin.token })).json().data;
    expect(done.messages.map((m: { id: string }) => m.id)).toEqual([ids[1]]);
    const all = (await t.call('GET', '/api/v1/admin/contact-messages?status=all', { token: admin.token })).json().data;
    expect(all.pagination.totalItems).toBe(3);

    const reopened = (await t.call('PATCH', `/api/v1/admin/contact-messages/${ids[1]}`, { token: admin.token, body: { handled: false } })).json().data.message;
    expect(reopened).toMatchObject({ handledAt: null, handledBy: null });
  });

  it('answers 404 for an unknown message and 400 for a malformed id or body', async () => {
    const missing = await t.call('PATCH', '/api/v1/admin/contact-messages/00000000-0000-4000-8000-000000000000', { token: admin.token, body: { handled: true } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Message not found');
    expect((await t.call('PATCH', '/api/v1/admin/contact-messages/nope', { token: admin.token, body: { handled: true } })).statusCode).toBe(400);
    expect((await t.call('PATCH', `/api/v1/admin/contact-messages/${ids[0]}`, { token: admin.token, body: {} })).statusCode).toBe(400);
  });
});
