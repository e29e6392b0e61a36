import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { createUser } from '../test/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Attempt = { email: string; password: string; ip: string; deviceType?: 'web' | 'desktop'; deviceToken?: string };
const login = async ({ ip, ...body }: Attempt) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: body, remoteAddress: ip });
  return { status: res.statusCode, body: JSON.parse(res.body) };
};

let net = 0;
/** A fresh /24 for each test, so that per-IP counts of one test do not reach another. */
const subnet = () => `10.${40 + ++net}.0`;

describe(`sign-in lockout (decision 061) on ${TEST_DB_KIND}`, () => {
  it('strangers guessing from many addresses cannot keep the owner out of a browser or desktop program that signed in before', async () => {
    const owner = await createUser(t);
    const net = subnet();
    // The owner signs in once on the web and once in the desktop program (JSON only, no cookies): each keeps its token.
    const web = await login({ email: owner.email, password: owner.password, ip: `${net}.1` });
    const desktop = await login({ email: owner.email, password: owner.password, ip: `${net}.2`, deviceType: 'desktop' });
    expect([web.status, desktop.status]).toEqual([200, 200]);
    expect(typeof web.body.data.deviceToken).toBe('string');
    expect(typeof desktop.body.data.deviceToken).toBe('string');

    const attacker: number[] = [];
    for (let i = 0; i < 20; i++) attacker.push((await login({ email: owner.email, password: `Wrong!pass${i}`, ip: `${subnet()}.9` })).status);
    expect(attacker.slice(0, 8)).toEqual(Array(8).fill(401));
    expect(attacker.slice(8)).toEqual(Array(12).fill(429));

    const again = await login({ email: owner.email, password: owner.password, ip: `${net}.1`, deviceToken: web.body.data.deviceToken });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ success: true, message: 'Login successful! Redirecting...' });
    const fromDesktop = await login({ email: owner.email, password: owner.password, ip: `${net}.2`, deviceType: 'desktop', deviceToken: desktop.body.data.deviceToken });
    expect(fromDesktop.status).toBe(200);
    // A typo on the owner's own device is still just a wrong password.
    expect((await login({ email: owner.email, password: 'Typo!pass1', ip: `${net}.1`, deviceToken: again.body.data.deviceToken })).status).toBe(401);
    expect((await login({ email: owner.email, password: owner.password, ip: `${net}.1`, deviceToken: again.body.data.deviceToken })).status).toBe(200);

    // A client that never signed in to the account shares the locked bound, even with the right password.
    const stranger = await login({ email: owner.email, password: owner.password, ip: `${net}.3` });
    expect(stranger.status).toBe(429);
    expect(stranger.body).toMatchObject({ success: false, error: 'TOO_MANY_REQUESTS' });
  });

  it("a token of another account, a forged or a garbled one counts as no token", async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const net = subnet();
    const otherToken = (await login({ email: other.email, password: other.password, ip: `${net}.1` })).body.data.deviceToken as string;
    const [header, payload] = otherToken.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: owner.user.id })).toString('base64url')}.${otherToken.split('.')[2]}`;
    for (let i = 0; i < 8; i++) expect((await login({ email: owner.email, password: `Wrong!pass${i}`, ip: `${subnet()}.9` })).status).toBe(401);
    for (const deviceToken of [otherToken, forged, 'garbage', 'x'.repeat(1024)]) {
      expect((await login({ email: owner.email, password: owner.password, ip: `${net}.2`, deviceToken })).status, deviceToken.slice(0, 20)).toBe(429);
    }
    expect((await login({ email: owner.email, password: owner.password, ip: `${net}.2`, deviceToken: 'x'.repeat(1025) })).status).toBe(400);
  });

  it('guessing stays bounded: from one address, from many addresses, and with a device token', async () => {
    // From one address: the account's bound (8), and the address's own bound across accounts (30, auth-attacks).
    const a = await createUser(t);
    const one = `${subnet()}.1`;
    const fromOne: number[] = [];
    for (let i = 0; i < 10; i++) fromOne.push((await login({ email: a.email, password: `Wrong!pass${i}`, ip: one })).status);
    expect(fromOne).toEqual([...Array(8).fill(401), 429, 429]);

    // From many addresses: the same bound of 8 per window for every client without a token.
    const b = await createUser(t);
    const fromMany: number[] = [];
    for (let i = 0; i < 10; i++) fromMany.push((await login({ email: b.email, password: `Wrong!pass${i}`, ip: `${subnet()}.1` })).status);
    expect(fromMany).toEqual([...Array(8).fill(401), 429, 429]);

    // With a device token (stolen, say): 8 guesses for that token, then it is refused too, right password or not.
    const c = await createUser(t);
    const net = subnet();
    const token = (await login({ email: c.email, password: c.password, ip: `${net}.1` })).body.data.deviceToken as string;
    const withToken: number[] = [];
    for (let i = 0; i < 10; i++) withToken.push((await login({ email: c.email, password: `Wrong!pass${i}`, ip: `${subnet()}.1`, deviceToken: token })).status);
    expect(withToken).toEqual([...Array(8).fill(401), 429, 429]);
    expect((await login({ email: c.email, password: c.password, ip: `${net}.1`, deviceToken: token })).status).toBe(429);
    // ...which neither locks the account for other clients nor gives more guesses there.
    expect((await login({ email: c.email, password: c.password, ip: `${net}.2` })).status).toBe(200);
  });
});
