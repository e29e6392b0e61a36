import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_LIMITS } from '../services/auth/rate-limits';
import { CONTACT_LIMIT } from '../services/contact/rate-limits';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { createUser, TEST_PASSWORD } from '../test/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, ip: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress: ip }).then((r) => ({ status: r.statusCode, body: JSON.parse(r.body) }));

const DOTS = `a@${'.'.repeat(64_000)}@`;

/** Every limited route, with a body it refuses and one it accepts; its per-IP limit counts both. */
const ROUTES = [
  { url: '/contact', max: CONTACT_LIMIT.max, bad: { email: DOTS }, good: () => ({ name: 'Asha', email: 'asha@example.com', subject: 'Hi', message: 'Hello' }) },
  { url: '/auth/login', max: AUTH_LIMITS.loginIp.max, bad: { email: DOTS, password: 'x' }, good: async () => ({ email: (await createUser(t)).email, password: TEST_PASSWORD }) },
  {
    url: '/auth/register',
    max: AUTH_LIMITS.registerIp.max,
    bad: { email: DOTS },
    good: () => ({ firstName: 'Asha', lastName: 'Rao', email: `new.${Date.now()}@example.com`, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD }),
  },
  { url: '/auth/forgot-password', max: AUTH_LIMITS.forgotIp.max, bad: { email: DOTS }, good: () => ({ email: 'asha@example.com' }) },
  { url: '/auth/resend-verification', max: AUTH_LIMITS.resendIp.max, bad: { email: DOTS }, good: () => ({ email: 'asha@example.com' }) },
  {
    url: '/auth/reset-password',
    max: AUTH_LIMITS.resetIp.max,
    bad: { token: '', password: 'x'.repeat(100_000) },
    good: () => ({ token: 'not-a-real-token', password: 'N3w!Passw0rd' }),
  },
];

describe(`hostile bodies on the limited routes (${TEST_DB_KIND})`, () => {
  it.each(ROUTES.map((r, i) => [r.url, r, i] as const))('%s: refused bodies count against the address, then a valid one gets 429', async (_, route, i) => {
    const ip = `198.18.${i}.1`;
    for (let n = 0; n < route.max; n++) expect((await post(route.url, route.bad, ip)).status).toBe(400);
    const blocked = await post(route.url, await route.good(), ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ success: false, error: 'TOO_MANY_REQUESTS' });
    // Another address is not affected.
    expect((await post(route.url, await route.good(), `198.18.${i}.2`)).status).not.toBe(429);
  });

  it('an address of 64 000 dots is refused at once on every route while the health check answers', async () => {
    const started = performance.now();
    const answers = await Promise.all([...ROUTES.map((r, i) => post(r.url, r.bad, `198.18.100.${i + 1}`)), t.app.inject({ method: 'GET', url: '/api/v1/health' })]);
    const health = answers.at(-1) as { statusCode: number };
    expect(answers.slice(0, -1).map((a) => ('status' in a ? a.status : 0))).toEqual(ROUTES.map(() => 400));
    expect(health.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
