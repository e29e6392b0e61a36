import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../db/schema';
import { buy, createBillingTestApp, verifyBody, type BillingTestApp } from '../test/billing';
import { createPostAs } from '../test/blog';
import { TEST_DB_KIND } from '../test/harness';
import { createUserAndLogin } from '../test/users';

// Spec (blog): "page starts at 1, clamped to 1..page count". Any `?page=` is answered, never refused: past the end
// (however far) is the last page; zero, negative, fractional below 1, not a number or missing is page 1.
const PAST_END = ['400000000', '99999999999999999999', '1e400', 'Infinity'];
const FIRST = ['0', '-3', '-400000000', 'abc', '', '0.5', '-Infinity', 'NaN', '%00'];

let t: BillingTestApp;
let admin: Awaited<ReturnType<typeof createUserAndLogin>>;
let buyer: Awaited<ReturnType<typeof createUserAndLogin>>;
beforeAll(async () => {
  t = await createBillingTestApp();
  admin = await createUserAndLogin(t, { role: 'admin' });
  buyer = await createUserAndLogin(t);
  for (let i = 1; i <= 4; i++) await createPostAs(t, admin.token, { slug: `clamp-${i}`, status: 'published' });
  for (let i = 1; i <= 3; i++) await t.db.insert(contactMessages).values({ name: `Sender ${i}`, email: `s${i}@example.com`, subject: `Subject ${i}`, message: `Body ${i}` });
  const { result, checkout } = await buy(t, buyer.token, 'stealth_week');
  await t.call('POST', '/api/v1/payments/verify', { token: buyer.token, body: verifyBody(result.response) });
  await t.sim.engine.renew(checkout.subscriptionId);
  await t.sim.deliver();
});
afterAll(() => t.close());

/** Asks every list for each page value; returns [page value, status, pagination, rows on the page]. */
async function ask(url: (page: string) => string, token: string | undefined, rowsOf: (data: any) => unknown[]) {
  const answers = [];
  for (const page of [...PAST_END, ...FIRST]) {
    const res = await t.call('GET', url(encodeURIComponent(page)), { token });
    answers.push({
      page,
      status: res.statusCode,
      pagination: res.statusCode === 200 ? res.json().data.pagination : res.body,
      rows: res.statusCode === 200 ? rowsOf(res.json().data).length : 0,
    });
  }
  return answers;
}

const expectClamped = (answers: Awaited<ReturnType<typeof ask>>, last: { page: number; rows: number }, firstRows: number) => {
  for (const a of answers) {
    const want = PAST_END.includes(a.page) ? last : { page: 1, rows: firstRows };
    expect({ page: a.page, status: a.status, currentPage: a.pagination.currentPage, rows: a.rows }).toEqual({ page: a.page, status: 200, currentPage: want.page, rows: want.rows });
  }
};

describe(`page numbers are clamped to 1..page count on every list, on ${TEST_DB_KIND}`, () => {
  it('the public blog list (7 published, 6 a page)', async () => {
    const answers = await ask(
      (p) => `/api/v1/blog/posts?page=${p}`,
      undefined,
      (d) => d.posts,
    );
    expect(answers[0].pagination).toMatchObject({ currentPage: 2, totalPages: 2, totalItems: 7 });
    expectClamped(answers, { page: 2, rows: 1 }, 6);
  });

  it('the admin post list', async () => {
    const answers = await ask(
      (p) => `/api/v1/admin/blog/posts?limit=5&page=${p}`,
      admin.token,
      (d) => d.posts,
    );
    expect(answers[0].pagination).toMatchObject({ currentPage: 2, totalPages: 2, totalItems: 7 });
    expectClamped(answers, { page: 2, rows: 2 }, 5);
  });

  it('the admin contact inbox', async () => {
    const answers = await ask(
      (p) => `/api/v1/admin/contact-messages?limit=2&page=${p}`,
      admin.token,
      (d) => d.messages,
    );
    expect(answers[0].pagination).toMatchObject({ currentPage: 2, totalPages: 2, totalItems: 3 });
    expectClamped(answers, { page: 2, rows: 1 }, 2);
  });

  it('the payment history', async () => {
    const answers = await ask(
      (p) => `/api/v1/payments?limit=1&page=${p}`,
      buyer.token,
      (d) => d.payments,
    );
    expect(answers[0].pagination).toMatchObject({ currentPage: 2, totalPages: 2, totalItems: 2 });
    expectClamped(answers, { page: 2, rows: 1 }, 1);
  });
});
