import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, sessions } from '../db/schema';
import { CONTACT_LIMIT } from '../services/contact/rate-limits';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { createUser, TEST_PASSWORD } from '../test/users';

// The load balancer sits at 127.0.0.1 (inject's peer address); it appends the address it saw (203.0.113.7) to
// whatever X-Forwarded-For the client wrote.
const PROXY = '127.0.0.1';
const CLIENT = '203.0.113.7';
const forwardedBy = (written: string) => ({ 'x-forwarded-for': `${written}, ${CLIENT}` });

const contactBody = (i: number) => ({ name: 'Asha', email: 'asha@example.com', subject: `Question ${i}`, message: 'Does it hide from screen sharing in every app?' });

async function signIn(t: TestApp, email: string, headers: Record<string, string>, remoteAddress = PROXY) {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress, headers, payload: { email, password: TEST_PASSWORD, deviceType: 'web' } });
  return { status: res.statusCode, userId: res.statusCode === 200 ? (JSON.parse(res.body).data.user.id as string) : '' };
}

async function sessionOf(t: TestApp, userId: string) {
  const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, userId));
  return row;
}

describe(`forwarded addresses behind TRUST_PROXY=${PROXY} on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: PROXY });
  });
  afterAll(() => t.close());

  it('takes the address the proxy added, so a client varying its own X-Forwarded-For still meets the per-IP limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= CONTACT_LIMIT.max; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/contact', remoteAddress: PROXY, headers: forwardedBy(`198.51.100.${i + 1}`), payload: contactBody(i) });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, CONTACT_LIMIT.max)).toEqual(Array(CONTACT_LIMIT.max).fill(201));
    expect(statuses.at(-1)).toBe(429);
    const stored = await t.db.select({ ip: contactMessages.ip }).from(contactMessages);
    expect(stored.map((r) => r.ip)).toEqual(Array(CONTACT_LIMIT.max).fill(CLIENT));
  });

  it('counts an IPv6 client by its /64 network: a new address in the same network meets the same limit', async () => {
    const send = (remoteAddress: string, i: number) => t.app.inject({ method: 'POST', url: '/api/v1/contact', remoteAddress, payload: contactBody(100 + i) });
    const before = (await t.db.select({ id: contactMessages.id }).from(contactMessages)).length;
    const statuses: number[] = [];
    for (let i = 0; i <= CONTACT_LIMIT.max; i++) statuses.push((await send(`2001:db8:7:7:${i.toString(16)}::${i + 1}`, i)).statusCode);
    expect(statuses.slice(0, CONTACT_LIMIT.max)).toEqual(Array(CONTACT_LIMIT.max).fill(201));
    expect(statuses.at(-1)).toBe(429);
    // The refused message was not stored; the next /64 has its own budget, and each message keeps its own address.
    expect((await t.db.select({ id: contactMessages.id }).from(contactMessages)).length).toBe(before + CONTACT_LIMIT.max);
    expect((await send('2001:db8:7:8::1', 99)).statusCode).toBe(201);
    const [last] = await t.db
      .select({ ip: contactMessages.ip })
      .from(contactMessages)
      .where(eq(contactMessages.subject, contactBody(199).subject));
    expect(last.ip).toBe('2001:db8:7:8::1');
  });

  it('stores the proxy-given address on the session, not the one the client wrote', async () => {
    const { email } = await createUser(t);
    const login = await signIn(t, email, forwardedBy('1.2.3.4'));
    expect(login.status).toBe(200);
    expect(await sessionOf(t, login.userId)).toMatchObject({ ip: CLIENT, place: '' });
  });

  it('believes no X-Forwarded-For from a peer that is not the proxy', async () => {
    const { email } = await createUser(t);
    const login = await signIn(t, email, { 'x-forwarded-for': '1.2.3.4' }, '198.51.100.200');
    expect(login.status).toBe(200);
    expect((await sessionOf(t, login.userId)).ip).toBe('198.51.100.200');
  });

  it('reads no location headers without TRUSTED_CDN', async () => {
    const { email } = await createUser(t);
    const login = await signIn(t, email, { ...forwardedBy('1.2.3.4'), 'cf-ipcity': 'Mumbai', 'cf-ipcountry': 'IN', 'x-vercel-ip-city': 'Pune', 'cloudfront-viewer-country': 'US' });
    expect(login.status).toBe(200);
    expect((await sessionOf(t, login.userId)).place).toBe('');
  });
});

describe(`location headers with TRUSTED_CDN on ${TEST_DB_KIND}`, () => {
  let cf: TestApp;
  let vercel: TestApp;
  beforeAll(async () => {
    [cf, vercel] = await Promise.all([createTestApp({ TRUST_PROXY: PROXY, TRUSTED_CDN: 'cloudflare' }), createTestApp({ TRUST_PROXY: PROXY, TRUSTED_CDN: 'vercel' })]);
  });
  afterAll(() => Promise.all([cf.close(), vercel.close()]));

  it("reads the configured CDN's headers only", async () => {
    const headers = { ...forwardedBy('1.2.3.4'), 'cf-ipcity': 'Mumbai', 'cf-ipcountry': 'IN', 'x-vercel-ip-city': 'S%C3%A3o%20Paulo', 'x-vercel-ip-country': 'BR' };
    const a = await createUser(cf);
    const viaCloudflare = await signIn(cf, a.email, headers);
    expect((await sessionOf(cf, viaCloudflare.userId)).place).toBe('Mumbai, IN');
    const b = await createUser(vercel);
    const viaVercel = await signIn(vercel, b.email, headers);
    expect((await sessionOf(vercel, viaVercel.userId)).place).toBe('São Paulo, BR');
  });

  it('signs in (200) when a location header is not valid percent-encoding, keeping the text as sent', async () => {
    const { email } = await createUser(cf);
    const login = await signIn(cf, email, { ...forwardedBy('1.2.3.4'), 'cf-ipcity': '%E0%A4%A', 'cf-ipcountry': 'IN' });
    expect(login.status).toBe(200);
    expect((await sessionOf(cf, login.userId)).place).toBe('%E0%A4%A, IN');
  });
});
